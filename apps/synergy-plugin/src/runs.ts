import { randomBytes } from "node:crypto"
import type { Progress, Worded } from "@holos-inspire/core"
import { modelToolName } from "./ids.js"
import type { ToolResult } from "./sdk.js"

// Synergy gives every call 120 s and then stops the whole plugin process. A call that is not done
// after this budget leaves its work running in this process and returns a handle to poll instead.
export const DEFAULT_BUDGET_MS = 100_000

/** How long one call may run before it hands back a handle (INSPIRE_PLUGIN_CALL_BUDGET_MS overrides it). */
export const callBudgetMs = (env: NodeJS.ProcessEnv = process.env): number => {
  const n = Number(env.INSPIRE_PLUGIN_CALL_BUDGET_MS)
  return Number.isFinite(n) && n > 0 ? Math.min(n, DEFAULT_BUDGET_MS) : DEFAULT_BUDGET_MS
}

/** How a piece of work ended: a result, or a defect to throw to the host. */
type Settled = { readonly result: ToolResult } | { readonly defect: unknown }

/** What changes while a call runs. */
interface Live {
  progress?: Worded<Progress>
  settled?: Settled
  settledAt?: number
}

interface Run {
  readonly handle: string
  readonly tool: string
  readonly startedAt: number
  readonly controller: AbortController
  readonly done: Promise<Settled>
  readonly live: Live
}

const runs = new Map<string, Run>()
const KEEP_FINISHED_MS = 60 * 60 * 1000

const prune = (now: number) => {
  for (const [handle, run] of runs)
    if (run.live.settledAt !== undefined && now - run.live.settledAt > KEEP_FINISHED_MS) runs.delete(handle)
}

const settle = (work: Promise<ToolResult>): Promise<Settled> =>
  work.then(
    (result) => ({ result }),
    (defect: unknown) => ({ defect }),
  )

const sleep = (ms: number): Promise<"timeout"> & { cancel: () => void } => {
  let timer: NodeJS.Timeout | undefined
  const p = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms)
  }) as Promise<"timeout"> & { cancel: () => void }
  p.cancel = () => clearTimeout(timer)
  return p
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`

const progressLine = (p: Worded<Progress> | undefined): string => {
  if (p === undefined) return ""
  const counts = p.current !== undefined && p.total !== undefined ? ` (${p.current}/${p.total})` : ""
  return `\nLast progress: ${p.message}${counts}`
}

/** The work of one tool call: it gets a signal to stop on and a sink for progress, worded. */
export type Work = (signal: AbortSignal, progress: (p: Worded<Progress>) => void) => Promise<ToolResult>

/**
 * Runs one call's work within the budget. Finished in time: its result. Still running: the work goes
 * on in this process and the result names a handle for `poll`. The host's abort (cancelled session)
 * stops the work while the call is still waiting for it.
 */
export const runBounded = async (
  tool: string,
  work: Work,
  hostSignal: AbortSignal | undefined,
  budgetMs: number = callBudgetMs(),
): Promise<ToolResult> => {
  const controller = new AbortController()
  const onAbort = () => controller.abort()
  if (hostSignal?.aborted === true) controller.abort()
  hostSignal?.addEventListener("abort", onAbort, { once: true })
  const startedAt = Date.now()
  const live: Live = {}
  const done = settle(
    work(controller.signal, (p) => {
      live.progress = p
    }),
  )
  const timer = sleep(budgetMs)
  const first = await Promise.race([done, timer])
  hostSignal?.removeEventListener("abort", onAbort)
  if (first !== "timeout") {
    timer.cancel()
    if ("defect" in first) throw first.defect
    return first.result
  }
  prune(Date.now())
  const handle = `run-${randomBytes(6).toString("hex")}`
  runs.set(handle, { handle, tool, startedAt, controller, done, live })
  void done.then((s) => {
    live.settled = s
    live.settledAt = Date.now()
  })
  return {
    title: `${tool}: still running (handle ${handle})`,
    output:
      `${tool} is still running after ${seconds(budgetMs)}; it goes on in the background. ` +
      `Call ${modelToolName("poll")} with handle "${handle}" to get its result (cancel=true stops it). ` +
      `Do not start it again meanwhile.${progressLine(live.progress)}`,
    metadata: { ok: true, state: "running", handle, tool },
  }
}

/** What `poll` reports about a handle. */
export interface PollOptions {
  readonly handle: string
  readonly waitMs: number
  readonly cancel: boolean
}

const unknownHandle = (handle: string): ToolResult => ({
  title: `poll: unknown handle ${handle}`,
  output:
    `Problem: there is no background call "${handle}" in this plugin process.\n` +
    "Hint: the plugin process may have restarted (Synergy restarts it after an upgrade or a timeout), which ends " +
    "its background work. Check whether the work happened (the job list, the download file, the image) before starting it again.",
  metadata: { ok: false, error: { reason: "NotFound", message: `Unknown handle ${handle}` }, handle },
})

const finished = (run: Run, s: Settled): ToolResult => {
  if ("defect" in s) throw s.defect
  return {
    ...s.result,
    title: `${s.result.title ?? run.tool} (background call ${run.handle})`,
    metadata: { ...s.result.metadata, handle: run.handle, state: "done" },
  }
}

/** Waits (bounded) for a background call and returns its result, or where it stands. */
export const pollRun = async (options: PollOptions, hostSignal: AbortSignal | undefined): Promise<ToolResult> => {
  prune(Date.now())
  const run = runs.get(options.handle)
  if (run === undefined) return unknownHandle(options.handle)
  if (options.cancel) run.controller.abort()
  if (run.live.settled !== undefined) return finished(run, run.live.settled)
  const timer = sleep(options.cancel ? Math.max(options.waitMs, 10_000) : options.waitMs)
  const aborted = new Promise<"timeout">((resolve) =>
    hostSignal?.addEventListener("abort", () => resolve("timeout"), { once: true }),
  )
  const first = await Promise.race([run.done, timer, aborted])
  timer.cancel()
  if (first !== "timeout") return finished(run, first)
  return {
    title: `${run.tool}: still running (handle ${run.handle})`,
    output:
      `${run.tool} has been running for ${seconds(Date.now() - run.startedAt)}. ` +
      `Call ${modelToolName("poll")} again with handle "${run.handle}" later.${progressLine(run.live.progress)}`,
    metadata: { ok: true, state: "running", handle: run.handle, tool: run.tool, progress: run.live.progress },
  }
}
