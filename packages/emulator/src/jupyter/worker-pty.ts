import { randomBytes } from "node:crypto"
import { mkdirSync, realpathSync } from "node:fs"
import type { IncomingMessage } from "node:http"
import { join } from "node:path"
import type { Duplex } from "node:stream"
import type { WebSocket, WebSocketServer } from "ws"
import type { Emu } from "../context.js"
import { podNames } from "../sim/behaviour.js"
import type { Engine } from "../sim/engine.js"
import type { Store } from "../state/store.js"
import type { Task } from "../state/types.js"
import { killAll, ptyMode } from "./processes.js"
import { refuseUpgrade } from "./server-api.js"
import { Terminal } from "./terminal.js"

// The worker PTY (INSPIRE-API.md §4.17): a WebSocket per shell in a running job's pod, the session
// cookie its only credential, text frames typed into the shell and binary frames its raw output. Each
// socket gets a shell of its own on a real pseudo-terminal (as the notebooks' terminals), in a folder of
// that pod's; the shell ends when the socket closes, and every process of a job ends when the job stops.

const PATH =
  /^\/api\/(v1|v2)\/(train_job\/remote_cmd|hpc_jobs\/instances\/exec|ray_job\/instances\/exec|inference_servings\/instances\/exec)\/?$/
const KINDS: Record<string, Task["kind"]> = {
  "train_job/remote_cmd": "train",
  "hpc_jobs/instances/exec": "hpc",
  "ray_job/instances/exec": "ray",
  "inference_servings/instances/exec": "serving",
}
const MARKER = "EMULATOR_WORKER_TAG"
const SWEEP_MS = 250

/** Whether a path is one of the worker PTY sockets (under either prefix). */
export const isWorkerPtyPath = (path: string): boolean => PATH.test(path)

interface Session {
  readonly task: Task
  readonly run: number
  readonly marker: string
  readonly terminal: Terminal
}

/** The shells opened through worker PTY sockets, killed when their job stops or the emulator closes. */
export class WorkerPtys {
  private readonly nonce = randomBytes(6).toString("hex")
  private readonly live = new Set<Session>()
  private wss: WebSocketServer | undefined
  private sweeper: NodeJS.Timeout | undefined

  constructor(
    private readonly store: Store,
    private readonly engine: Engine,
    /** The emulator's scratch folder (shared with the notebooks' sandboxes, removed on close). */
    private readonly root: () => string,
    private readonly shell: "pty" | "pipes",
  ) {}

  /** Answers a worker PTY handshake: a shell on success, else the HTTP refusal the platform would send. */
  async upgrade(emu: Emu, req: IncomingMessage, socket: Duplex, head: Buffer, path: string, query: URLSearchParams) {
    const m = PATH.exec(path)
    const record = emu.requests.begin(`ws:${path}`)
    const refuse = (status: number, message: string) => {
      emu.requests.finish(record, status)
      refuseUpgrade(socket, status, message)
    }
    if (m?.[1] !== `${emu.rules.workerPty}`) return refuse(404, "404 page not found")
    if (emu.auth.sessionUser(req.headers.cookie) === undefined) return refuse(401, "unauthorized")
    this.engine.update()
    this.sweep()
    const jobId = query.get("job_id") ?? ""
    const pod = query.get("instance_name") ?? ""
    const task = emu.store.state.tasks.find((t) => t.id === jobId && t.kind === KINDS[m[2] ?? ""])
    if (task === undefined) return refuse(404, `job ${jobId} not found`)
    if (!podNames(task).includes(pod)) return refuse(404, `instance ${pod} not found in job ${jobId}`)
    if (task.phase !== "running") return refuse(400, `instance ${pod} is not running`)
    if (this.wss === undefined) {
      const { WebSocketServer } = await import("ws")
      this.wss ??= new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
    }
    emu.requests.finish(record, 101)
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.open(ws, task, pod)
      // The drop fault cuts these sockets as it cuts the notebooks' terminal sockets.
      const dropMs = emu.faults.config.terminalSocketDropMs
      if (dropMs === null || dropMs < 0) return
      const timer = setTimeout(() => ws.terminate(), dropMs)
      timer.unref()
      ws.on("close", () => clearTimeout(timer))
    })
  }

  private open(ws: WebSocket, task: Task, pod: string): void {
    const dir = join(this.root(), "workers", task.id, pod)
    mkdirSync(dir, { recursive: true })
    const home = realpathSync(dir)
    const marker = `${this.nonce}/${task.id}`
    const env: NodeJS.ProcessEnv = {
      PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      HOME: home,
      PWD: home,
      SHELL: "/bin/sh",
      TERM: "xterm",
      LANG: "C.UTF-8",
      PS1: "$ ",
      MY_POD_NAME: pod,
      [MARKER]: marker,
    }
    const session: Session = {
      task,
      run: task.runs.length,
      marker,
      terminal: new Terminal(
        pod,
        home,
        env,
        () => this.live.delete(session),
        this.shell === "pipes" ? "pipes" : ptyMode(),
      ),
    }
    this.live.add(session)
    this.watch()
    session.terminal.attach(ws, "raw")
    ws.on("close", () => session.terminal.kill())
  }

  private watch(): void {
    this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS)
    this.sweeper.unref()
  }

  /** Ends the shells of jobs no longer running (stopped, finished, restarted or deleted). */
  sweep(): void {
    if (this.live.size === 0) return
    this.engine.update()
    for (const s of this.live) {
      const t = this.store.state.tasks.find((x) => x.id === s.task.id)
      if (t?.phase === "running" && t.runs.length === s.run) continue
      this.live.delete(s)
      killAll(s.terminal.groups, `${MARKER}=${s.marker}`)
    }
    if (this.live.size === 0 && this.sweeper !== undefined) {
      clearInterval(this.sweeper)
      this.sweeper = undefined
    }
  }

  /** Kills every shell (synchronous: safe in an exit handler). */
  close(): void {
    if (this.sweeper !== undefined) clearInterval(this.sweeper)
    this.sweeper = undefined
    for (const s of this.live) killAll(s.terminal.groups, `${MARKER}=${s.marker}`)
    this.live.clear()
    for (const ws of this.wss?.clients ?? []) ws.terminate()
    this.wss?.close()
    this.wss = undefined
  }
}
