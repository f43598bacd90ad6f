import { InspireError, type Operation, renderWords } from "@holos-inspire/core"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { log } from "./log.js"

const text = (value: string): CallToolResult["content"][number] => ({ type: "text", text: value })

/**
 * A successful call: the result as `structuredContent` (its JSON form, checked against the declared
 * output schema) and the text rendering for people and for clients that read only text.
 */
export const successResult = (operation: Operation, result: unknown, rendered: string): CallToolResult => {
  const json: unknown = JSON.parse(JSON.stringify(result ?? {}))
  const checked = operation.output.safeParse(json)
  if (checked.success && typeof checked.data === "object" && checked.data !== null)
    return { content: [text(rendered)], structuredContent: checked.data as Record<string, unknown> }
  // The action did happen: say so, so that an agent does not repeat a submit that succeeded.
  log(`inspire_${operation.name}: the result does not match its output schema (a bug)`)
  return {
    isError: true,
    content: [
      text(
        `inspire_${operation.name} completed, but its result does not match the declared output schema (a bug in inspire-mcp; please report it). Do not repeat the call; its result was:\n${rendered}`,
      ),
    ],
  }
}

const candidateLine = (candidate: unknown): string =>
  typeof candidate === "string" ? `- ${candidate}` : `- ${JSON.stringify(candidate)}`

/**
 * A failure the agent can act on: the message, what to do next, and the valid choices when known. The
 * client worded the error (`message` is that wording); its hint and fix are worded texts.
 */
const errorResult = (error: InspireError): CallToolResult => {
  const lines = [`error (${error.reason}): ${error.message}`]
  if (!error.hint.empty) lines.push(`hint: ${renderWords(error.hint, "mcp")}`)
  if (error.fix !== undefined) lines.push(`fix: ${renderWords(error.fix, "mcp")}`)
  if (error.candidates !== undefined && error.candidates.length > 0)
    lines.push("candidates:", ...error.candidates.map(candidateLine))
  if (error.ambiguous === true)
    lines.push("note: the request may still have taken effect; check with inspire_jobs before retrying.")
  return { isError: true, content: [text(lines.join("\n"))] }
}

/** Anything else a call threw (a defect): reported as a result, and the server keeps serving. */
const defectResult = (operation: Operation, defect: unknown): CallToolResult => {
  const what = defect instanceof Error ? `${defect.name}: ${defect.message}` : String(defect)
  log(`inspire_${operation.name} failed unexpectedly: ${what}`)
  return {
    isError: true,
    content: [
      text(
        `error (Unexpected): inspire_${operation.name} failed unexpectedly: ${what}\nhint: This is a bug in inspire-mcp; please report it. The server is still running, so other calls work; retry only if the call is read-only.`,
      ),
    ],
  }
}

/** The result for whatever a call ended with. */
export const failureResult = (operation: Operation, failure: unknown): CallToolResult =>
  failure instanceof InspireError ? errorResult(failure) : defectResult(operation, failure)
