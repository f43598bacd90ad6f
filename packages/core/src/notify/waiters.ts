import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { closeSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { z } from "zod"
import { writeFileAtomicSync } from "../store/atomic.js"
import { type StorePaths, storeRoots } from "../store/paths.js"
import { ensureTrustedFolder } from "../store/trust.js"
import { maskTarget } from "./target.js"

/**
 * A local waiter: a detached process that watches tasks and notifies when each ends. Its record
 * (`<cache>/waiters/<id>.json`, 0600) holds the target, a secret, so the target never goes on a command line
 * (where `ps` would show it); beside it are its pid file and its log, both 0600.
 */
export const WaiterRecord = z.object({
  id: z.string().regex(/^w-[0-9a-f]{8}$/),
  profile: z.string().optional(),
  jobs: z.array(z.string()),
  /** Absent: the waiter only recovers (`--recover` without `--notify`). */
  target: z.string().optional(),
  pollSeconds: z.number().positive(),
  /** How many times a task the platform ended (pre-empted, or its node failed) may be submitted again (recover.ts). */
  recover: z.number().int().min(0).default(0),
  /** Each recovery attempt, written before its create is sent, so a restarted waiter sends none twice. */
  attempts: z
    .array(
      z.object({
        root: z.string(),
        from: z.string(),
        n: z.number().int(),
        name: z.string(),
        submitId: z.string(),
        jobId: z.string().optional(),
      }),
    )
    .default([]),
  createdAt: z.number(),
  /** waiting, done (every task ended and was notified), stopped (by `inspire waiters stop`). */
  state: z.enum(["waiting", "done", "stopped"]),
  /** The tasks whose notification is settled (sent, refused or claimed by another sender). */
  notified: z.array(z.string()).default([]),
})
export type WaiterRecord = z.output<typeof WaiterRecord>

/** A waiter as listed: the target masked, and whether its process is alive. */
export interface WaiterView extends Omit<WaiterRecord, "target"> {
  readonly target?: string
  readonly pid?: number
  readonly alive: boolean
  readonly log: string
}

const ID = /^w-[0-9a-f]{8}$/

/** The folder of waiter records, created 0700 after the store's folder checks. */
const waitersDir = (paths: StorePaths): string => {
  const dir = join(paths.cacheDir, "waiters")
  const issue = ensureTrustedFolder(dir, storeRoots(paths))
  if (issue !== undefined) throw issue
  return dir
}

/** Whether a waiter id is well formed (so a path built from it stays in the folder). */
const isWaiterId = (id: string): boolean => ID.test(id)

/** Writes a new waiter's record and returns it; the caller starts its process. */
const createWaiter = (
  paths: StorePaths,
  w: Pick<WaiterRecord, "jobs" | "target" | "pollSeconds" | "profile" | "recover">,
  now: number,
): WaiterRecord => {
  const record: WaiterRecord = {
    id: `w-${randomBytes(4).toString("hex")}`,
    ...w,
    createdAt: now,
    state: "waiting",
    notified: [],
    attempts: [],
  }
  writeWaiter(paths, record)
  return record
}

/** Replaces a waiter's record, whole (atomic, 0600). */
export const writeWaiter = (paths: StorePaths, record: WaiterRecord): void =>
  writeFileAtomicSync(join(waitersDir(paths), `${record.id}.json`), JSON.stringify(record))

/** A waiter's record, or undefined when there is none (or it cannot be read). */
export const readWaiter = (paths: StorePaths, id: string): WaiterRecord | undefined => {
  if (!isWaiterId(id)) return undefined
  try {
    return WaiterRecord.parse(JSON.parse(readFileSync(join(waitersDir(paths), `${id}.json`), "utf8")))
  } catch {
    return undefined
  }
}

/** The files beside a waiter's record. */
const waiterFiles = (paths: StorePaths, id: string) => ({
  pid: join(waitersDir(paths), `${id}.pid`),
  log: join(waitersDir(paths), `${id}.log`),
})

/** Records the waiter's process id (0600). */
export const writeWaiterPid = (paths: StorePaths, id: string, pid: number): void =>
  writeFileAtomicSync(waiterFiles(paths, id).pid, String(pid))

/** How a frontend starts the waiter process of a record: the program, its arguments, its environment. */
export type WaiterCommand = (
  recordId: string,
  profile: string | undefined,
) => { readonly file: string; readonly args: ReadonlyArray<string>; readonly env?: NodeJS.ProcessEnv }

/** Seconds between a waiter's reads when none is asked: INSPIRE_WAITER_POLL_SECONDS, else 30. */
const defaultPoll = (): number => {
  const env = Number(process.env.INSPIRE_WAITER_POLL_SECONDS)
  return Number.isFinite(env) && env >= 0.2 ? env : 30
}

/**
 * Leaves a waiter: its record first (the target stays in that 0600 file, off any command line), then the
 * frontend's waiter process, detached in a session of its own, its output in the waiter's log.
 */
export const leaveWaiter = (
  paths: StorePaths,
  command: WaiterCommand,
  w: Pick<WaiterRecord, "target" | "profile" | "recover"> & {
    readonly jobs: ReadonlyArray<string>
    readonly pollSeconds?: number | undefined
  },
): { readonly id: string; readonly pid: number | undefined; readonly log: string } => {
  const record = createWaiter(
    paths,
    {
      jobs: [...w.jobs],
      ...(w.target !== undefined ? { target: w.target } : {}),
      pollSeconds: w.pollSeconds ?? defaultPoll(),
      recover: w.recover,
      ...(w.profile !== undefined ? { profile: w.profile } : {}),
    },
    Date.now(),
  )
  const log = waiterFiles(paths, record.id).log
  const fd = openSync(log, "a", 0o600)
  try {
    const { file, args, env } = command(record.id, w.profile)
    const child = spawn(file, [...args], { detached: true, stdio: ["ignore", fd, fd], env: env ?? process.env })
    if (child.pid !== undefined) writeWaiterPid(paths, record.id, child.pid)
    child.unref()
    return { id: record.id, pid: child.pid, log }
  } finally {
    closeSync(fd)
  }
}

const pidOf = (paths: StorePaths, id: string): number | undefined => {
  try {
    const pid = Number(readFileSync(waiterFiles(paths, id).pid, "utf8").trim())
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

const alive = (pid: number | undefined): boolean => {
  if (pid === undefined) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

const viewOf = (paths: StorePaths, r: WaiterRecord): WaiterView => {
  const pid = pidOf(paths, r.id)
  const { target: _secret, ...rest } = r
  return {
    ...rest,
    ...(r.target !== undefined ? { target: maskTarget(r.target) } : {}),
    ...(pid !== undefined ? { pid } : {}),
    alive: r.state === "waiting" && alive(pid),
    log: waiterFiles(paths, r.id).log,
  }
}

/** Every waiter, newest first. */
export const listWaiters = (paths: StorePaths): ReadonlyArray<WaiterView> =>
  readdirSync(waitersDir(paths))
    .filter((f) => f.endsWith(".json") && isWaiterId(f.slice(0, -5)))
    .map((f) => readWaiter(paths, f.slice(0, -5)))
    .filter((r): r is WaiterRecord => r !== undefined)
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((r) => viewOf(paths, r))

/**
 * Stops a waiter: marks it stopped (so a restart does nothing) and ends its process. The pid is only
 * signalled while the record says it waits, so a pid reused by another program after the waiter ended is
 * left alone. Undefined when there is no such waiter.
 */
export const stopWaiter = (paths: StorePaths, id: string): WaiterView | undefined => {
  const r = readWaiter(paths, id)
  if (r === undefined) return undefined
  const pid = pidOf(paths, id)
  const wasWaiting = r.state === "waiting"
  if (wasWaiting) writeWaiter(paths, { ...r, state: "stopped" })
  if (wasWaiting && alive(pid) && pid !== undefined) process.kill(pid, "SIGTERM")
  rmSync(waiterFiles(paths, id).pid, { force: true })
  return viewOf(paths, { ...r, state: wasWaiting ? "stopped" : r.state })
}

/**
 * The attempts of a recovered task, first to last (each task's id and attempt number), from every waiter's
 * record; just the task itself when no waiter recovered it.
 */
export const attemptsOf = (
  paths: StorePaths,
  jobId: string,
): ReadonlyArray<{ readonly n: number; readonly jobId: string }> => {
  let all: ReadonlyArray<WaiterView> = []
  try {
    all = listWaiters(paths)
  } catch {
    // A waiters folder that cannot be read (or trusted) has no attempts to tell.
  }
  for (const w of all) {
    const mine = readWaiter(paths, w.id)?.attempts ?? []
    const hit = mine.find((a) => a.jobId === jobId || a.root === jobId)
    if (hit === undefined) continue
    const chain = mine.filter((a) => a.root === hit.root && a.jobId !== undefined).sort((a, b) => a.n - b.n)
    return [{ n: 1, jobId: hit.root }, ...chain.map((a) => ({ n: a.n, jobId: a.jobId ?? "" }))]
  }
  return [{ n: 1, jobId }]
}
