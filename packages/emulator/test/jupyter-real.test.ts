// The emulator's Jupyter subset beside a real Jupyter Server (Debian's jupyter-server 1.23, installed by
// scripts/jupyter-server.sh when missing): the same exchanges, in the same order, against both, comparing
// status codes and the keys and JSON types of the answers (values only where a row names them). What must
// differ is normalised: tokens, the temp roots, timestamp values, the server's version. A difference the
// emulator keeps on purpose is a row's `differs`, with its reason and both statuses.
import { randomBytes } from "node:crypto"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { start } from "./helpers.js"
import { Lab, rawRequest, Term } from "./jupyter-client.js"
import { type RealJupyter, startRealJupyter } from "./real-jupyter.js"

interface Exchange {
  method: string
  path: string
  body?: unknown
  /** Sent as written (fetch would resolve a `..`). */
  raw?: boolean
  /** Top-level keys whose values must be equal too (`message` is compared with the roots cut out). */
  values?: string[]
  /** A deliberate difference: why, the status each side answers, and the emulator's message if it says one. */
  differs?: { why: string; real: number; emulator: number; said?: string }
}

const bytes = randomBytes(64)
bytes[0] = 0xff // not UTF-8: a GET without a format gives base64

const EXCHANGES: Exchange[] = [
  { method: "GET", path: "/api" },
  { method: "GET", path: "/api/status", values: ["connections", "kernels"] },
  {
    method: "GET",
    path: "/api/me",
    differs: {
      why: "the identity route is Jupyter Server 2.x's; 1.23 has none (its HTML 404)",
      real: 404,
      emulator: 200,
    },
  },
  { method: "GET", path: "/api/kernels" },
  { method: "GET", path: "/api/sessions" },
  { method: "GET", path: "/api/contents", values: ["name", "path", "type", "content"] },
  { method: "GET", path: "/api/contents/missing.txt", values: ["message"] },
  { method: "PUT", path: "/api/contents/a.txt", body: { type: "file", format: "text", content: "hello\n" } },
  { method: "PUT", path: "/api/contents/a.txt", body: { type: "file", format: "text", content: "again\n" } },
  {
    method: "PUT",
    path: "/api/contents/b.bin",
    body: { type: "file", format: "base64", content: bytes.toString("base64") },
  },
  { method: "PUT", path: "/api/contents/data", body: { type: "directory" }, values: ["type", "size"] },
  { method: "PUT", path: "/api/contents/empty.txt", body: { type: "file" }, values: ["size", "type"] },
  { method: "PUT", path: "/api/contents/empty.txt", body: { type: "file" }, values: ["message"] },
  { method: "PUT", path: "/api/contents/n.ipynb", body: { type: "notebook" }, values: ["type", "mimetype", "size"] },
  { method: "PUT", path: "/api/contents/new.txt", values: ["message"] },
  {
    method: "PUT",
    path: "/api/contents/.hid",
    body: { type: "file", format: "text", content: "x" },
    values: ["message"],
  },
  { method: "GET", path: "/api/contents/a.txt?content=0", values: ["content", "format", "mimetype", "size"] },
  { method: "GET", path: "/api/contents/a.txt", values: ["content", "format", "mimetype"] },
  { method: "GET", path: "/api/contents/b.bin", values: ["content", "format", "mimetype"] },
  { method: "GET", path: "/api/contents/n.ipynb", values: ["type", "format", "mimetype"] },
  { method: "GET", path: "/api/contents/n.ipynb?type=file&format=text", values: ["type", "format"] },
  { method: "GET", path: "/api/contents/data", values: ["type", "format", "content"] },
  { method: "GET", path: "/api/contents/data/../../outside.txt", raw: true, values: ["message"] },
  { method: "PUT", path: "/api/contents/data/../../outside.txt", raw: true, values: ["message"] },
  { method: "POST", path: "/api/contents", body: { type: "file", ext: ".txt" }, values: ["name", "path"] },
  {
    method: "POST",
    path: "/api/contents",
    differs: {
      why: "1.23 fails on a POST without a body (a 500: it reads the missing body); 2.x makes an untitled file",
      real: 500,
      emulator: 201,
    },
  },
  { method: "POST", path: "/api/contents/data", body: { type: "directory" }, values: ["name", "path"] },
  { method: "POST", path: "/api/contents", body: { type: "notebook" }, values: ["name", "type", "mimetype"] },
  { method: "POST", path: "/api/contents/data", body: { copy_from: "a.txt" }, values: ["name", "path"] },
  { method: "PATCH", path: "/api/contents/a.txt", body: { path: "data/a2.txt" }, values: ["name", "path"] },
  { method: "PATCH", path: "/api/contents/b.bin", body: { path: "data" }, values: ["message"] },
  {
    method: "PATCH",
    path: "/api/contents/missing.txt",
    body: { path: "m.txt" },
    differs: {
      why: "Jupyter Server 2.x answers 404 for a missing file (its FileNotFoundError case); 1.23 a 500 with the OS error",
      real: 500,
      emulator: 404,
      said: "File or directory does not exist: missing.txt",
    },
  },
  { method: "GET", path: "/api/contents", values: ["name", "type"] },
  { method: "DELETE", path: "/api/contents/data/a2.txt" },
  { method: "DELETE", path: "/api/contents/missing.txt", values: ["message"] },
  { method: "DELETE", path: "/api/contents/.hid", values: ["message"] },
  { method: "POST", path: "/api/terminals", values: ["name"] },
  { method: "GET", path: "/api/terminals" },
  { method: "GET", path: "/api/terminals/1", values: ["name"] },
  { method: "GET", path: "/api/status", values: ["connections", "kernels"] },
  { method: "DELETE", path: "/api/terminals/1" },
  { method: "GET", path: "/api/terminals/nope", values: ["message"] },
  {
    method: "DELETE",
    path: "/api/contents/data/..",
    raw: true,
    differs: {
      why: "the emulator refuses to delete the root through `data/..`; Jupyter Server sends the whole root to the trash",
      real: 204,
      emulator: 400,
    },
  },
]

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/

