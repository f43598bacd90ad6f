import type { ServerResponse } from "node:http"
import type { AuthOptions } from "./auth/service.js"
import type { Emu } from "./context.js"
import type { FaultConfig } from "./faults.js"
import { simulatePush } from "./harbor.js"
import { sendJson } from "./http.js"
import { type RunningNotebook, type RunningNotebookOptions, runningNotebook } from "./jupyter/control.js"
import type { CraftedEntry } from "./jupyter/host.js"
import type { RequestSnapshot } from "./requests.js"
import { defaultRules, type PlatformRules, patchRules } from "./rules.js"

/** Programmatic control shared by the admin HTTP API and `startEmulator().control`. */
export const makeControl = (emu: Emu) => ({
  faults: {
    get: (): FaultConfig => emu.faults.config,
    set: (patch: Partial<FaultConfig>): FaultConfig => {
      const config = emu.faults.update(patch)
      emu.clock.skewMs = config.clockOffsetMs
      return config
    },
    reset: (): void => {
      emu.faults.reset()
      emu.clock.skewMs = 0
    },
  },
  clock: {
    now: (): number => emu.clock.now(),
    /** Moves platform time forward and replays every transition due, deterministically. */
    advance: (seconds: number) => {
      emu.clock.advance(seconds)
      emu.engine.update()
    },
    pause: (): void => emu.clock.pause(),
    resume: (): void => emu.clock.resume(),
    setSpeed: (speed: number) => {
      emu.clock.speed = speed
    },
  },
  auth: {
    get: (): AuthOptions => emu.auth.options,
    set: (patch: Partial<AuthOptions>): AuthOptions => Object.assign(emu.auth.options, patch),
    /** Moves the session/token clock (wall time) forward, e.g. past the 20-minute cookie lifetime. */
    advance: (seconds: number): void => emu.auth.advance(seconds),
    expireSessions: (): void => emu.auth.expireAll(),
    /** Successful token and session logins since start. */
    logins: (): { token: number; session: number } => ({ ...emu.auth.logins }),
  },
  rules: {
    get: (): PlatformRules => emu.rules,
    set: (patch: Partial<PlatformRules>): PlatformRules => patchRules(emu.rules, patch),
    reset: (): PlatformRules => patchRules(emu.rules, defaultRules()),
  },
  nodes: {
    /**
     * Fails a node (NotReady, in the fault pool): the tasks with a pod on it end as FAILED with
     * sub-status `NodeNotReady` (or restart, under fault tolerance). The ids of those tasks.
     */
    fail: (name: string): string[] => emu.engine.failNode(name),
    /** The node the first pod of a task was placed on ("" when it has none). */
    of: (taskId: string): string => {
      emu.engine.update()
      return emu.store.state.tasks.find((t) => t.id === taskId)?.alloc[0]?.node ?? ""
    },
    heal: (name: string): void => emu.engine.healNode(name),
  },
  engine: emu.engine,
  state: () => {
    emu.engine.update()
    return emu.store.state
  },
  /** Requests served since start or the last reset: counts per surface and each one's start and end (ms). */
  requests: (): RequestSnapshot => emu.requests.snapshot(),
  clearRequests: (): void => emu.requests.clear(),
  reset: () => {
    emu.requests.clear()
    emu.store.reset()
    emu.faults.reset()
    emu.clock.skewMs = 0
    patchRules(emu.rules, defaultRules())
    emu.auth.resetLoginFailures()
  },
  jupyter: {
    /** Closes every attached terminal WebSocket now, as the gateway does; the shells keep running. */
    dropTerminals: (): number => emu.jupyter.dropTerminals(),
    /** Where a notebook's sandbox (HOME, cwd, contents root) is on this machine. */
    sandbox: (notebookId: string): string => emu.jupyter.sandboxOf(notebookId),
    /**
     * Makes a notebook's listing of `folder` also show `entries`, names no real file can have included
     * (`../x`, `a/b`), as code running in the notebook could answer in place of its Jupyter server.
     */
    craftListing: (notebookId: string, folder: string, entries: ReadonlyArray<CraftedEntry>): void =>
      emu.jupyter.craftListing(notebookId, folder, entries),
    /** Creates a notebook for the demo user and brings it to RUNNING with its Jupyter server ready. */
    runningNotebook: (opts: RunningNotebookOptions = {}): RunningNotebook =>
      runningNotebook(emu, emu.jupyter.base, opts),
  },
  harborPush: (registry: "qb" | "sj", name: string, tag: string, size = 1_000_000_000) =>
    simulatePush(emu, registry, name, tag, size),
})

