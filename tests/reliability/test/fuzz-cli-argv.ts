// Argument vectors for the CLI fuzzing suite: a real command path with its flags used right and wrong
// (edge values, missing values, repeats, unknown flags, `--`), and lists of random tokens.
import { isAbsolute } from "node:path"
import fc from "fast-check"
import type { CommandNode, Flag } from "./fuzz-cli-tree.js"
import { hostileString, type Vocabulary } from "./fuzz-values.js"

/** What the generators draw valid values from. */
export interface ArgvContext {
  readonly vocabulary: Vocabulary
  /** Task ids that have ended: the only ids a blocking command (wait, --follow) may name. */
  readonly ended: ReadonlyArray<string>
  /** Task ids that never end by themselves (notebooks, servings): kept away from blocking commands. */
  readonly endless: ReadonlyArray<string>
  /** The throw-away folder every written file must stay in. */
  readonly root: string
  readonly tree: ReadonlyArray<CommandNode>
}

const NUMBERS = ["0", "1", "-1", "1.5", "5", "50", "1000", "3600", "1e309", "NaN", "0x10", " 7", "1_0", "９"]

// Values a user might give a flag that vocabulary has no entry for.
const EXTRA: Readonly<Record<string, ReadonlyArray<string>>> = {
  profile: ["default", "nope", "", "../x"],
  base_url: ["http://127.0.0.1:1", "not a url", "https://qz.sii.edu.cn", "ftp://x"],
  plot: ["chart.svg", "missing-dir/x.svg", "", "."],
  dir: ["skills-out", "", "."],
  path: ["fuzz.log", "sub/out.csv", "~/x.log", "", "/nonexistent-fuzz/x.log"],
  envs: ["A=1", '{"A":"1"}', "=x", "{bad", "A", '{"A":1}'],
  model_type: ["LLM", '["LLM","VLM"]', "[bad", "[]"],
  tags: ["chat", '["a"]', "[1,2]"],
  timeout_seconds: ["1", "1.5", "0", "-1", "3601", "abc"],
  poll_seconds: ["0.2", "0.1", "300", "x"],
  interval: ["60", "0", "-5", "x"],
  lines: ["1", "5000", "5001", "0"],
  log_lines: ["10", "500", "9", "501"],
  key: ["defaultProject", "defaultWorkspace", "defaultImage", "defaultShm", "commandPrefix", "nope"],
  shell: ["bash", "zsh", "fish", "pwsh"],
  topic: ["exit-codes", "job", "submit", "nope"],
  agent: ["claude", "codex", "nobody"],
}

const fieldOf = (name: string): string =>
  name
    .replace(/^-+/, "")
    .replace(/[<>[\].]/g, "")
    .replace(/-/g, "_")

const valuesOf = (field: string, ctx: ArgvContext): ReadonlyArray<string> => {
  const known = (ctx.vocabulary[field] ?? []).filter((v) => typeof v !== "object").map(String)
  return [...known, ...(EXTRA[field] ?? [])]
}

// A value for a flag or an argument: a valid one most of the time, else an edge or hostile one.
const valueFor = (field: string, choices: ReadonlyArray<string>, ctx: ArgvContext): fc.Arbitrary<string> => {
  const valid = [...choices, ...valuesOf(field, ctx)]
  return fc.oneof(
    { arbitrary: valid.length > 0 ? fc.constantFrom(...valid) : fc.string({ maxLength: 12 }), weight: 6 },
    { arbitrary: fc.constantFrom(...NUMBERS), weight: 2 },
    { arbitrary: hostileString.filter((s) => s.length < 20_000), weight: 2 },
  )
}

const longName = (flag: Flag): string => flag.names.find((n) => n.startsWith("--")) ?? flag.names[0] ?? "--x"

// One use of a flag, right or wrong, as the tokens it adds.
const flagUse = (flag: Flag, ctx: ArgvContext): fc.Arbitrary<ReadonlyArray<string>> => {
  const name = fc.constantFrom(...flag.names)
  const value = valueFor(fieldOf(longName(flag)), flag.choices, ctx)
  if (!flag.takesValue)
    return fc.oneof(
      { arbitrary: name.map((n) => [n]), weight: 8 },
      { arbitrary: fc.tuple(name, value).map(([n, v]) => [`${n}=${v}`]), weight: 1 },
      { arbitrary: name.map((n) => [n, n]), weight: 1 },
    )
  return fc.oneof(
    { arbitrary: fc.tuple(name, value).map(([n, v]) => [n, v]), weight: 6 },
    { arbitrary: fc.tuple(name, value).map(([n, v]) => [`${n}=${v}`]), weight: 2 },
    { arbitrary: name.map((n) => [n]), weight: 1 },
    { arbitrary: fc.tuple(name, value, value).map(([n, a, b]) => [n, a, n, b]), weight: 1 },
  )
}

const unknownFlag: fc.Arbitrary<ReadonlyArray<string>> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }).map((s) => [`--${s}`]),
  fc.constantFrom(["-Z"], ["-"], ["--"], ["---x"], ["-yy"], ["--no-yes"], ["--json", "--json"], ["-h"], ["-V"]),
)

