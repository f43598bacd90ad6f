// The copying process of bench/storage.mjs, so that its peak RSS is its own. Modes (BENCH_MODE):
// "core-up" and "core-down" run inspire_storage cp as a frontend calls it (a saved session, the client's
// rate limit lifted); "raw-up" sends the same blocks with Node's fetch (the contents API's chunked PUT,
// base64 in JSON, as the engine does) and "raw-down" streams the file from `<lab>/files/<path>` with one
// GET into a local file. Ends by printing one JSON line: wall time and peak RSS.
import { closeSync, createWriteStream, openSync, readSync, statSync } from "node:fs"
import { performance } from "node:perf_hooks"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { ownPeak } from "./own-peak.mjs"

const env = process.env
const BLOCK = Number(env.BENCH_BLOCK_MIB || 8) * 1024 * 1024

const viaCore = async (up) => {
  const { createInspireClient, findOperation, invoke } = await import("../packages/core/dist/index.js")
  const client = createInspireClient({
    env: {
      PATH: env.PATH,
      INSPIRE_HOME: env.BENCH_HOME,
      INSPIRE_BASE_URL: env.BENCH_URL,
      INSPIRE_RATE_LIMIT: "100000",
      INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源",
      INSPIRE_DOWNLOAD_DIR: env.BENCH_DIR,
    },
  })
  const input = up
    ? { action: "cp", from: env.BENCH_LOCAL, to: env.BENCH_REMOTE, force: true }
    : { action: "cp", from: env.BENCH_REMOTE, to: env.BENCH_LOCAL, force: true }
  const t0 = performance.now()
  await client.run(
    invoke(
      findOperation("storage"),
      { ...input, ...(env.BENCH_BLOCK_MIB ? { block_mib: Number(env.BENCH_BLOCK_MIB) } : {}) },
      {
        progress: () => undefined,
        workingDir: env.BENCH_DIR,
      },
    ),
  )
  const wall = performance.now() - t0
  await client.close()
  return { wall }
}

const headers = { authorization: `token ${env.BENCH_TOKEN}` }
const contents = (path) => `${env.BENCH_LAB}/api/contents/${path.split("/").map(encodeURIComponent).join("/")}`

const rawUp = async () => {
  const path = env.BENCH_REMOTE.replace(/^\//, "")
  const size = statSync(env.BENCH_LOCAL).size
  const fd = openSync(env.BENCH_LOCAL, "r")
  const buf = Buffer.allocUnsafe(BLOCK)
  const t0 = performance.now()
  for (let at = 0; at < size; at += BLOCK) {
    const n = readSync(fd, buf, 0, Math.min(BLOCK, size - at), at)
    const chunk = at + n >= size ? -1 : at / BLOCK + 1
    const body = JSON.stringify({
      type: "file",
      format: "base64",
      chunk,
      content: buf.subarray(0, n).toString("base64"),
    })
    const r = await fetch(contents(path), {
      method: "PUT",
      headers: { ...headers, "content-type": "application/json" },
      body,
    })
    if (!r.ok) throw new Error(`PUT ${r.status}`)
    await r.arrayBuffer()
  }
  closeSync(fd)
  return { wall: performance.now() - t0 }
}

const rawDown = async () => {
  const path = env.BENCH_REMOTE.replace(/^\//, "")
  const t0 = performance.now()
  const r = await fetch(`${env.BENCH_LAB}/files/${path.split("/").map(encodeURIComponent).join("/")}`, { headers })
  if (!r.ok || r.body === null) throw new Error(`GET ${r.status}`)
  await pipeline(Readable.fromWeb(r.body), createWriteStream(env.BENCH_LOCAL))
  return { wall: performance.now() - t0 }
}

const modes = {
  "core-up": () => viaCore(true),
  "core-down": () => viaCore(false),
  "raw-up": rawUp,
  "raw-down": rawDown,
}
const result = await modes[env.BENCH_MODE]()
console.log(JSON.stringify({ ...result, maxRss: ownPeak() }))
