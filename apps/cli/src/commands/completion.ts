import { Argument, type Command } from "commander"
import { complete } from "../completion/candidates.js"
import { keptNames } from "../completion/names.js"
import { COMPLETE_COMMAND, completionScript } from "../completion/scripts.js"
import { specOf } from "../completion/spec.js"
import { msg } from "../language.js"
import { usageError } from "../output.js"

/**
 * `inspire completion bash|zsh|fish`: a script that asks `inspire __complete` for the candidates, and
 * the hidden `__complete` itself. The installed binary answers `__complete` from the spec the build
 * wrote, without this bundle (launch.ts); this command is what answers when there is no such file.
 */
export const addCompletionCommand = (program: Command): void => {
  program
    .command("completion")
    .description(msg("cli-help-completion"))
    .addArgument(new Argument("<shell>", "bash, zsh or fish").choices(["bash", "zsh", "fish"]))
    .action((shell: string) => {
      const script = completionScript(shell)
      if (script === undefined)
        throw usageError(msg("cli-completion-no-shell", { shell }), msg("cli-completion-no-shell-hint"))
      process.stdout.write(`${script}\n`)
    })
  // Its words are whatever the user typed, flags included: read from the raw arguments, not parsed.
  const hidden = program
    .command(COMPLETE_COMMAND, { hidden: true })
    .argument("[words...]")
    .allowUnknownOption()
    .allowExcessArguments()
    .helpOption(false)
    .action(() => {
      // commander keeps the arguments it was given as `rawArgs`, which its typings leave out.
      const raw = (program as unknown as { readonly rawArgs: ReadonlyArray<string> }).rawArgs
      const words = raw.slice(raw.indexOf(COMPLETE_COMMAND) + 1)
      const found = complete(specOf(program), words, keptNames(process.env))
      process.stdout.write(found.map((c) => `${c}\n`).join(""))
    })
  hidden.configureOutput({ outputError: () => undefined })
}