/** An argv for one command: its path, arguments and a handful of flag uses in any order. */
export const commandArgv = (node: CommandNode, ctx: ArgvContext): fc.Arbitrary<ReadonlyArray<string>> => {
  const args = node.args.map((arg) => valueFor(fieldOf(arg), [], ctx))
  const uses = node.flags.map((flag) => flagUse(flag, ctx))
  const use = fc.oneof(
    ...(uses.length > 0 ? [{ arbitrary: fc.oneof(...uses), weight: 16 }] : []),
    { arbitrary: unknownFlag, weight: 1 },
    { arbitrary: hostileString.filter((s) => s.length < 2_000).map((s) => [s]), weight: 1 },
  )
  const positional = fc
    .tuple(...args)
    .chain((values) =>
      fc.oneof(
        { arbitrary: fc.constant(values), weight: 14 },
        { arbitrary: fc.constant(values.slice(0, -1)), weight: 1 },
        { arbitrary: hostileString.map((extra) => [...values, extra]), weight: 1 },
      ),
    )
  const withYes = node.flags.some((f) => f.names.includes("--yes")) ? fc.boolean() : fc.constant(false)
  return fc
    .tuple(positional, fc.array(use, { maxLength: 5 }), fc.nat({ max: 6 }), withYes)
    .map(([values, flagTokens, split, yes]) => {
      const flags = flagTokens.flat()
      const at = Math.min(split, flags.length)
      return [...node.path, ...flags.slice(0, at), ...values, ...flags.slice(at), ...(yes ? ["--yes"] : [])]
    })
}

/** Random token lists: command names, flags and values of the whole tree, and hostile strings. */
export const randomArgv = (ctx: ArgvContext): fc.Arbitrary<ReadonlyArray<string>> => {
  const words = [...new Set(ctx.tree.flatMap((n) => [...n.path, ...n.flags.flatMap((f) => f.names)]))]
  const values = Object.values(ctx.vocabulary)
    .flat()
    .filter((v) => typeof v !== "object")
    .map(String)
  const token = fc.oneof(
    { arbitrary: fc.constantFrom(...words), weight: 4 },
    { arbitrary: fc.constantFrom(...values), weight: 2 },
    { arbitrary: hostileString.filter((s) => s.length < 2_000), weight: 3 },
    { arbitrary: fc.constantFrom("--", "-", "--json", "help", "--help"), weight: 1 },
  )
  return fc.array(token, { maxLength: 10 })
}

const WRITES = new Set(["--plot", "--dir", "--path"])
// Flags that bound a wait in seconds: a generated value is kept to a few seconds, as a test has no time to
// wait out a serving that never becomes healthy.
const WAIT_BOUNDS = new Set(["--wait-seconds", "--timeout"])
const boundWait = (value: string): string => (/^\d+$/.test(value.trim()) && Number(value) > 2 ? "2" : value)
const BLOCKS = /^(-f|--follow|--wait)(=|$)|^-[a-zA-Z]*f[a-zA-Z]*$/

/**
 * Keeps a generated argv harmless. Files go under the throw-away root (the CLI writes `--plot` and
 * `--dir` wherever it is told, and the suite runs as whatever user runs the tests). A command that
 * blocks until a task ends (`job wait`, `--follow`) only names tasks that have ended, `job delete` is
 * never confirmed, and `job submit
 * --wait/--follow` are left out: a fresh job may queue for a long time.
 */
export const harmless = (argv: ReadonlyArray<string>, ctx: ArgvContext): ReadonlyArray<string> => {
  // A delete is never confirmed: the world's ended tasks are what later runs name (without --yes and a
  // terminal it is a typed refusal).
  const deleting = argv[0] === "job" && argv[1] === "delete"
  const out = deleting ? argv.filter((t) => t !== "--yes" && !/^-[a-zA-Z]*y[a-zA-Z]*$/.test(t)) : [...argv]
  const confine = (value: string): string =>
    (isAbsolute(value.trim()) && !value.trim().startsWith(ctx.root)) || value.includes("..") || value.startsWith("~")
      ? `fuzz-out-${value.length}`
      : value
  out.forEach((token, i) => {
    const [flag = "", inline] = token.split(/=(.*)/s)
    const keep = WRITES.has(flag) ? confine : WAIT_BOUNDS.has(flag) ? boundWait : undefined
    if (keep === undefined) return
    if (inline !== undefined) out[i] = `${flag}=${keep(inline)}`
    else if (i + 1 < out.length) out[i + 1] = keep(out[i + 1] ?? "")
  })
  // `notebook save-image` waits for the platform to finish the image, as `wait` and `--wait` do.
  const blocking = out.includes("wait") || out.includes("save-image") || out.some((t) => BLOCKS.test(t))
  if (!blocking) return out
  const ended = ctx.ended[0] ?? "job-ended"
  const safe = out.map((t) => (ctx.endless.includes(t) ? ended : t))
  return out.includes("submit") ? safe.filter((t) => !BLOCKS.test(t)) : safe
}