/** A JSON value's keys and types: timestamps as `time`, arrays as the sorted set of their elements' shapes. */
const shape = (v: unknown): unknown => {
  if (v === null) return "null"
  if (Array.isArray(v)) return [...new Set(v.map((x) => JSON.stringify(shape(x))))].sort()
  if (typeof v === "object") {
    const o = v as Record<string, unknown>
    return Object.fromEntries(
      Object.keys(o)
        // Jupyter Server ≥ 2.11's keys (the emulator answers as 2.x; the reference is 1.23)
        .filter((k) => k !== "hash" && k !== "hash_algorithm")
        .sort()
        .map((k) => [k, shape(o[k])]),
    )
  }
  if (typeof v === "string" && ISO.test(v)) return "time"
  return typeof v
}

interface Side {
  base: string
  token: string
  root: string
}

const send = async (side: Side, x: Exchange): Promise<{ status: number; body: unknown }> => {
  if (x.raw) {
    const path = new URL(side.base).pathname.replace(/\/$/, "") + x.path
    const r = await rawRequest(side.base, path, side.token, x.method)
    return { status: r.status, body: r.text.trim().startsWith("{") ? JSON.parse(r.text) : r.text }
  }
  const r = await new Lab(side.base, side.token).api(x.method, x.path, x.body)
  return { status: r.status, body: r.body }
}

/** The values a row compares; a message with its root cut out and a content listing by names. */
const picked = (side: Side, body: unknown, keys: string[]): Record<string, unknown> => {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return {}
  const o = body as Record<string, unknown>
  return Object.fromEntries(
    keys.map((k) => {
      const v = o[k]
      if (typeof v === "string") return [k, v.replaceAll(side.root, "<root>")]
      if (Array.isArray(v)) return [k, v.map((e) => (e as { name?: unknown }).name).sort()]
      return [k, v]
    }),
  )
}

let real: RealJupyter
let emu: RunningEmulator
let sides: { real: Side; emulator: Side }

beforeAll(async () => {
  real = await startRealJupyter()
  // A notebook's root is the container's `/`, which holds the project's storage (the emulator makes it).
  for (const tier of ["hdd", "ssd"])
    mkdirSync(join(real.root, "inspire", tier, "project", "embodied-fm"), { recursive: true })
  emu = await start()
  const nb = emu.control.jupyter.runningNotebook()
  sides = {
    real: { base: real.base, token: real.token, root: real.root },
    emulator: { base: nb.labBase, token: nb.token, root: emu.control.jupyter.sandbox(nb.id) },
  }
}, 600_000)

