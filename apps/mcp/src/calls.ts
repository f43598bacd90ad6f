import {
  type InspireClient,
  invoke,
  type Language,
  type Operation,
  type Progress,
  renderWords,
} from "@holos-inspire/core"
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js"
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js"
import { log } from "./log.js"
import { failureResult, successResult } from "./results.js"

/** What a tools/call handler receives besides its arguments. */
export type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>

// Progress must grow with every notification; an operation's `current` (seconds waited, bytes read) may
// repeat between two reports, so a repeat is nudged just above the last value sent.
const STEP = 0.001

/**
 * Turns an operation's progress reports into `notifications/progress`, when the client asked for them,
 * worded as MCP words calls, in `lang`.
 */
const progressSender = (extra: CallExtra, lang: Language): ((p: Progress) => void) => {
  const token = extra._meta?.progressToken
  if (token === undefined) return () => undefined
  let last = 0
  return (p) => {
    const progress =
      p.current !== undefined && p.current > last ? p.current : last + (p.current === undefined ? 1 : STEP)
    last = progress
    extra
      .sendNotification({
        method: "notifications/progress",
        params: {
          progressToken: token,
          progress,
          ...(p.total !== undefined && p.total >= progress ? { total: p.total } : {}),
          message: renderWords(p.message, "mcp", lang),
        },
      })
      .catch((e: unknown) => log(`a progress notification was not sent: ${e instanceof Error ? e.message : String(e)}`))
  }
}

/**
 * Runs one tool call: validate, run with the profile's services, render. Progress goes to the client;
 * a cancelled request interrupts the operation. Every outcome, defects included, becomes a result.
 */
export const callOperation = async (
  client: InspireClient,
  operation: Operation,
  args: unknown,
  extra: CallExtra,
): Promise<CallToolResult> => {
  try {
    // Progress is worded in the language of the client's answers (read only when progress was asked for).
    const lang = extra._meta?.progressToken !== undefined ? await client.language() : "en"
    const { result, text } = await client.run(invoke(operation, args, { progress: progressSender(extra, lang) }), {
      signal: extra.signal,
    })
    return successResult(operation, result, text)
  } catch (failure) {
    if (extra.signal.aborted)
      return { isError: true, content: [{ type: "text", text: `inspire_${operation.name} was cancelled.` }] }
    return failureResult(operation, failure)
  }
}
