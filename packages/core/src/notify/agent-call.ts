import { isoInstant } from "../domain/time.js"
import { createInspireClient, type InspireClient } from "../facade.js"
import type { Operation } from "../operations/catalogue/operation.js"
import { submitOperation } from "../operations/submit.js"
import { submitHpcOperation } from "../operations/submit-hpc.js"
import { submitRayOperation } from "../operations/submit-ray.js"
import { sweepOperation } from "../operations/sweep/index.js"
import { waitOperation } from "../operations/wait.js"
import { resolveStorePaths } from "../store/paths.js"
import { msg } from "../words/message.js"
import { renderWords } from "../words/render.js"
import type { Text } from "../words/text.js"
import { notifyEndNow, notifyNote, recoveryNote } from "./agent.js"
import { leaveWaiter, readWaiter, type WaiterCommand, writeWaiterPid } from "./waiters.js"
import { runWaiter } from "./watch.js"

// What an agent asks for with `notify` (the CLI's `--notify`) in a tool call, the same in every agent
// frontend (MCP, the Synergy plugin): a notification when a task it submitted, or waits for, ends. A call
// is short, so a task still going when it returns is left to a waiter: a detached process, which outlives
// the call and its host. Only how that process is started differs by frontend (`WaiterCommand`).

/** The field, described once for every tool that takes it (English, as every field of the tool list). */
const FIELD = {
  type: ["boolean", "string"],
  description: "Notify when it ends: true (config notify), a webhook URL or desktop; a background waiter sends it",
}

/** On the submits: recovery by the same waiter (the CLI's `--recover N`). */
const RECOVER_FIELD = {
  type: "integer",
  description: "Resubmit up to N (1-10) times if pre-empted or its node fails (a waiter does it)",
}

interface Notifying {
  /** The tasks the call's result started, or waited for. */
  readonly jobs: (result: Result) => ReadonlyArray<string>
  /** The input as sent when a notification is asked for. */
  readonly input?: (args: Record<string, unknown>) => Record<string, unknown>
  /** It takes `recover` too (a submit). */
  readonly recover?: true
}

interface Result {
  readonly jobId?: string
  readonly action?: string
  readonly dryRun?: boolean
  readonly outcome?: string
  readonly status?: { readonly family?: string }
  readonly jobs?: ReadonlyArray<{ readonly jobId?: string }>
  /** A sweep run's file asked for recovery (`recover:`). */
  readonly recover?: number
}

const created = (r: Result): ReadonlyArray<string> => (r.jobId !== undefined ? [r.jobId] : [])

// Keyed by the operation value, as the CLI's extensions are.
const NOTIFYING = new Map<Operation, Notifying>([
  [submitOperation as Operation, { jobs: created, recover: true }],
  // As the CLI does: an HPC job notified by inspire asks the platform to notify too.
  [
    submitHpcOperation as Operation,
    { jobs: created, recover: true, input: (args) => ({ enable_notification: true, ...args }) },
  ],
  [submitRayOperation as Operation, { jobs: created, recover: true }],
  [
    sweepOperation as Operation,
    { jobs: (r) => (r.action === "run" && r.dryRun === false ? (r.jobs ?? []).flatMap((j) => created(j)) : []) },
  ],
  [waitOperation as Operation, { jobs: (r) => (r.outcome !== "not-found" && r.jobId !== undefined ? [r.jobId] : []) }],
])

/** The input schema with the `notify` field (and `recover` on a submit), for an operation that takes it. */
export const withNotifyField = (operation: Operation, schema: Record<string, unknown>): Record<string, unknown> => {
  const spec = NOTIFYING.get(operation)
  if (spec === undefined) return schema
  const { dry_run, ...rest } = (schema.properties ?? {}) as Record<string, unknown>
  const fields = { notify: FIELD, ...(spec.recover === true ? { recover: RECOVER_FIELD } : {}) }
  return { ...schema, properties: { ...rest, ...fields, ...(dry_run !== undefined ? { dry_run } : {}) } }
}

