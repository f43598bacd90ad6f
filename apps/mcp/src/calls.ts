import {
  type InspireClient,
  invoke,
  type Language,
  type Operation,
  type Progress,
  renderWords,
} from "@holos-inspire/core"
import {
  notifyAfter,
  notifyTargetOf,
  recoverAttemptsOf,
  recoverOf,
  takeNotify,
  type WaiterCommand,
} from "@holos-inspire/core/internal"
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js"
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js"
import { log } from "./log.js"
import { failureResult, successResult } from "./results.js"

// A waiter left by a call is this program again, with --waiter: it outlives the call and the server.
const waiterCommand: WaiterCommand = (id, profile) => ({
  file: process.execPath,
  args: [process.argv[1] ?? "", "--waiter", id, ...(profile !== undefined ? ["--profile", profile] : [])],
})

/** What a tools/call handler receives besides its arguments. */
export type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>

// Progress must grow with every notification; an operation's `current` (seconds waited, bytes read) may
// repeat between two reports, so a repeat is nudged just above the last value sent, in thousandths
// counted as integers so that the value stays clean (4.001, never 4.0009999999999994).
const STEP = 0.001
const clean = (n: number): number => Math.round(n * 1000) / 1000

/**
 * The longest one call waits (seconds): with the reads before and after the wait, a call returns within
 * 50 s, below the SDK client's default request timeout (60 s). A longer wait asked for is cut to it, and
 * the result says to call again. INSPIRE_MCP_WAIT_SECONDS may lower it.
 */
const WAIT_CAP_SECONDS = 45

const waitCap = (): number => {
  const n = Number(process.env.INSPIRE_MCP_WAIT_SECONDS)
  return Number.isFinite(n) && n > 0 && n < WAIT_CAP_SECONDS ? n : WAIT_CAP_SECONDS
}

/** The arguments with the operation's wait field (`agent.waitField`) cut to the cap, and what was asked. */
const bounded = (operation: Operation, args: unknown): { args: unknown; asked?: number; cap?: number } => {
  const field = operation.agent?.waitField
  if (field === undefined || typeof args !== "object" || args === null) return { args }
  const parsed = operation.input.safeParse(args)
  if (!parsed.success) return { args }
  const data = parsed.data as Record<string, unknown>
  const value = data[field]
  // A wait asked without its length (inference health with wait) waits as long as the platform says.
  const asked = typeof value === "number" ? value : data.wait === true ? Number.POSITIVE_INFINITY : undefined
  const cap = waitCap()
  if (asked === undefined || asked <= cap) return { args }
  return { args: { ...args, [field]: cap }, asked, cap }
}

/** Whether a result says there is more to wait for: a wait that timed out, a sweep with jobs held back. */
const unfinished = (result: unknown): boolean => {
  const r = result as { outcome?: unknown; counts?: { pending?: unknown } } | undefined
  return r?.outcome === "timed-out" || (typeof r?.counts?.pending === "number" && r.counts.pending > 0)
}

/**
 * Turns an operation's progress reports into `notifications/progress`, when the client asked for them,
 * worded as MCP words calls, in `lang`.
 */
const progressSender = (extra: CallExtra, lang: Language): ((p: Progress) => void) => {
  const token = extra._meta?.progressToken
  if (token === undefined) return () => undefined
  let last = 0
  return (p) => {
    const progress = clean(
      p.current !== undefined && p.current > last ? p.current : last + (p.current === undefined ? 1 : STEP),
    )
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
 * With `notify` (off on a read-only server), a tool that takes it is followed by a notification or a waiter;
 * so is a sweep run whose file asks for recovery (`recover:`).
 */
export const callOperation = async (
  client: InspireClient,
  operation: Operation,
  args: unknown,
  extra: CallExtra,
  notify = true,
): Promise<CallToolResult> => {
  try {
    // Progress is worded in the language of the client's answers (read only when progress was asked for).
    const lang = extra._meta?.progressToken !== undefined ? await client.language() : "en"
    const taken: { args: unknown; notify?: unknown; recover?: unknown } = notify
      ? takeNotify(operation, args)
      : { args }
    // The target is checked before anything is sent (with true, the notify setting); the operation never sees it.
    const target = taken.notify !== undefined ? await client.run(notifyTargetOf(taken.notify)) : undefined
    const recover = await client.run(recoverAttemptsOf(taken.recover))
    const cut = bounded(operation, taken.args)
    const { result, text } = await client.run(
      invoke(operation, cut.args, { progress: progressSender(extra, lang), patienceMs: waitCap() * 1000 }),
      {
        signal: extra.signal,
      },
    )
    const asked = cut.asked === Number.POSITIVE_INFINITY ? "the whole wait" : `the ${cut.asked} s asked`
    const note =
      cut.cap !== undefined && unfinished(result)
        ? `\nOne call waits at most ${cut.cap} s, so this call waited ${cut.cap} s of ${asked}; call inspire_${operation.name} again to keep waiting.`
        : ""
    const told =
      target !== undefined || (notify && recoverOf(operation, result, recover) > 0)
        ? await notifyAfter(waiterCommand, client, operation, cut.args, result, target, recover)
        : ""
    return successResult(operation, result, text, note + told)
  } catch (failure) {
    if (extra.signal.aborted)
      return { isError: true, content: [{ type: "text", text: `inspire_${operation.name} was cancelled.` }] }
    return failureResult(operation, failure)
  }
}