export type Control = ReturnType<typeof makeControl>

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined)

/** `/__emulator/*`: never delayed, failed or rate-limited. */
export const handleAdmin = (control: Control, method: string, path: string, raw: string, res: ServerResponse) => {
  let body: Record<string, unknown> = {}
  try {
    body = raw.trim() ? (JSON.parse(raw) as Record<string, unknown>) : {}
  } catch {
    return sendJson(res, 400, { error: "body must be JSON" })
  }
  const route = `${method} ${path.slice("/__emulator".length)}`
  switch (route) {
    case "GET /health":
      return sendJson(res, 200, { ok: true })
    case "GET /state":
      return sendJson(res, 200, { now: control.clock.now(), faults: control.faults.get(), state: control.state() })
    case "GET /requests":
      return sendJson(res, 200, control.requests())
    case "POST /requests/reset":
      control.clearRequests()
      return sendJson(res, 200, { ok: true })
    case "POST /reset":
      control.reset()
      return sendJson(res, 200, { ok: true })
    case "GET /faults":
      return sendJson(res, 200, control.faults.get())
    case "POST /faults":
      return sendJson(res, 200, control.faults.set(body as Partial<FaultConfig>))
    case "POST /faults/reset":
      control.faults.reset()
      return sendJson(res, 200, control.faults.get())
    case "POST /clock": {
      if (body.pause === true) control.clock.pause()
      if (body.pause === false) control.clock.resume()
      const speed = num(body.speed)
      if (speed !== undefined && speed > 0) control.clock.setSpeed(speed)
      const advance = num(body.advance)
      if (advance !== undefined) control.clock.advance(advance)
      return sendJson(res, 200, { now: control.clock.now() })
    }
    case "POST /nodes/fail": {
      // By name, or the node of a task's first pod.
      const node = typeof body.node === "string" ? body.node : control.nodes.of(String(body.task ?? ""))
      return sendJson(res, 200, { node, ended: control.nodes.fail(node) })
    }
    case "POST /nodes/heal":
      control.nodes.heal(String(body.node ?? ""))
      return sendJson(res, 200, { ok: true })
    case "POST /expire-sessions":
      control.auth.expireSessions()
      return sendJson(res, 200, { ok: true })
    case "GET /auth":
      return sendJson(res, 200, control.auth.get())
    case "GET /logins":
      return sendJson(res, 200, control.auth.logins())
    case "POST /auth":
      return sendJson(res, 200, control.auth.set(body as Partial<AuthOptions>))
    case "GET /rules":
      return sendJson(res, 200, control.rules.get())
    case "POST /rules":
      return sendJson(res, 200, control.rules.set(body as Partial<PlatformRules>))
    case "POST /jupyter/notebook": {
      const opts: RunningNotebookOptions = {}
      if (typeof body.name === "string") opts.name = body.name
      if (typeof body.user === "string") opts.user = body.user
      if (body.allow_ssh === true) opts.allowSsh = true
      return sendJson(res, 200, control.jupyter.runningNotebook(opts))
    }
    case "POST /jupyter/drop-terminals":
      return sendJson(res, 200, { dropped: control.jupyter.dropTerminals() })
    case "POST /harbor/push": {
      const registry = body.registry === "sj" ? "sj" : "qb"
      const repo = control.harborPush(registry, String(body.name ?? ""), String(body.tag ?? "latest"), num(body.size))
      return sendJson(res, 200, { name: repo.name, artifacts: repo.artifacts.length })
    }
    default:
      return sendJson(res, 404, { error: `unknown admin route ${route}` })
  }
}
