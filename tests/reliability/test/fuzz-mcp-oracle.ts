// What counts as a good answer of inspire-mcp to a fuzzed tools/call, read from apps/mcp/src/results.ts:
// a success carries structuredContent; a failure's text starts `error (<reason>): <message>` and has a
// `hint: <what to do next>` line. `error (Unexpected)` (defectResult) and anything else is a defect.
import type { ErrorReason } from "@holos-inspire/core"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"

const REASONS = [
  "NotLoggedIn",
  "CredentialsRejected",
  "SessionExpired",
  "Forbidden",
  "NotFound",
  "InvalidInput",
  "Conflict",
  "RateLimited",
  "PlatformUnreachable",
  "PlatformError",
  "DockerUnavailable",
  "RegistryAuthFailed",
  "StoreError",
] as const satisfies ReadonlyArray<ErrorReason>

// Fails to compile when core adds a reason this list does not know.
const everyReason: Exclude<ErrorReason, (typeof REASONS)[number]> extends never ? true : false = true
void everyReason

/** A defect found by the suite and not fixed yet: counted and reported, pinned by an it.fails test. */
export interface KnownDefect {
  readonly id: string
  readonly source: string
  readonly text: RegExp
  /** The smallest call that shows it. */
  readonly tool: string
  readonly args: Record<string, unknown>
}

export const KNOWN_DEFECTS: ReadonlyArray<KnownDefect> = []

/** Defects this suite found and src fixed, each kept as a regression test with its smallest call. */
export const FIXED_DEFECTS: ReadonlyArray<Pick<KnownDefect, "id" | "tool" | "args">> = [
  // harbor.ts encoded the name with encodeURIComponent, which threw URIError "URI malformed".
  {
    id: "harbor-repo-lone-surrogate",
    tool: "inspire_images",
    args: { source: "harbor", registry: "qb", repo: "\ud800" },
  },
]

/** How one call ended, as the suite counts it. */
export type Verdict =
  | { readonly kind: "ok" }
  | { readonly kind: "typed"; readonly reason: ErrorReason }
  | { readonly kind: "known-defect"; readonly id: string }
  | { readonly kind: "defect"; readonly why: string }

const textOf = (result: CallToolResult): string => {
  const first = result.content[0]
  return first?.type === "text" ? first.text : ""
}

/** Judges one tools/call result. */
export const judge = (result: CallToolResult): Verdict => {
  if (result.isError !== true) {
    const ok = typeof result.structuredContent === "object" && result.structuredContent !== null
    return ok ? { kind: "ok" } : { kind: "defect", why: "a success without structuredContent" }
  }
  const text = textOf(result)
  const known = KNOWN_DEFECTS.find((d) => d.text.test(text))
  if (known !== undefined) return { kind: "known-defect", id: known.id }
  const head = /^error \(([A-Za-z]+)\): \S/.exec(text)
  if (head === null) return { kind: "defect", why: `an error that is not typed: ${text.slice(0, 300)}` }
  const reason = REASONS.find((r) => r === head[1])
  if (reason === undefined) return { kind: "defect", why: `error reason ${head[1]}: ${text.slice(0, 300)}` }
  if (!/\nhint: \S/.test(text))
    return { kind: "defect", why: `a ${reason} error without a hint: ${text.slice(0, 300)}` }
  return { kind: "typed", reason }
}

/** Lines of the server's stderr that mean something escaped a handler. */
export const ESCAPED = /uncaught exception|unhandled rejection|failed unexpectedly|does not match its output schema/i

/** Per-tool tallies for the report. */
export interface Tally {
  tried: number
  hostile: number
  guided: number
  ok: number
  typed: number
  known: number
  defects: number
  ms: number
  readonly reasons: Map<string, number>
  readonly examples: string[]
}

export const newTally = (): Tally => ({
  tried: 0,
  hostile: 0,
  guided: 0,
  ok: 0,
  typed: 0,
  known: 0,
  defects: 0,
  ms: 0,
  reasons: new Map(),
  examples: [],
})

/** Adds one verdict to a tally; keeps the first few defects for the report. */
export const count = (tally: Tally, verdict: Verdict, input: unknown): void => {
  tally.tried++
  if (verdict.kind === "ok") tally.ok++
  else if (verdict.kind === "typed") {
    tally.typed++
    tally.reasons.set(verdict.reason, (tally.reasons.get(verdict.reason) ?? 0) + 1)
  } else if (verdict.kind === "known-defect") {
    tally.known++
    tally.reasons.set(`known:${verdict.id}`, (tally.reasons.get(`known:${verdict.id}`) ?? 0) + 1)
  } else {
    tally.defects++
    if (tally.examples.length < 5) tally.examples.push(`${verdict.why} ← ${JSON.stringify(input).slice(0, 300)}`)
  }
}
