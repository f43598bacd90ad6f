import { type Invocation, type UsageResult, usageOperation, type Worded } from "@holos-inspire/core"
import { writeDownload } from "@holos-inspire/core/internal"
import { Option } from "commander"
import type { CommandOptions } from "../command.js"
import type { ExitCode } from "../exit-codes.js"
import { msg } from "../language.js"
import { printResult, usageError } from "../output.js"
import { withClient } from "../run.js"
import { checkPlotName } from "../svg.js"
import { type UsageBy, usageSvg } from "../usage-plot.js"
import { type Extension, extend } from "./catalogue.js"

// usage --plot FILE.svg: the chart, written whole or not at all by the rule of every file core writes (in
// this directory or the downloads folder, never through a link, never over a file without --overwrite),
// then the result as usual: a chart that cannot be written is the call's one error, with nothing printed
// before it.
const afterUsage = async (
  run: Worded<Invocation<UsageResult>>,
  options: CommandOptions,
): Promise<ExitCode | undefined> => {
  if (typeof options.plot !== "string") {
    printResult(options.json === true, run.result, run.text)
    return undefined
  }
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
  printResult(options.json === true, run.result, run.text)
  if (options.json !== true) process.stderr.write(`${msg("cli-chart-written", { path: written.path })}\n`)
  return undefined
}

/** What `inspire usage` adds: a stacked bar chart of the GPUs held, by user or by project. */
export const usageExtensions: ReadonlyArray<Extension> = [
  extend(usageOperation, {
    extra: (c) =>
      c
        .option("--plot <file.svg>", msg("cli-help-usage-plot"))
        .addOption(new Option("--by <what>", msg("cli-help-usage-by")).choices(["user", "project"]).default("user"))
        .option("--overwrite", msg("cli-help-usage-overwrite")),
    check: (options) => {
      checkPlotName(options.plot)
      if (typeof options.plot !== "string" && options.overwrite === true)
        throw usageError(msg("cli-usage-overwrite-without-plot"), msg("cli-usage-overwrite-without-plot-hint"))
    },
    after: afterUsage,
  }),
]
