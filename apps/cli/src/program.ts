import { Command, Help } from "commander"
import { materialize, materializeTree } from "./command.js"
import { addCommands } from "./commands/index.js"
import { exitCodeList, exitCodeTable } from "./exit-codes.js"
import { displayWidthHelp, withGlobalOptions, wrappedHelpText } from "./help.js"
import { msg } from "./language.js"
import { printResult, usageError } from "./output.js"

declare const __INSPIRE_VERSION__: string | undefined

/** The version the bundle was built with. */
const VERSION = typeof __INSPIRE_VERSION__ === "string" ? __INSPIRE_VERSION__ : "0.0.0-dev"

// Help for any command (commander's --help, `inspire help`, a group named alone) lists the flags of
// the command and whether each subcommand has any: both are completed first. Inherited by every
// command made with .command(), so it is set before the tree is built. The program's help lists the
// flags every command takes too, and all help wraps by display width (help.ts).
const completingHelp = {
  ...displayWidthHelp,
  visibleOptions(this: Help, command: Command) {
    return withGlobalOptions(command, Help.prototype.visibleOptions.call(this, materialize(command)))
  },
  visibleCommands(this: Help, command: Command) {
    for (const c of command.commands) materialize(c)
    return Help.prototype.visibleCommands.call(this, command)
  },
}

/**
 * The whole command tree of `inspire`. Commander's own error messages go to `onError` (main prints
 * them with a hint); by default they are written to stderr as they are. With `lazy`, each command
 * gets its generated flags only when it is dispatched to or its help is shown (what a single call
 * needs); otherwise the tree is complete when returned.
 */
export const buildProgram = (
  onError: (text: string) => void = (text) => process.stderr.write(text),
  { lazy = false }: { readonly lazy?: boolean } = {},
): Command => {
  // The program's own flags (`--version`, `--help`) are read only before the command: after it, every
  // flag is the command's, so `notebook save-image nb --version v2` is save-image's --version, never
  // the CLI's. Set before the tree is built: every command made with .command() inherits it. The flags
  // every command takes are the command's own (withGlobals); main.ts moves those given first behind it.
  const program = new Command("inspire")
    .enablePositionalOptions()
    .description(msg("cli-help-program"))
    .version(VERSION, "-V, --version")
    .exitOverride()
    .showSuggestionAfterError(true)
    .helpCommand(false)
    .configureOutput({ outputError: (text) => onError(text) })
    .configureHelp(completingHelp)
  addCommands(program)
  // Groups answer `help` through the program's help command (main.ts rewrites `job help` to `help job`),
  // and each command with subcommands completes the one it dispatches to.
  const groups = (c: Command): Command[] => c.commands.flatMap((s) => (s.commands.length > 0 ? [s, ...groups(s)] : []))
  for (const parent of [program, ...groups(program)])
    parent.helpCommand(false).hook("preSubcommand", (_parent, sub) => {
      materialize(sub)
    })
  program
    .command("help")
    .description(msg("cli-help-help-command"))
    .argument("[topic...]")
    .option("--json", msg("cli-help-help-json"))
    .option("--jq <expression>", msg("cli-json-help-jq"))
    .action((topic: ReadonlyArray<string>, options: { json?: boolean }) => {
      if (topic.join(" ") === "exit-codes")
        return void printResult(options.json === true, { exitCodes: exitCodeList() }, exitCodeTable())
      let target: Command = program
      for (const name of topic) {
        const next = target.commands.find((c) => c.name() === name)
        if (next === undefined)
          throw usageError(
            msg("cli-usage-help-topic", { topic: name }),
            msg("cli-usage-help-topics", {
              topics: [...(target === program ? ["exit-codes"] : []), ...target.commands.map((c) => c.name())].join(
                ", ",
              ),
            }),
          )
        target = next
      }
      if (options.json === true)
        printResult(true, { command: ["inspire", ...topic].join(" "), help: target.helpInformation() }, "")
      else target.outputHelp()
    })
  program.addHelpText("after", wrappedHelpText(`\n${msg("cli-help-after")}`))
  return lazy ? program : materializeTree(program)
}