afterAll(async () => {
  await emu?.close()
  await real?.stop()
}, 30_000)

describe("the emulator's Jupyter subset against a real Jupyter Server (1.23)", () => {
  it("answers every exchange with the same status, keys and types", async () => {
    const rows: string[] = []
    for (const x of EXCHANGES) {
      const r = await send(sides.real, x)
      const e = await send(sides.emulator, x)
      const what = `${x.method} ${x.path}${x.body === undefined ? "" : ` ${JSON.stringify(x.body)}`}`
      if (x.differs !== undefined) {
        const { why, ...expected } = x.differs
        const got = { real: r.status, emulator: e.status, said: (e.body as { message?: string }).message }
        if (expected.said === undefined) got.said = undefined
        if (JSON.stringify(got) !== JSON.stringify(expected))
          rows.push(
            `${what} (expected: ${why})\n  expected: ${JSON.stringify(expected)}\n  got:      ${JSON.stringify(got)}`,
          )
        continue
      }
      const said = (s: { status: number; body: unknown }, side: Side) => ({
        status: s.status,
        shape: shape(s.body),
        values: picked(side, s.body, x.values ?? []),
      })
      const left = said(r, sides.real)
      const right = said(e, sides.emulator)
      if (JSON.stringify(left) !== JSON.stringify(right))
        rows.push(`${what}\n  real:     ${JSON.stringify(left)}\n  emulator: ${JSON.stringify(right)}`)
    }
    expect(rows.join("\n")).toBe("")
  })

  it("writes chunked uploads and serves byte ranges of /files as the real one does", async () => {
    const blocks = [randomBytes(3000), randomBytes(3000), randomBytes(77)]
    const put = (side: Side, path: string, chunk: number, body: Buffer, type = "file") =>
      new Lab(side.base, side.token).api("PUT", `/api/contents/${path}`, {
        type,
        format: "base64",
        chunk,
        content: body.toString("base64"),
      })
    const get = async (side: Side, path: string, range?: string) => {
      const r = await fetch(`${side.base}/files/${path}`, {
        headers: { authorization: `token ${side.token}`, ...(range !== undefined ? { range } : {}) },
      })
      const body = Buffer.from(await r.arrayBuffer())
      return {
        status: r.status,
        range: r.headers.get("content-range"),
        body: r.status < 300 ? body.toString("hex") : "",
      }
    }
    const ranges = [undefined, "bytes=0-9", "bytes=5990-", "bytes=-4", "bytes=6077-", "bytes=9-3", "bytes=0-99999"]
    const answers = async (side: Side) => {
      const out: unknown[] = []
      // Chunk 1 writes anew, 2 and -1 append; a later chunk with no file before makes one; no folder in chunks.
      for (const [i, b] of blocks.entries()) out.push((await put(side, "c.bin", i === 2 ? -1 : i + 1, b)).status)
      out.push((await put(side, "late.bin", 2, blocks[2] as Buffer)).status)
      const folder = await put(side, "dir", 2, Buffer.from(""), "directory")
      out.push(folder.status, (folder.body as { message?: string }).message)
      for (const range of ranges) out.push(await get(side, "c.bin", range))
      out.push(await get(side, "late.bin"), (await get(side, "missing.bin")).status)
      return out
    }
    expect(await answers(sides.emulator)).toEqual(await answers(sides.real))
  }, 60_000)

  it("runs a command in a terminal over its WebSocket, as the real one does", async () => {
    for (const side of [sides.real, sides.emulator]) {
      const lab = new Lab(side.base, side.token)
      const name = await lab.newTerminal()
      const term = await Term.connect(lab.socketUrl(name))
      await term.until((t) => t.frames.length > 0, "the first frame")
      expect(term.frames[0], side.base).toEqual(["setup", {}])
      term.stdin("echo $((6 * 7))x\r")
      await term.expect(/42x/)
      term.close()
      expect((await lab.api("DELETE", `/api/terminals/${name}`)).status).toBe(204)
    }
  })
})
