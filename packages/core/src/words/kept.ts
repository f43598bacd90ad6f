// A text kept in a file as data (`{ $text: parts }`, messages' values likewise), so that it is worded in
// the reader's language when read back (a Text's JSON is its English). Only plain parts, messages and
// references to calls, fields, confirmation and dry runs are read back; anything else reads as undefined.
import { isText, type MessageArg, Text, type WordPart } from "./text.js"

/** A text as data to keep in a file. */
export const textData = (value: Text): unknown => ({
  $text: value.parts.map((p) =>
    typeof p === "object" && p.kind === "msg"
      ? { ...p, args: Object.fromEntries(Object.entries(p.args).map(([k, v]) => [k, isText(v) ? textData(v) : v])) }
      : p,
  ),
})

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === "object" && v !== null

const partOf = (p: unknown): WordPart | undefined => {
  if (typeof p === "string") return p
  if (!isRecord(p)) return undefined
  if (p.kind === "confirm") return p.targets === true ? { kind: "confirm", targets: true } : { kind: "confirm" }
  if (p.kind === "dry_run") return { kind: p.kind }
  if (p.kind === "field" && typeof p.name === "string")
    return p.value === undefined ? { kind: "field", name: p.name } : { kind: "field", name: p.name, value: p.value }
  if (p.kind === "call" && typeof p.op === "string" && isRecord(p.input))
    return { kind: "call", op: p.op, input: p.input }
  if (p.kind !== "msg" || typeof p.id !== "string" || !isRecord(p.args)) return undefined
  const args: Record<string, MessageArg> = {}
  for (const [k, v] of Object.entries(p.args)) {
    const arg = typeof v === "string" || typeof v === "number" ? v : textOf(v)
    if (arg === undefined) return undefined
    args[k] = arg
  }
  return { kind: "msg", id: p.id, args }
}

/** A text kept by `textData`; undefined when the data is not one. */
export const textOf = (data: unknown): Text | undefined => {
  const parts = isRecord(data) && Array.isArray(data.$text) ? data.$text.map(partOf) : undefined
  return parts === undefined || parts.some((p) => p === undefined) ? undefined : new Text(parts as WordPart[])
}
