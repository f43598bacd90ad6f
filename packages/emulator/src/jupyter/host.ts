import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import type { IncomingMessage, ServerResponse } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Duplex } from "node:stream"
import type { WebSocket, WebSocketServer } from "ws"
import type { Faults } from "../faults.js"
import { sendJson } from "../http.js"
import type { Engine } from "../sim/engine.js"
import type { Store } from "../state/store.js"
import type { Task } from "../state/types.js"
import { jsonBody, MAX_BODY_BYTES, readLimited } from "./body.js"
import { deleteModel, getModel, hashModel, newUntitled, putModel, renameModel } from "./contents.js"
import type { JupyterUser } from "./identity.js"
import { killAll, ptyMode } from "./processes.js"
import { apiPath, JupyterError, mountStorage, type NotebookPlace, notebookEnv, osPath, sandboxFor } from "./sandbox.js"
import { refuseUpgrade, serverRoute } from "./server-api.js"
import { Terminal } from "./terminal.js"
import { WorkerPtys } from "./worker-pty.js"

const MARKER = "EMULATOR_NOTEBOOK_TAG"
const SWEEP_MS = 250

/**
 * An entry a folder listing shows besides the real ones (tests): what a notebook's own code could serve
 * in place of its Jupyter server, e.g. a name holding `..` or a slash, which no real file can have.
 */
export interface CraftedEntry {
  readonly name: string
  readonly type?: "file" | "directory"
  readonly size?: number
}

/** A notebook whose shells have run: its place, the run they belong to and its terminals. */
interface Live {
  place: NotebookPlace
  run: number
  terminals: Map<string, Terminal>
}

const hosts = new Set<JupyterHost>()
let exitHooked = false
const hookExit = () => {
  if (exitHooked) return
  exitHooked = true
  // Nothing a notebook started outlives the emulator's process, even one never closed.
  process.once("exit", () => {
    for (const h of hosts) h.killEverything()
  })
}

const iso = (ms: number) => new Date(ms).toISOString()

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new JupyterError(400, `${segment} is not a valid path`)
  }
}

const flag = (q: URLSearchParams, name: string, dflt: boolean): boolean => {
  const v = q.get(name)
  return v === null ? dflt : v !== "0" && v !== "false"
}

/**
 * The Jupyter servers of the emulator's running notebooks: terminals (REST and WebSocket) and the
 * contents API, each notebook in its own sandbox folder, every process killed when the notebook stops.
 */
export class JupyterHost {
  private readonly nonce = randomBytes(6).toString("hex")
  private rootDir: string | undefined
  private readonly live = new Map<string, Live>()
  private readonly sandboxes = new Set<string>()
  private readonly sockets = new Set<WebSocket>()
  private readonly crafted = new Map<string, Map<string, ReadonlyArray<CraftedEntry>>>()
  private sweeper: NodeJS.Timeout | undefined
  private wss: WebSocketServer | undefined
  private readonly started = Date.now()
  /** The emulator's own URL once it listens (for helpers that build lab URLs outside a request). */
  base = "http://127.0.0.1"
  /** The shells in jobs' pods (the worker PTY sockets), in the same scratch folder. */
  readonly workers: WorkerPtys

  constructor(
    private readonly store: Store,
    private readonly engine: Engine,
    private readonly faults: Faults,
    /** `pipes` forces the fallback without a pseudo-terminal (tests of it); by default `script` when present. */
    private readonly shell: "pty" | "pipes" = "pty",
  ) {
    // Watched, as the notebooks are, so that no shell outlives the emulator's process.
    const root = () => {
      this.watch()
      return this.root
    }
    this.workers = new WorkerPtys(store, engine, root, shell)
  }

  /** The folder holding every notebook's sandbox: `<tmp>/inspire-emulator-<pid>-…/notebooks/<id>/`. */
  get root(): string {
    this.rootDir ??= mkdtempSync(join(tmpdir(), `inspire-emulator-${process.pid}-`))
    return this.rootDir
  }

  /** A notebook's place (its sandbox is created on first use and kept across stop and start). */
  place(t: Task): NotebookPlace {
    const dir = this.sandboxOf(t.id)
    mountStorage(dir, this.store.state.projects.find((p) => p.id === t.projectId)?.enName)
    const prefix = `/${t.workspaceId}/${t.projectId}/${t.userId}/jupyter/${t.id}/${String(t.extra.token ?? "")}`
    return { id: t.id, root: dir, prefix, marker: `${this.nonce}/${t.id}` }
  }

  /** The key a notebook's Jupyter server signs its login cookies with (one server, one secret). */
  secretOf(t: Task): string {
    return `${this.nonce}/${t.id}/${String(t.extra.token ?? "")}`
  }

