import { type InspireError, OPERATIONS, renderError, renderWords } from "@holos-inspire/core"
import { modelToolName } from "./ids.js"
import type { ToolResult } from "./sdk.js"

// Core's texts name tools the way MCP clients see them (inspire_submit); inside Synergy the same tools
// are plugin__inspire__submit. Only names of real tools are rewritten, so a CLI hint stays intact.
const names = [...OPERATIONS.map((op) => op.name), "poll"].sort((a, b) => b.length - a.length)
const MCP_NAME = new RegExp(`\\binspire_(${names.join("|")})\\b`, "g")

/** Rewrites `inspire_<tool>` mentions to the names Synergy's model sees. */
export const synergyNames = (text: string): string => text.replace(MCP_NAME, (_, name: string) => modelToolName(name))

const REASON_TITLES: Readonly<Record<InspireError["reason"], string>> = {
  NotLoggedIn: "not logged in",
  CredentialsRejected: "credentials rejected",
  SessionExpired: "session expired",
  Forbidden: "not allowed",
  NotFound: "not found",
  InvalidInput: "invalid input",
  Conflict: "conflict",
  RateLimited: "rate limited",
  PlatformUnreachable: "platform unreachable",
  PlatformError: "platform error",
  DockerUnavailable: "Docker unavailable",
  RegistryAuthFailed: "registry login failed",
  StoreError: "store error",
}

const MAX_CANDIDATES = 40

/** How a Synergy user logs in without putting the password into the conversation. */
const LOGIN_COMMAND = "synergy inspire login --username <学工号> --password <password>"

const candidateLine = (c: unknown): string => (typeof c === "string" ? c : JSON.stringify(c))

/** The error's fields that may be shown: never `cause`, which can hold a raw response. */
const errorFields = (e: InspireError): Readonly<Record<string, unknown>> => ({
  reason: e.reason,
  message: e.message,
  hint: renderWords(e.hint, "mcp"),
  ...(e.candidates !== undefined ? { candidates: e.candidates } : {}),
  ...(e.fix !== undefined ? { fix: renderWords(e.fix, "mcp") } : {}),
  ...(e.ambiguous !== undefined ? { ambiguous: e.ambiguous } : {}),
  ...(e.code !== undefined ? { code: e.code } : {}),
})

/**
 * An expected problem (not logged in, a wrong spec, a task that does not exist…) as a normal result:
 * what happened and what to do next, so the model can act on it instead of seeing a crash.
 */
export const problemResult = (title: string, error: InspireError): ToolResult => {
  // Worded as MCP words calls (an input check fails before any client has worded it), then Synergy's names.
  const e = renderError(error, "mcp")
  const lines = [`Problem: ${e.message}`, `Hint: ${renderWords(e.hint, "mcp")}`]
  if (e.reason === "NotLoggedIn" || e.reason === "CredentialsRejected" || e.reason === "SessionExpired")
    lines.push(`In a terminal: ${LOGIN_COMMAND} (saved for the inspire CLI, its MCP server and this plugin alike).`)
  if (e.fix !== undefined) lines.push(`Suggested fix: ${renderWords(e.fix, "mcp")}`)
  if (e.ambiguous === true)
    lines.push("The request may still have taken effect: check (e.g. with inspire_jobs) before repeating it.")
  if (e.candidates !== undefined && e.candidates.length > 0) {
    lines.push("Candidates:")
    for (const c of e.candidates.slice(0, MAX_CANDIDATES)) lines.push(`- ${candidateLine(c)}`)
    if (e.candidates.length > MAX_CANDIDATES) lines.push(`(${e.candidates.length - MAX_CANDIDATES} more)`)
  }
  return {
    title: `${title}: ${REASON_TITLES[e.reason]}`,
    output: synergyNames(lines.join("\n")),
    metadata: { ok: false, error: errorFields(e) },
  }
}

/** A successful call: the rendered text for the model, the structured result in metadata. */
export const successResult = (title: string, text: string, result: unknown, note?: string): ToolResult => ({
  title,
  output: synergyNames(note !== undefined ? `${text}\n\n${note}` : text),
  metadata: { ok: true, result },
})
