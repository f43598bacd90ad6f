// The answer to `inspire __complete <words…>`: what may come in place of the last word, given the
// words before it. Only data goes in (the spec and a reader of kept names): no network, no files
// written, nothing of the bundle loaded, so the shell gets its answer in about a Node start-up.
import { type ArgSpec, type CommandSpec, type FlagSpec, GLOBAL_FLAGS, type NameKind, type ValueSpec } from "./model.js"

/** What the command line says so far that narrows names: the profile and workspace it gives. */
export interface NameContext {
  readonly profile?: string
  readonly workspace?: string
}

/** Reads the names of one kind kept on disk (the shell would wait for anything slower). */
export type NameReader = (kind: NameKind, context: NameContext) => ReadonlyArray<string>

const flagIn = (flags: ReadonlyArray<FlagSpec>, name: string): FlagSpec | undefined =>
  flags.find((f) => f.names.includes(name))

const isFlag = (word: string): boolean => word.length > 1 && word.startsWith("-")

// bash splits `--status=ru` at the `=` (COMP_WORDBREAKS): `--status`, `=`, `ru`. Put such words back together.
const joinEquals = (words: ReadonlyArray<string>): string[] => {
  const out: string[] = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? ""
    const prev = out.at(-1)
    if (w === "=" && prev !== undefined && prev.startsWith("--") && !prev.includes("=")) {
      out[out.length - 1] = `${prev}=${words[i + 1] ?? ""}`
      i++
    } else out.push(w)
  }
  return out
}

interface Position {
  readonly command: CommandSpec
  readonly operands: ReadonlyArray<string>
  readonly given: ReadonlyMap<string, string>
  readonly afterDashDash: boolean
}

// Follows the complete words: subcommands go down the tree, flags (with their values) and operands are noted.
const locate = (root: CommandSpec, words: ReadonlyArray<string>): Position => {
  let command = root
  const operands: string[] = []
  const given = new Map<string, string>()
  let afterDashDash = false
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? ""
    if (afterDashDash || !isFlag(w)) {
      const sub =
        afterDashDash || operands.length > 0
          ? undefined
          : command.commands.find((c) => c.name === w || c.aliases.includes(w))
      if (sub !== undefined) command = sub
      else operands.push(w)
      continue
    }
    if (w === "--") {
      afterDashDash = true
      continue
    }
    const eq = w.indexOf("=")
    const name = eq > 0 ? w.slice(0, eq) : w
    if (eq > 0) given.set(name, w.slice(eq + 1))
    else if (flagIn([...command.flags, ...GLOBAL_FLAGS], name)?.takesValue === true) given.set(name, words[++i] ?? "")
  }
  return { command, operands, given, afterDashDash }
}

const valuesOf = (
  values: ValueSpec | undefined,
  at: Position,
  root: CommandSpec,
  names: NameReader,
): ReadonlyArray<string> => {
  if (values === undefined) return []
  if (values.choices !== undefined) return values.choices
  if (values.commands === true) {
    // `inspire help job <TAB>`: the subcommands of the command the topic words name so far.
    let topic: CommandSpec | undefined = root
    for (const w of at.operands) topic = topic?.commands.find((c) => c.name === w)
    return [...(topic?.commands.map((c) => c.name) ?? []), ...(topic === root ? ["exit-codes"] : [])]
  }
  if (values.names === undefined) return []
  const profile = at.given.get("--profile")
  const workspace = at.given.get("--workspace")
  return names(values.names, {
    ...(profile !== undefined ? { profile } : {}),
    ...(workspace !== undefined ? { workspace } : {}),
  })
}

const flagNames = (at: Position, root: CommandSpec): ReadonlyArray<string> => {
  const own = at.command.flags.flatMap((f) => f.names.filter((n) => n.startsWith("--")))
  const globals = at.command === root ? GLOBAL_FLAGS.flatMap((f) => f.names) : []
  return [...new Set([...own, ...globals])]
}

