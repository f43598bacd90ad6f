import { msg } from "./language.js"
import { usageError } from "./output.js"

// What --json prints: the whole result, or the fields `--json a,b` names (of each row, for a listing),
// or what `--jq EXPR` makes of it. jq (a WebAssembly build, ~1.3 MB) is loaded only when --jq is given,
// so no other call pays for it.

let fields: ReadonlyArray<string> | undefined
let jq: string | undefined
let pending: Promise<void> = Promise.resolve()

const FIELDS = /^[A-Za-z_][A-Za-z0-9_]*(,[A-Za-z_][A-Za-z0-9_]*)*$/

/**
 * Reads the field list out of the command line (`--json=a,b`, `--json a,b`, or `--json a` as the last
 * word, so that `--json ID` before an operand stays an operand), and adds --json beside --jq. What is
 * left is what commander parses: --json as a plain flag.
 */
export const takeJsonOptions = (argv: ReadonlyArray<string>): ReadonlyArray<string> => {
  // Each call starts afresh: main() may run again in one process (a library, a test harness), and an
  // earlier call's --jq, or its failure, is not this one's.
  fields = undefined
  jq = undefined
  pending = Promise.resolve()
  const out: string[] = []
  const end = argv.includes("--") ? argv.indexOf("--") : argv.length
  for (let i = 0; i < end; i++) {
    const token = argv[i] ?? ""
    const next = argv[i + 1]
    if (token.startsWith("--json=")) {
      fields = token
        .slice("--json=".length)
        .split(",")
        .filter((f) => f !== "")
      out.push("--json")
    } else if (
      token === "--json" &&
      next !== undefined &&
      i + 1 < end &&
      FIELDS.test(next) &&
      (next.includes(",") || i + 2 === argv.length)
    ) {
      fields = next.split(",")
      out.push("--json")
      i++
    } else if (token === "--jq" || token.startsWith("--jq=")) {
      jq = token === "--jq" ? (next ?? "") : token.slice("--jq=".length)
      if (!argv.slice(0, end).includes("--json")) out.push("--json")
      out.push(token)
      if (token === "--jq" && next !== undefined) out.push(next)
      if (token === "--jq") i++
    } else out.push(token)
  }
  return [...out, ...argv.slice(end)]
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

// A listing: a result that is a list of records, or a record with one list of records in it (tasks, items…).
const rowsOf = (result: unknown): ReadonlyArray<unknown> | undefined => {
  if (Array.isArray(result)) return result
  if (!isRecord(result)) return undefined
  const lists = Object.values(result).filter((v) => Array.isArray(v) && v.every(isRecord))
  return lists.length === 1 ? (lists[0] as ReadonlyArray<unknown>) : undefined
}

const pick = (row: unknown, names: ReadonlyArray<string>): Record<string, unknown> =>
  Object.fromEntries(names.map((f) => [f, isRecord(row) && Object.hasOwn(row, f) ? row[f] : null]))

/** The result with only the fields asked for: of the result itself, else of each row of a listing. */
export const selectFields = (result: unknown, names: ReadonlyArray<string>): unknown => {
  const top = isRecord(result) ? Object.keys(result) : []
  if (top.length > 0 && names.every((f) => top.includes(f))) return pick(result, names)
  const rows = rowsOf(result)
  const columns = [...new Set((rows ?? []).flatMap((r) => (isRecord(r) ? Object.keys(r) : [])))]
  // An empty listing has no row to check a field against: it is an empty list whatever is asked.
  if (rows !== undefined && (rows.length === 0 || names.every((f) => columns.includes(f))))
    return rows.map((r) => pick(r, names))
  const available = [...new Set([...top, ...columns])]
  const unknown = names.filter((f) => !available.includes(f))
  throw usageError(
    msg("cli-json-unknown-field", { fields: unknown.join(", "), count: unknown.length }),
    msg("cli-json-unknown-field-hint", { available: available.join(", ") }),
  )
}

const runJq = async (value: unknown, expression: string): Promise<void> => {
  // The bundle loads it as CommonJS: its functions may sit on the default export.
  const loaded: Partial<typeof import("jq-wasm")> & { default?: typeof import("jq-wasm") } = await import("jq-wasm")
  const raw = loaded.raw ?? loaded.default?.raw
  if (raw === undefined) throw new Error("jq-wasm has no raw()")
  const out = await raw(value as object, expression, ["-r"]).catch((e: unknown) => {
    const problem =
      (e instanceof Error ? e.message : String(e)).replace(/^jq: error( \(at [^)]*\))?: /, "").split("\n")[0] ?? ""
    throw usageError(msg("cli-json-jq-failed", { problem }), msg("cli-json-jq-failed-hint"))
  })
  if (out !== "") process.stdout.write(out.endsWith("\n") ? out : `${out}\n`)
}

/** Writes a JSON result as the command line asked; with --jq, the write finishes in `jsonWritten`. */
export const writeJson = (result: unknown): void => {
  const value = fields !== undefined ? selectFields(result, fields) : result
  if (jq === undefined) return void process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
  const expression = jq
  // JSON.stringify's view of the value (undefined fields dropped), as jq would read the printed JSON.
  const plain: unknown = JSON.parse(JSON.stringify(value) ?? "null")
  pending = pending.then(() => runJq(plain, expression))
}

/** Waits for a --jq result to be written; its failure is the command's. */
export const jsonWritten = (): Promise<void> => pending
