import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import type { WebSocket } from "ws"
import { childOf, hangUp, type PtyMode, ptyMode, resizePty, shellCommand, ttyOf } from "./processes.js"

/** Terminado keeps the last 1000 reads and replays them to every socket that connects; we bound characters too. */
const BUFFER_READS = 1000
const BUFFER_CHARS = 1024 * 1024

const send = (ws: WebSocket, frame: unknown[]): void => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame))
}

/** How a socket talks: Jupyter's JSON frames, or a worker PTY's bytes (text frames in, binary frames out). */
export type Framing = "jupyter" | "raw"

/**
 * One Jupyter terminal: `/bin/sh` on a pseudo-terminal (via `script`), living until its shell exits or it
 * is deleted, whether or not a WebSocket is attached. Output is relayed as `["stdout", text]` to every
 * attached socket and kept in a bounded buffer that is replayed on connect, as terminado does. A worker
 * PTY's socket (`raw`) gets the bytes alone, and no replay: its shell lives and dies with that socket.
 */
export class Terminal {
  lastActivity = Date.now()
  private readonly child: ChildProcessWithoutNullStreams
  private readonly clients = new Map<WebSocket, Framing>()
  private readonly buffer: string[] = []
  private bufferChars = 0
  private readonly decoder = new TextDecoder("utf-8")
  private shellPid: number | undefined
  private exited = false
  /** Resizes run `stty` in a child process: input waits behind a pending one, as a pty's ioctl is synchronous. */
  private queue: Promise<void> = Promise.resolve()
  private pending = 0

  constructor(
    readonly name: string,
    cwd: string,
    env: NodeJS.ProcessEnv,
    private readonly onExit: (t: Terminal) => void,
    readonly mode: PtyMode = ptyMode(),
  ) {
    const [command, args] = shellCommand(this.mode)
    const shellEnv = this.mode === "pipes" ? { ...env, COLUMNS: "80", LINES: "24" } : env
    this.child = spawn(command, args, { cwd, env: shellEnv, detached: true, stdio: ["pipe", "pipe", "pipe"] })
    this.child.on("error", () => this.exit())
    this.child.stdin.on("error", () => {})
    this.child.stdout.on("data", (d: Buffer) => this.output(this.decoder.decode(d, { stream: true })))
    this.child.stderr.on("data", (d: Buffer) => this.output(this.decoder.decode(d, { stream: true })))
    this.child.on("close", () => this.exit())
    // A pty starts at 0×0; Jupyter's start at 24 rows by 80 columns.
    if (this.mode !== "pipes") void this.resize(24, 80)
  }

  /** The process group leaders to signal: `script`'s group and the shell's own session. */
  get groups(): number[] {
    return [this.child.pid, this.shellPid].filter((p): p is number => p !== undefined)
  }

  get alive(): boolean {
    return !this.exited
  }

  attach(ws: WebSocket, framing: Framing = "jupyter"): void {
    this.clients.set(ws, framing)
    if (framing === "jupyter") {
      send(ws, ["setup", {}])
      if (this.buffer.length > 0) send(ws, ["stdout", this.buffer.join("")])
    }
    ws.on("message", (data, binary) => {
      if (framing === "jupyter") this.frame(String(data))
      else if (!binary) this.write(String(data))
    })
    ws.on("close", () => this.clients.delete(ws))
    ws.on("error", () => this.clients.delete(ws))
  }

  /** Every attached socket, for the drop fault. */
  sockets(): WebSocket[] {
    return [...this.clients.keys()]
  }

  write(text: string): void {
    if (this.pending > 0) {
      this.queue = this.queue.then(() => this.input(text))
      return
    }
    this.input(text)
  }

  private input(text: string): void {
    if (this.exited) return
    this.lastActivity = Date.now()
    if (this.mode === "pipes" && text.includes("\u0003")) {
      // No line discipline to turn ^C into SIGINT: signal the shell's process group (the interactive
      // shell ignores it, its children do not).
      try {
        process.kill(-(this.child.pid ?? 0), "SIGINT")
      } catch {
        // gone
      }
      text = text.replaceAll("\u0003", "")
    }
    if (text !== "") this.child.stdin.write(text)
  }

  /** Applies a window size to the pty (`stty rows R cols C`), retrying while the shell is starting. */
  resize(rows: number, cols: number): Promise<void> {
    if (this.mode === "pipes") return Promise.resolve()
    this.pending++
    this.queue = this.queue
      .then(() => this.applySize(rows, cols))
      .finally(() => {
        this.pending--
      })
    return this.queue
  }

  private async applySize(rows: number, cols: number): Promise<void> {
    for (let attempt = 0; attempt < 40 && !this.exited; attempt++) {
      this.shellPid ??= this.child.pid === undefined ? undefined : childOf(this.child.pid)
      const tty = this.shellPid === undefined ? undefined : ttyOf(this.shellPid)
      if (tty !== undefined) return resizePty(tty, rows, cols)
      await new Promise((r) => setTimeout(r, 25))
    }
  }

  /** Hangs up the shell (DELETE /api/terminals/{name}); its exit then disconnects the sockets. */
  kill(): void {
    if (this.exited) return
    hangUp(this.groups)
  }

  private frame(raw: string): void {
    let msg: unknown
    try {
      msg = JSON.parse(raw)
    } catch {
      return
    }
    if (!Array.isArray(msg)) return
    if (msg[0] === "stdin" && typeof msg[1] === "string") this.write(msg[1])
    else if (msg[0] === "set_size") {
      const rows = Number(msg[1])
      const cols = Number(msg[2])
      if (Number.isInteger(rows) && Number.isInteger(cols) && rows > 0 && cols > 0 && rows < 10_000 && cols < 10_000)
        void this.resize(rows, cols)
    }
  }

  private output(text: string): void {
    if (text === "") return
    this.lastActivity = Date.now()
    this.buffer.push(text)
    this.bufferChars += text.length
    while (this.buffer.length > BUFFER_READS || (this.bufferChars > BUFFER_CHARS && this.buffer.length > 1)) {
      this.bufferChars -= this.buffer.shift()?.length ?? 0
    }
    for (const [ws, framing] of this.clients)
      if (framing === "jupyter") send(ws, ["stdout", text])
      else if (ws.readyState === ws.OPEN) ws.send(Buffer.from(text, "utf8"), { binary: true })
  }

  private exit(): void {
    if (this.exited) return
    this.exited = true
    this.output(this.decoder.decode())
    for (const [ws, framing] of this.clients) {
      if (framing === "jupyter") send(ws, ["disconnect", 1])
      ws.close(1000)
    }
    this.clients.clear()
    this.onExit(this)
  }
}
