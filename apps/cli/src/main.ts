import { CommanderError } from "commander"
import { EXIT } from "./exit-codes.js"
import { printError } from "./output.js"
import { buildProgram } from "./program.js"

/** Runs `inspire` with the given arguments and returns the exit code. */
export const main = async (argv: ReadonlyArray<string>): Promise<number> => {
  const json = argv.includes("--json")
  try {
    await buildProgram(json).parseAsync([...argv], { from: "user" })
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.ok
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "inspire.help") process.stderr.write(`error: ${e.message}\n`)
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage
    }
    return printError(e, json)
  }
}
