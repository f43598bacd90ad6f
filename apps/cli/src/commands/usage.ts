import { type Invocation, type UsageResult, usageOperation } from "@holos-inspire/core"
import { writeDownload } from "@holos-inspire/core/internal"
import { Option } from "commander"
import type { CommandOptions } from "../command.js"
import type { ExitCode } from "../exit-codes.js"
import { printResult, usageError } from "../output.js"
import { withClient } from "../run.js"
import { type UsageBy, usageSvg } from "../usage-plot.js"
import { type Extension, extend } from "./catalogue.js"

// usage --plot FILE.svg: the result as usual, then the chart, written whole or not at all by the rule of every
// file core writes: in this directory or the downloads folder, never through a link, never over a file
// without --overwrite.
const afterUsage = async (run: Invocation<UsageResult>, options: CommandOptions): Promise<ExitCode | undefined> => {
  printResult(options.json === true, run.result, run.text)
  if (typeof options.plot !== "string") return undefined
  const by: UsageBy = options.by === "project" ? "project" : "user"
  const written = await withClient(options, (client) =>
    client.run(
      writeDownload(
        {
          path: options.plot as string,
          field: "--plot",
          defaultName: `usage-${by}.svg`,
          overwrite: options.overwrite === true,
          content: usageSvg(run.result, by),
        },
        { progress: () => undefined, workingDir: process.cwd() },
      ),
    ),
  )
  if (options.json !== true) process.stderr.write(`Chart written to ${written.path}\n`)
  return undefined
}

/** What `inspire usage` adds: a stacked bar chart of the GPUs held, by user or by project. */
export const usageExtensions: ReadonlyArray<Extension> = [
  extend(usageOperation, {
    extra: (c) =>
      c
        .option(
          "--plot <file.svg>",
          "also write the GPUs held as a stacked bar chart to this file (here or in the downloads folder)",
        )
        .addOption(
          new Option("--by <what>", "bars of the chart: one per user (stacked by project) or per project")
            .choices(["user", "project"])
            .default("user"),
        )
        .option("--overwrite", "replace an existing chart file (default: refuse)"),
    check: (options) => {
      if (typeof options.plot !== "string" && options.overwrite === true)
        throw usageError("--overwrite applies to the --plot file.", "Pass --plot FILE.svg, or drop --overwrite.")
    },
    after: afterUsage,
  }),
]