  /** Where a notebook's sandbox is on this machine (created if need be). */
  sandboxOf(id: string): string {
    this.sandboxes.add(id)
    this.watch()
    return sandboxFor(this.root, id)
  }

  /** Makes a notebook's listing of `folder` also show `entries` (none: only the real ones again). */
  craftListing(id: string, folder: string, entries: ReadonlyArray<CraftedEntry>): void {
    const folders = this.crafted.get(id) ?? new Map<string, ReadonlyArray<CraftedEntry>>()
    folders.set(apiPath(folder), entries)
    this.crafted.set(id, folders)
  }

  /** Sweeps while a notebook has processes or a sandbox: stops them when it stops, drops it when deleted. */
  private watch(): void {
    hosts.add(this)
    hookExit()
    this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS)
    this.sweeper.unref()
  }

  private liveOf(t: Task): Live {
    let l = this.live.get(t.id)
    if (l === undefined) {
      l = { place: this.place(t), run: t.runs.length, terminals: new Map() }
      this.live.set(t.id, l)
      this.watch()
    }
    return l
  }

  /** Kills the processes of notebooks no longer running (stopped, restarted or deleted); drops deleted sandboxes. */
  sweep(): void {
    this.engine.update()
    const tasks = new Map(this.store.state.tasks.filter((t) => t.kind === "notebook").map((t) => [t.id, t]))
    for (const [id, l] of this.live) {
      const t = tasks.get(id)
      if (t !== undefined && t.phase === "running" && t.runs.length === l.run) continue
      this.stopLive(id, l)
    }
    for (const id of this.sandboxes) {
      if (tasks.has(id) || this.rootDir === undefined) continue
      rmSync(join(this.rootDir, "notebooks", id), { recursive: true, force: true })
      this.sandboxes.delete(id)
    }
    if (this.live.size === 0 && this.sandboxes.size === 0 && this.sweeper !== undefined) {
      clearInterval(this.sweeper)
      this.sweeper = undefined
    }
  }

  private stopLive(id: string, l: Live): void {
    this.live.delete(id)
    const groups = [...l.terminals.values()].flatMap((term) => term.groups)
    killAll(groups, `${MARKER}=${l.place.marker}`)
  }

  /** SIGKILLs every process of every notebook (synchronous: safe in an exit handler). */
  killEverything(): void {
    this.workers.close()
    for (const [id, l] of this.live) this.stopLive(id, l)
  }

  /** Closes every attached terminal WebSocket now (the gateway's habit); the shells keep running. */
  dropTerminals(): number {
    const all = [...this.live.values()].flatMap((l) => [...l.terminals.values()].flatMap((t) => t.sockets()))
    for (const ws of all) ws.terminate()
    return all.length
  }

  async close(): Promise<void> {
    if (this.sweeper !== undefined) clearInterval(this.sweeper)
    this.sweeper = undefined
    this.killEverything()
    for (const ws of this.sockets) ws.terminate()
    this.sockets.clear()
    this.wss?.close()
    hosts.delete(this)
    if (this.rootDir !== undefined) rmSync(this.rootDir, { recursive: true, force: true })
    this.rootDir = undefined
    this.sandboxes.clear()
  }

  /** One REST request under `<lab>/api…` for a notebook that passed the gateway's checks. */
  async serve(
    t: Task,
    rest: string,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    base: string,
    user: JupyterUser,
  ) {
    this.sweep()
    try {
      const raw = await readLimited(req)
      const { status, body, headers } = this.route(t, rest, req.method ?? "GET", raw, url, base, user)
      if (status === 204) {
        res.writeHead(204)
        res.end()
      } else sendJson(res, status, await body, headers)
    } catch (e) {
      const err = e instanceof JupyterError ? e : new JupyterError(500, "Unhandled error")
      const headers: Record<string, string> = err.status === 413 ? { Connection: "close" } : {}
      sendJson(res, err.status, { message: err.message, reason: err.reason }, headers)
    }
  }

  private route(
    t: Task,
    rest: string,
    method: string,
    raw: string,
    url: URL,
    base: string,
    user: JupyterUser,
  ): { status: number; body?: unknown; headers?: Record<string, string> } {
    const path = rest.replace(/\/+$/, "") || "/"
    const server = serverRoute(path, method, user, url.searchParams, { started: iso(this.started) })
    if (server !== undefined) return server
    if (path === "/api/terminals") return this.terminals(t, method, raw, base)
    const term = /^\/api\/terminals\/([^/]+)$/.exec(path)
    if (term) return this.terminal(t, method, decoded(term[1] ?? ""))
    const contents = /^\/api\/contents(?:\/(.*))?$/.exec(rest)
    if (contents) return this.contents(t, method, decoded(contents[1] ?? ""), raw, url)
    throw new JupyterError(404, "Not Found")
  }

  private model(term: Terminal) {
    return { name: term.name, last_activity: iso(term.lastActivity) }
  }

  private terminals(t: Task, method: string, raw: string, base: string) {
    if (method === "GET") {
      const l = this.live.get(t.id)
      return { status: 200, body: l ? [...l.terminals.values()].map((x) => this.model(x)) : [] }
    }
    if (method !== "POST") throw new JupyterError(405, "Method Not Allowed")
    const body = jsonBody(raw)
    const l = this.liveOf(t)
    let name = typeof body.name === "string" && body.name !== "" ? body.name : ""
    if (name !== "" && l.terminals.has(name)) throw new JupyterError(409, `A terminal with name ${name} already exists`)
    if (name === "") for (let n = 1; name === "" || l.terminals.has(name); n++) name = String(n)
    const cwd = typeof body.cwd === "string" && body.cwd !== "" ? osPath(l.place.root, body.cwd) : l.place.root
    const env = notebookEnv(l.place, base, MARKER)
    const onExit = (done: Terminal) => {
      if (l.terminals.get(done.name) === done) l.terminals.delete(done.name)
    }
    const term = new Terminal(name, cwd, env, onExit, this.shell === "pipes" ? "pipes" : ptyMode())
    l.terminals.set(name, term)
    return { status: 200, body: this.model(term) }
  }

  private terminal(t: Task, method: string, name: string) {
    const term = this.live.get(t.id)?.terminals.get(name)
    if (term === undefined) throw new JupyterError(404, `Terminal not found: ${name}`)
    if (method === "GET") return { status: 200, body: this.model(term) }
    if (method !== "DELETE") throw new JupyterError(405, "Method Not Allowed")
    this.live.get(t.id)?.terminals.delete(name)
    term.kill()
    return { status: 204 }
  }

  private contents(t: Task, method: string, path: string, raw: string, url: URL) {
    const root = this.place(t).root
    const q = url.searchParams
    if (method === "GET") {
      const opts = {
        content: flag(q, "content", true),
        format: q.get("format") ?? undefined,
        type: q.get("type") ?? undefined,
        hash: flag(q, "hash", false),
      }
      if (!opts.content && opts.hash) return { status: 200, body: hashModel(root, path, opts) }
      const model = getModel(root, path, opts)
      const extra = this.crafted.get(t.id)?.get(apiPath(path)) ?? []
      if (model.type === "directory" && Array.isArray(model.content) && extra.length > 0) {
        const at = model.last_modified
        const crafted = extra.map((e) => ({
          name: e.name,
          path: model.path === "" ? e.name : `${model.path}/${e.name}`,
          type: e.type ?? "file",
          format: null,
          mimetype: null,
          content: null,
          size: e.type === "directory" ? null : (e.size ?? 0),
          created: at,
          last_modified: at,
          writable: true,
          hash: null,
          hash_algorithm: null,
        }))
        return { status: 200, body: { ...model, content: [...model.content, ...crafted] } }
      }
      return { status: 200, body: model }
    }
    if (method === "PUT") {
      const { model, created } = putModel(root, path, jsonBody(raw))
      const location = `${url.pathname.replace(/\/api\/contents.*$/, "/api/contents")}/${encodeURI(model.path)}`
      return { status: created ? 201 : 200, body: model, headers: { Location: location } }
    }
    if (method === "DELETE") {
      deleteModel(root, path)
      return { status: 204 }
    }
    if (method === "PATCH") return { status: 200, body: renameModel(root, path, jsonBody(raw)) }
    if (method === "POST") {
      const model = newUntitled(root, path, jsonBody(raw))
      return {
        status: 201,
        body: model,
        headers: {
          Location: `${url.pathname.replace(/\/api\/contents.*$/, "/api/contents")}/${encodeURI(model.path)}`,
        },
      }
    }
    throw new JupyterError(405, "Method Not Allowed")
  }

  /** `<lab>/terminals/websocket/{name}`: attaches a WebSocket to a live terminal (after the gateway's checks). */
  async upgrade(t: Task, rest: string, req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    this.sweep()
    const name = decodeURIComponent(/^\/terminals\/websocket\/([^/?]+)\/?$/.exec(rest)?.[1] ?? "")
    const term = this.live.get(t.id)?.terminals.get(name)
    if (term === undefined || !term.alive) return refuseUpgrade(socket, 404, `Terminal not found: ${name}`)
    if (this.wss === undefined) {
      const { WebSocketServer } = await import("ws")
      this.wss ??= new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES })
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.sockets.add(ws)
      ws.on("close", () => this.sockets.delete(ws))
      term.attach(ws)
      const dropMs = this.faults.config.terminalSocketDropMs
      if (dropMs !== null && dropMs >= 0) {
        const timer = setTimeout(() => ws.terminate(), dropMs)
        timer.unref()
        ws.on("close", () => clearTimeout(timer))
      }
    })
  }
}
