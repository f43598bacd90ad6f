import { Command } from "commander"
import { addCommands } from "./commands/index.js"
import { exitCodeTable } from "./exit-codes.js"
import { usageError } from "./output.js"

declare const __INSPIRE_VERSION__: string | undefined

/** The version the bundle was built with. */
export const VERSION = typeof __INSPIRE_VERSION__ === "string" ? __INSPIRE_VERSION__ : "0.0.0-dev"

/**
 * The whole command tree of `inspire`. Commander's own error messages go to `onError` (main prints
 * them with a hint); by default they are written to stderr as they are.
 */
export const buildProgram = (onError: (text: string) => void = (text) => process.stderr.write(text)): Command => {
  const program = new Command("inspire")
    .description("inspire: the command line for the SII Inspire GPU/HPC platform (qz.sii.edu.cn)")
    .version(VERSION, "-V, --version")
    .exitOverride()
    .showSuggestionAfterError(true)
    .helpCommand(false)
    .configureOutput({ outputError: (text) => onError(text) })
  addCommands(program)
  program
    .command("help")
    .description("Show help for a command, or `inspire help exit-codes`")
    .argument("[topic...]")
    .action((topic: ReadonlyArray<string>) => {
      if (topic.join(" ") === "exit-codes") return void process.stdout.write(`${exitCodeTable()}\n`)
      let target: Command = program
      for (const name of topic) {
        const next = target.commands.find((c) => c.name() === name)
        if (next === undefined)
          throw usageError(
            `unknown help topic "${name}"`,
            `Topics here: ${[...(target === program ? ["exit-codes"] : []), ...target.commands.map((c) => c.name())].join(", ")}.`,
          )
        target = next
      }
      target.outputHelp()
    })
  program.addHelpText("after", "\nExit codes: inspire help exit-codes. Debug output: INSPIRE_DEBUG=1.")
  return program
}