const argAt = (args: ReadonlyArray<ArgSpec>, index: number): ArgSpec | undefined => {
  const last = args.at(-1)
  return index < args.length ? args[index] : last?.variadic === true ? last : undefined
}

// bash passes the words as typed (`视觉\ 对齐`, `'视觉 对`), fish the word being typed: what the command
// would receive is what is matched. An open quote is taken as closed at the end.
const dequote = (word: string): string => {
  let out = ""
  let quote: string | undefined
  for (let i = 0; i < word.length; i++) {
    const ch = word[i] ?? ""
    if (quote === "'") {
      if (ch === "'") quote = undefined
      else out += ch
    } else if (ch === "\\" && i + 1 < word.length && (quote === undefined || /["\\$`]/.test(word[i + 1] ?? ""))) {
      out += word[++i]
    } else if (ch === quote) quote = undefined
    else if (quote === undefined && (ch === "'" || ch === '"')) quote = ch
    else out += ch
  }
  return out
}

const flagValues = (at: Position, root: CommandSpec, flag: string, names: NameReader): ReadonlyArray<string> =>
  valuesOf(flagIn([...at.command.flags, ...GLOBAL_FLAGS], flag)?.values, at, root, names)

const isLong = (word: string | undefined): word is string =>
  word?.startsWith("--") === true && word !== "--" && !word.includes("=")

/**
 * The candidates for the last of `words` (the words after `inspire`; the last one is being typed,
 * maybe empty), one per entry, each starting with what is typed of it.
 */
export const complete = (root: CommandSpec, words: ReadonlyArray<string>, names: NameReader): ReadonlyArray<string> => {
  const typed = words.map(dequote)
  const current = typed.at(-1) ?? ""
  const before = typed.slice(0, -1)
  // bash splits `--status=ru` at the `=` (COMP_WORDBREAKS) into `--status`, `=`, `ru` and replaces only
  // the last part; at `--status=` that part is the `=` itself, which the candidates then keep.
  const flagBeforeEquals = before.at(-2)
  if (current === "=" && isLong(before.at(-1)))
    return matching(
      flagValues(locate(root, joinEquals(before.slice(0, -1))), root, before.at(-1) ?? "", names),
      "",
      "=",
    )
  if (before.at(-1) === "=" && isLong(flagBeforeEquals))
    return matching(
      flagValues(locate(root, joinEquals(before.slice(0, -2))), root, flagBeforeEquals, names),
      current,
      "",
    )
  const at = locate(root, joinEquals(before))
  const previous = before.at(-1) ?? ""
  const completingValue =
    !at.afterDashDash &&
    isFlag(previous) &&
    !previous.includes("=") &&
    flagIn([...at.command.flags, ...GLOBAL_FLAGS], previous)?.takesValue === true
  if (completingValue) return matching(flagValues(at, root, previous, names), current, "")
  if (!at.afterDashDash && current.startsWith("--") && current.includes("=")) {
    const eq = current.indexOf("=")
    return matching(flagValues(at, root, current.slice(0, eq), names), current.slice(eq + 1), current.slice(0, eq + 1))
  }
  if (!at.afterDashDash && current.startsWith("-")) return matching(flagNames(at, root), current, "")
  if (at.command.commands.length > 0 && at.operands.length === 0)
    return matching(
      at.command.commands.map((c) => c.name),
      current,
      "",
    )
  const arg = argAt(at.command.args, at.operands.length)
  if (arg !== undefined) return matching(valuesOf(arg.values, at, root, names), current, "")
  // Nothing more to name here: the command's flags, so that TAB after a command still shows something.
  return current === "" && !at.afterDashDash ? flagNames(at, root) : []
}

const matching = (values: ReadonlyArray<string>, typed: string, shown: string): ReadonlyArray<string> =>
  [...new Set(values)].filter((v) => v.startsWith(typed)).map((v) => shown + v)
