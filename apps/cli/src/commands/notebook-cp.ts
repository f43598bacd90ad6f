import { notebookFilesOperation } from "@holos-inspire/core"
import type { Command } from "commander"
import { type CommandOptions, withGlobals } from "../command.js"
import { msg } from "../language.js"
import { CliError, printResult, usageError } from "../output.js"
import { runOperation } from "../run.js"

// `inspire notebook cp SRC DST`: one side is `<notebook>:<path>` (the notebook by name, id or id prefix;
// the path relative to its Jupyter root folder), the other a local path. The copy itself is core's
// notebook_files upload or download (also `inspire notebook upload | download`); this command only reads
// the `nb:path` syntax, which names the direction, and says --force where core says overwrite (and
// --no-parents where it says parents: false: missing folders in the notebook are made unless told not to).

interface RemoteSpec {
  readonly notebook: string
  readonly path: string
}

/** `nb:/path`, `nb:path` or `nb:` (the root); a local path containing `:` is written `./a:b`. */
const remoteOf = (arg: string): RemoteSpec | undefined => {
  const m = /^([^/\\:]+):(.*)$/.exec(arg)
  return m === null ? undefined : { notebook: m[1] ?? "", path: m[2] ?? "" }
}

// Core refuses a copy onto existing files as a Conflict that lists them; here they are replaced with --force.
const withForceHint = (e: unknown): never => {
  if (e instanceof CliError && e.detail?.reason === "Conflict" && e.detail.candidates !== undefined)
    throw new CliError(e.message, e.code, msg("cli-cp-exists-hint"), e.detail)
  throw e
}

type CpOptions = CommandOptions & { force?: boolean; parents?: boolean; dryRun?: boolean; workspace?: string }

/** `inspire notebook cp <src> <dst>`: files and folders between this machine and a running notebook. */
export const addNotebookCp = (group: Command): void => {
  withGlobals(
    group
      .command("cp")
      .description(msg("cli-help-cp"))
      .argument("<source>", msg("cli-help-cp-source"))
      .argument("<destination>", msg("cli-help-cp-destination"))
      .option("--force", msg("cli-help-cp-force"))
      .option("--no-parents", msg("cli-help-cp-no-parents"))
      .option("--dry-run", msg("cli-help-option-dry-run"))
      .option("--workspace <name>", msg("cli-help-notebook-workspace"))
      .addHelpText(
        "after",
        `\n${msg("cli-help-cp-paths")}\n${msg("cli-help-cp-size")}\n${msg("cli-help-cp-local")}\n\n${msg("cli-help-examples")}\n  inspire notebook cp ./data.bin my-nb:work/data.bin\n  inspire notebook cp my-nb:work/results ./results`,
      ),
  ).action(async (src: string, dst: string, options: CpOptions) => {
    const from = remoteOf(src)
    const to = remoteOf(dst)
    if ((from === undefined) === (to === undefined))
      throw usageError(
        from === undefined ? msg("cli-cp-no-notebook") : msg("cli-cp-two-notebooks"),
        msg("cli-cp-notebook-side-hint"),
      )
    const common = {
      overwrite: options.force === true,
      ...(options.dryRun === true ? { dry_run: true } : {}),
      ...(options.workspace !== undefined ? { workspace: options.workspace } : {}),
    }
    const input =
      to !== undefined
        ? {
            action: "upload",
            notebook: to.notebook,
            local: src,
            path: to.path,
            ...(options.parents === false ? { parents: false } : {}),
            ...common,
          }
        : { action: "download", notebook: from?.notebook ?? "", path: from?.path ?? "", local: dst, ...common }
    const run = await runOperation(options, notebookFilesOperation, input).catch(withForceHint)
    printResult(options.json === true, run.result, run.text)
  })
}
