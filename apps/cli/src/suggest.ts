import type { Command } from "commander"
import { pathOf } from "./command.js"
import { msg } from "./language.js"

// What an unknown command or verb may have meant, read from the command tree: a command of that name in
// another group (`inspire logs` → `inspire job logs`, `inspire serve logs` → `inspire job logs`), else a
// command of the same group whose description names the word (`notebook ssh` → `notebook shell`, whose
// help says it is the ssh of a notebook). Commander's own edit-distance guess comes after these.

const walk = (command: Command, out: Command[] = []): Command[] => {
  for (const c of command.commands) {
    out.push(c)
    walk(c, out)
  }
  return out
}

const named = (c: Command, word: string): boolean => c.name() === word || c.aliases().includes(word)

const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The commands `word` may have meant under `parent`: of that name elsewhere, and of the group by description. */
const meantCommands = (
  program: Command,
  parent: Command,
  word: string,
): { readonly elsewhere: ReadonlyArray<string>; readonly described: ReadonlyArray<string> } => {
  const elsewhere = walk(program).filter((c) => c.parent !== parent && named(c, word))
  const said = new RegExp(`(^|[^\\p{L}\\p{N}_-])${literally(word)}($|[^\\p{L}\\p{N}_-])`, "iu")
  const described = word.length < 3 ? [] : parent.commands.filter((c) => said.test(c.description()))
  return { elsewhere: elsewhere.map(pathOf), described: described.map(pathOf) }
}

const meantLine = (commands: ReadonlyArray<string>): string =>
  msg("cli-suggest-meant", { commands: commands.join(", "), count: commands.length })

/**
 * The hint for an unknown command or verb: the commands it may have meant and, in a group, what the
 * group has and where a command of that name is; undefined when the tree knows nothing better than
 * commander's guess.
 */
export const meantHint = (program: Command, parent: Command, word: string): string | undefined => {
  const { elsewhere, described } = meantCommands(program, parent, word)
  if (parent === program) {
    const meant = elsewhere.length > 0 ? elsewhere : described
    return meant.length > 0 ? meantLine(meant) : undefined
  }
  if (elsewhere.length === 0 && described.length === 0) return undefined
  return [
    msg("cli-suggest-group-lacks", {
      group: pathOf(parent),
      word,
      has: parent.commands.map((c) => c.name()).join(", "),
    }),
    ...(described.length > 0 ? [meantLine(described)] : []),
    ...(elsewhere.length > 0
      ? [msg("cli-suggest-elsewhere", { commands: elsewhere.join(", "), count: elsewhere.length })]
      : []),
  ].join(" ")
}
