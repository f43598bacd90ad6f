// How MCP words a reference: `inspire_jobs(type="train")`, `spec=<ID>`, `confirm=true`. Apart from the
// other dialects (dialect.ts), as it needs nothing of the catalogue: a text read as English outside any
// frontend (text.ts) says its references this way.
import type { WordRef } from "./text.js"

type Ref = Exclude<WordRef, { readonly kind: "msg" | "table" | "fields" | "clip" }>

/** A value that stands for something the reader fills in (`<ID>`, `…`): shown as it is, never quoted. */
export const isPlaceholder = (value: unknown): boolean =>
  typeof value === "string" && (value === "…" || /^<[^<>\s][^<>]*>$/.test(value))

export const json = (value: unknown): string => JSON.stringify(value) ?? String(value)

// ---- MCP: `inspire_jobs(type="train")`, `spec=<ID>`, `confirm=true`

const mcpValue = (value: unknown): string => (isPlaceholder(value) ? String(value) : json(value))

const mcpArgs = (input: Readonly<Record<string, unknown>>): string =>
  Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${mcpValue(v)}`)
    .join(", ")

export const mcpWord = (ref: Ref): string => {
  if (ref.kind === "confirm") return ref.targets === true ? "confirm=true, targets=[…]" : "confirm=true"
  if (ref.kind === "dry_run") return "dry_run=true"
  if (ref.kind === "field") return ref.value === undefined ? ref.name : `${ref.name}=${mcpValue(ref.value)}`
  const args = mcpArgs(ref.input)
  return args === "" ? `inspire_${ref.op}` : `inspire_${ref.op}(${args})`
}
