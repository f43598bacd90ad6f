import type { Readable, Writable } from "node:stream"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js"
import { log } from "./log.js"

const NEWLINE = 0x0a

const idOf = (value: unknown): string | number | null => {
  const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined
  return typeof id === "string" || typeof id === "number" ? id : null
}

/**
 * MCP over stdio, one JSON-RPC message per line, like the SDK's StdioServerTransport except for what
 * goes wrong: the SDK's closes the whole transport (and the server exits 0, silently) when a line
 * outgrows its buffer, and drops a line that is not a message without a word. Here a line longer than
 * `maxLineBytes` is discarded up to its newline and answered with -32600 (id null), a line that is not
 * JSON with -32700, one that is not a JSON-RPC message with -32600, each also said on stderr; the server
 * keeps reading the next line.
 */
export class LineTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private parts: Buffer[] = []
  private size = 0
  private skipping = false

  constructor(
    private readonly maxLineBytes: number,
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.input.on("data", this.ondata)
    this.input.on("error", this.oninputerror)
  }

  private readonly oninputerror = (e: Error): void => this.onerror?.(e)

  private readonly ondata = (chunk: Buffer): void => {
    let start = 0
    while (start < chunk.length) {
      const end = chunk.indexOf(NEWLINE, start)
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end)
      if (!this.skipping) {
        this.size += piece.length
        if (this.size > this.maxLineBytes) this.tooLong()
        else this.parts.push(piece)
      }
      if (end === -1) return
      if (!this.skipping) this.line(Buffer.concat(this.parts, this.size))
      this.parts = []
      this.size = 0
      this.skipping = false
      start = end + 1
    }
  }

  private tooLong(): void {
    this.parts = []
    this.size = 0
    this.skipping = true
    this.refuse(
      ErrorCode.InvalidRequest,
      `Message too large: a line over ${this.maxLineBytes} bytes (INSPIRE_MCP_MAX_MESSAGE_BYTES) was discarded unread; send smaller messages.`,
      null,
    )
  }

  private line(bytes: Buffer): void {
    const text = bytes.toString("utf8").replace(/\r$/, "")
    if (text.trim() === "") return
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      this.refuse(ErrorCode.ParseError, "Parse error: a line on stdin is not JSON; it was discarded.", null)
      return
    }
    const message = JSONRPCMessageSchema.safeParse(json)
    if (message.success) this.onmessage?.(message.data)
    else
      this.refuse(
        ErrorCode.InvalidRequest,
        "Invalid Request: a line on stdin is not a JSON-RPC 2.0 message; it was discarded.",
        idOf(json),
      )
  }

  private refuse(code: number, message: string, id: string | number | null): void {
    log(message)
    this.write({ jsonrpc: "2.0", id, error: { code, message } }).catch((e: unknown) =>
      this.onerror?.(e instanceof Error ? e : new Error(String(e))),
    )
  }

  private write(value: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(value)}\n`)) resolve()
      else this.output.once("drain", resolve)
    })
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message)
  }

  async close(): Promise<void> {
    this.input.off("data", this.ondata)
    this.input.off("error", this.oninputerror)
    if (this.input.listenerCount("data") === 0) this.input.pause()
    this.parts = []
    this.size = 0
    this.onclose?.()
  }
}
