import { request } from "node:http"
import WebSocket from "ws"

/** A test's minimal Jupyter client: REST with the token header, a terminal socket that collects output. */
export class Lab {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  async api(method: string, path: string, body?: unknown, auth = `token ${this.token}`) {
    const init: RequestInit = { method, headers: { authorization: auth } }
    if (body !== undefined) init.body = JSON.stringify(body)
    const res = await fetch(`${this.base}${path}`, init)
    const text = await res.text()
    // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely; the assertions are the contract
    const json: any = text.trim().startsWith("{") || text.trim().startsWith("[") ? JSON.parse(text) : text
    return { status: res.status, body: json, headers: res.headers }
  }

  async newTerminal(): Promise<string> {
    const r = await this.api("POST", "/api/terminals")
    if (r.status !== 200) throw new Error(`POST /api/terminals: ${r.status}`)
    return r.body.name as string
  }

  socketUrl(name: string, withToken = true): string {
    const ws = this.base.replace(/^http/, "ws")
    return `${ws}/terminals/websocket/${name}${withToken ? `?token=${this.token}` : ""}`
  }

  async open(name: string): Promise<Term> {
    return Term.connect(this.socketUrl(name))
  }
}

/** A raw GET/PUT whose path is sent as written (fetch would normalise `..` away). */
export const rawRequest = (
  url: string,
  path: string,
  token: string,
  method = "GET",
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const u = new URL(url)
    const req = request(
      { host: u.hostname, port: u.port, path, method, headers: { authorization: `token ${token}`, ...headers } },
      (res) => {
        let text = ""
        res.on("data", (d: Buffer) => {
          text += d.toString("utf8")
        })
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on("error", reject)
    req.end()
  })

/** One terminal WebSocket: everything received, in order, and helpers to wait on it. */
export class Term {
  frames: unknown[][] = []
  closed = false
  private waiters: (() => void)[] = []

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.frames.push(JSON.parse(String(data)) as unknown[])
      this.wake()
    })
    ws.on("close", () => {
      this.closed = true
      this.wake()
    })
  }

  static connect(url: string, headers: Record<string, string> = {}): Promise<Term> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers })
      const term = new Term(ws)
      ws.once("open", () => resolve(term))
      ws.once("unexpected-response", (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)))
      ws.once("error", reject)
    })
  }

  get stdout(): string {
    return this.frames
      .filter((f) => f[0] === "stdout")
      .map((f) => String(f[1]))
      .join("")
  }

  send(frame: unknown[]): void {
    this.ws.send(JSON.stringify(frame))
  }

  stdin(text: string): void {
    this.send(["stdin", text])
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w()
  }

  /** Resolves once `test` holds; rejects (with what arrived) after `ms`. */
  async until(test: (t: Term) => boolean, what: string, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms
    while (!test(this)) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.stdout.slice(-500))}`)
      await new Promise<void>((r) => {
        const timer = setTimeout(r, Math.min(left, 200))
        this.waiters.push(() => {
          clearTimeout(timer)
          r()
        })
      })
    }
  }

  /** Waits for a line matching `re` in the output and returns its match. */
  async expect(re: RegExp, ms?: number): Promise<RegExpMatchArray> {
    await this.until((t) => re.test(t.stdout), String(re), ms)
    return re.exec(this.stdout) as RegExpMatchArray
  }

  close(): void {
    this.ws.close()
  }
}

/** Whether a process is still alive. */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Polls until `test` holds (or throws after `ms`). */
export const eventually = async (test: () => boolean | Promise<boolean>, what: string, ms = 20_000) => {
  const deadline = Date.now() + ms
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
