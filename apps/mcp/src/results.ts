import { InspireError, type Operation, renderWords } from "@holos-inspire/core"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { log } from "./log.js"
import { toolName } from "./tools.js"

const text = (value: string): CallToolResult["content"][number] => ({ type: "text", text: value })

/** A rendering up to this many bytes is the text whole; a longer one keeps its first and last lines. */
const WHOLE_TEXT_BYTES = 1200

/** How many bytes of a long rendering's first lines, and of its last lines, the text keeps. */
const HEAD_BYTES = 500
const TAIL_BYTES = 350

const bytesOf = (line: string): number => Buffer.byteLength(line, "utf8") + 1

/** How many of `lines` (from the start) fit in `budget` bytes; at least one. */
const fitting = (lines: ReadonlyArray<string>, budget: number): number => {
  let bytes = 0
  let n = 0
  while (n < lines.length && (n === 0 || bytes + bytesOf(lines[n] ?? "") <= budget)) bytes += bytesOf(lines[n++] ?? "")
  return n
}

/**
 * The text beside a structured result. Hosts hand the model one of the two (Claude Code and VS Code
 * the structuredContent when there is one, older hosts the text), so the result is not sent twice: a
 * short rendering is kept whole; of a longer one the text keeps the first lines (the heading, the first
 * rows) and the last (a log's newest lines, warnings), and says where the rest is.
 */
const summaryText = (operation: Operation, rendered: string): string => {
  if (Buffer.byteLength(rendered, "utf8") <= WHOLE_TEXT_BYTES) return rendered
  const lines = rendered.split("\n")
  const head = fitting(lines, HEAD_BYTES)
  const tail = Math.min(fitting([...lines].reverse(), TAIL_BYTES), lines.length - head)
  const left = lines.length - head - tail
  if (left === 0) return rendered
  const name = toolName(operation)
  return [
    ...lines.slice(0, head),
    `… ${left} lines left out here: the whole result is the structuredContent of ${name} (its schema: inspire://schemas/${name}.json).`,
    ...lines.slice(lines.length - tail),
  ].join("\n")
}

/**
 * A successful call: the result as `structuredContent` (its JSON form, checked against the declared
 * output schema) and its rendering as text, cut to a summary when long (`summaryText`). `note` is said
 * after the text whatever its length (e.g. that a wait was cut short).
 */
export const successResult = (operation: Operation, result: unknown, rendered: string, note = ""): CallToolResult => {
  const json: unknown = JSON.parse(JSON.stringify(result ?? {}))
  const checked = operation.output.safeParse(json)
  if (checked.success && typeof checked.data === "object" && checked.data !== null)
    return {
      content: [text(summaryText(operation, rendered) + note)],
      structuredContent: checked.data as Record<string, unknown>,
    }
  // The action did happen: say so, so that an agent does not repeat a submit that succeeded.
  log(`inspire_${operation.name}: the result does not match its output schema (a bug)`)
  return {
    isError: true,
    content: [
      text(
        `inspire_${operation.name} completed, but its result does not match the declared output schema (a bug in inspire-mcp; please report it). Do not repeat the call; its result was:\n${rendered}${note}`,
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