/** A call's arguments without `notify` and `recover`, with what they asked (checked by the caller). */
export const takeNotify = (
  operation: Operation,
  args: unknown,
): { args: unknown; notify?: unknown; recover?: unknown } => {
  const spec = NOTIFYING.get(operation)
  if (spec === undefined || typeof args !== "object" || args === null || Array.isArray(args)) return { args }
  const { notify, recover, ...rest } = args as Record<string, unknown>
  // `recover` is a field of the submits only: elsewhere it stays, for the operation to refuse.
  const kept = spec.recover === true || recover === undefined ? rest : { ...rest, recover }
  const asked = spec.recover === true && recover !== undefined ? { recover } : {}
  if (notify === undefined || notify === false) return { args: kept, ...asked }
  return { args: spec.input !== undefined ? spec.input(kept) : kept, notify, ...asked }
}

// Seconds between a waiter's reads: the wait's poll_seconds, else the waiter's default.
const pollOf = (args: unknown): number | undefined => {
  const asked = (args as { poll_seconds?: unknown }).poll_seconds
  return typeof asked === "number" ? asked : undefined
}

const ENDED = new Set(["succeeded", "failed", "stopped"])

const failed = (e: unknown): string => (e instanceof Error ? e.message : String(e))

/** How many recovery attempts a call's result asks a waiter for: a sweep file's `recover:`. */
export const recoverOf = (operation: Operation, result: unknown, asked = 0): number => {
  const r = result as Result
  if (r.dryRun === true) return 0
  return operation === (sweepOperation as Operation) ? (r.recover ?? 0) : asked
}

/**
 * After a call that asked for `notify`, or whose result asks for recovery: a task that has ended is
 * notified now; one still going is left to a waiter (started with `command`). Returns the line the result
 * adds, which names the target masked, never whole.
 */
export const notifyAfter = async (
  command: WaiterCommand,
  client: InspireClient,
  operation: Operation,
  args: unknown,
  result: unknown,
  raw: string | undefined,
  asked = 0,
): Promise<string> => {
  const jobs = NOTIFYING.get(operation)?.jobs(result as Result) ?? []
  const recover = recoverOf(operation, result, asked)
  const lang = await client.language()
  const say = (t: Text): string => renderWords(t, "mcp", lang)
  if (raw === undefined && (recover === 0 || jobs.length === 0)) return ""
  if (jobs.length === 0)
    return (result as Result).dryRun === true && raw !== undefined ? `\n${say(notifyNote(raw, "dry-run"))}` : ""
  // A wait that saw its task end notifies here and now; one still going leaves a waiter, as a submit does.
  const family = (result as Result).status?.family ?? ""
  if (raw !== undefined && operation === (waitOperation as Operation) && ENDED.has(family)) {
    const id = jobs[0] ?? ""
    try {
      const line = await client.run(notifyEndNow(id, raw, say))
      if (line !== undefined) return `\n${line}`
    } catch (e) {
      return `\n${say(msg("notify-log-unread", { id, error: failed(e) }))}`
    }
  }
  try {
    const profile = (await client.profile()).name.value
    const { id } = leaveWaiter(resolveStorePaths(process.env), command, {
      jobs,
      recover,
      pollSeconds: pollOf(args),
      ...(raw !== undefined ? { target: raw } : {}),
      ...(profile !== undefined ? { profile } : {}),
    })
    return `\n${say(raw !== undefined ? notifyNote(raw, { waiter: id, jobs }) : recoveryNote({ waiter: id, jobs, count: recover }))}`
  } catch (e) {
    return `\n${say(raw !== undefined ? notifyNote(raw, { error: failed(e) }) : recoveryNote({ error: failed(e) }))}`
  }
}

/**
 * The waiter process an agent frontend starts: it watches the waiter's tasks and notifies as each ends,
 * then exits; its lines go to the waiter's log. It goes on when the terminal or host that started it
 * closes (SIGHUP); `inspire waiters stop` ends it.
 */
export const runWaiterProcess = async (id: string, profile: string | undefined): Promise<void> => {
  process.on("SIGHUP", () => undefined)
  const paths = resolveStorePaths(process.env)
  if (readWaiter(paths, id) === undefined) {
    process.stderr.write(`error: there is no waiter ${id} (inspire waiters lists them)\n`)
    process.exitCode = 1
    return
  }
  writeWaiterPid(paths, id, process.pid)
  const client = createInspireClient({ words: "mcp", env: process.env, ...(profile !== undefined ? { profile } : {}) })
  try {
    const lang = await client.language()
    const say = (t: Text): string => renderWords(t, "mcp", lang)
    const log = (line: Text): void => void process.stdout.write(`${isoInstant(Date.now())} ${say(line)}\n`)
    await client.run(runWaiter(id, say, log))
  } finally {
    await client.close()
  }
}
