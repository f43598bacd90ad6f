// The downloading process of bench/logs.mjs, so that its peak RSS is its own. Modes (BENCH_MODE): "core"
// downloads through inspire_logs (download: true) as a frontend calls it; "raw" asks the emulator for the
// same pages with Node's fetch and does nothing with them beyond finding the next cursor; "lean" does the
// same with the undici modules core sends its requests through (the leanest client at hand), and
// "lean-core" does so after importing core without calling it: the floor a download through core stands on.
// Ends by printing one JSON line: wall time, lines, requests, bytes, RSS at start, after loading core and
// before the download, and peak RSS.
import { mkdtempSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { performance } from "node:perf_hooks"
import { ownPeak } from "./own-peak.mjs"

const env = process.env
const rssStart = process.memoryUsage().rss
const PAGE = 500
// Core's download walks the log in windows of this length (src/api/jobs/logs.ts).
const WINDOW_MS = 7 * 86_400_000

/** Imports core as a frontend does: the module and the RSS after it. */
const importCore = async () => {
  const core = await import("../packages/core/dist/index.js")
  return { core, rss: process.memoryUsage().rss }
}

const viaCore = async () => {
  const { core, rss: rssLoaded } = await importCore()
  const { createInspireClient, findOperation, invoke } = core
  // The parent's store, with the session it saved (bench/logs.mjs); without one, log in here.
  const home = env.BENCH_HOME ?? mkdtempSync(join(tmpdir(), "inspire-bench-logs-"))
  const client = createInspireClient({
    env: {
      PATH: env.PATH,
      INSPIRE_HOME: home,
      INSPIRE_BASE_URL: env.BENCH_URL,
      INSPIRE_RATE_LIMIT: env.BENCH_RATE,
      // Downloads are written only inside the downloads folder: the bench's output folder.
      INSPIRE_DOWNLOAD_DIR: dirname(env.BENCH_OUT),
    },
  })
  if (env.BENCH_HOME === undefined) await client.login({ username: env.BENCH_USER, password: env.BENCH_PASSWORD })
  await client.v2("user", "GetUserDetail", {})
  const rssBefore = process.memoryUsage().rss
  const t0 = performance.now()
  const out = await client.run(
    invoke(findOperation("logs"), { job_id: env.BENCH_JOB, download: true, path: env.BENCH_OUT, overwrite: true }),
  )
  const wall = performance.now() - t0
  await client.close()
  const d = out.result.download
  return {
    wall,
    lines: d.lines,
    requests: d.requests,
    bytes: d.bytes,
    rssLoaded,
    rssBefore,
    crowded: d.crowdedAt.length,
  }
}

/** A JSON POST and its parsed answer: through Node's fetch ("raw"), else through undici's request. */
const poster = async () => {
  if (env.BENCH_MODE === "raw")
    return async (url, headers, body) => (await fetch(url, { method: "POST", headers, body })).json()
  // The modules core loads (packages/core/src/platform/undici.ts), not undici's index.
  const load = createRequire(new URL("../packages/core/package.json", import.meta.url))
  const api = load("undici/lib/api/index.js")
  class Agent extends load("undici/lib/dispatcher/agent.js") {}
  Object.assign(Agent.prototype, api)
  const agent = new Agent()
  return async (url, headers, body) => {
    const { origin, pathname, search } = new URL(url)
    const res = await agent.request({ origin, path: `${pathname}${search}`, method: "POST", headers, body })
    return res.body.json()
  }
}

const viaFetch = async () => {
  const base = env.BENCH_URL
  const post = await poster()
  const rssLoaded = env.BENCH_MODE === "lean-core" ? (await importCore()).rss : process.memoryUsage().rss
  const issued = await post(
    `${base}/auth/token`,
    { "content-type": "application/json" },
    JSON.stringify({ username: env.BENCH_USER, password: env.BENCH_PASSWORD }),
  )
  const token = (issued.data ?? issued).access_token
  const pods = env.BENCH_PODS.split(",")
  const page = async (size, startMs, endMs) => {
    const body = await post(
      `${base}/api/v2/train?Action=GetJobLog`,
      {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "x-inspire-client-source": "bench",
      },
      JSON.stringify({
        page_size: size,
        filter: {
          podNames: pods,
          ...(startMs !== undefined ? { start_timestamp_ms: String(startMs), end_timestamp_ms: String(endMs) } : {}),
        },
        sorter: [
          { field: "time", sort: "ascend" },
          { field: "log-id.keyword", sort: "ascend" },
        ],
      }),
    )
    if (body.Result === undefined) throw new Error(`GetJobLog failed: ${JSON.stringify(body.ResponseMetadata)}`)
    return body.Result.logs
  }
  const rssBefore = process.memoryUsage().rss
  const t0 = performance.now()
  const to = Date.now()
  // The same walk as core's download, so the same pages are asked for; lines are only counted.
  let requests = 1
  let cursor = Number((await page(1))[0].timestamp_ms)
  let ids = new Set()
  let lines = 0
  for (;;) {
    const windowEnd = cursor + WINDOW_MS
    const logs = await page(PAGE, cursor, windowEnd)
    requests++
    const last = logs.at(-1)
    let fresh = 0
    for (const l of logs) if (!ids.has(l.log_id)) fresh++
    lines += fresh
    if (logs.length === PAGE) {
      const lastMs = Number(last.timestamp_ms)
      if (lastMs === cursor && fresh === 0) {
        cursor += 1
        ids = new Set()
        continue
      }
      const next = lastMs === cursor ? ids : new Set()
      for (const l of logs) if (Number(l.timestamp_ms) === lastMs) next.add(l.log_id)
      ids = next
      cursor = lastMs
      continue
    }
    if (windowEnd >= to) break
    cursor = windowEnd + 1
    ids = new Set()
  }
  return { wall: performance.now() - t0, lines, requests, bytes: 0, rssLoaded, rssBefore, crowded: 0 }
}

const result = env.BENCH_MODE === "core" ? await viaCore() : await viaFetch()
console.log(JSON.stringify({ ...result, rssStart, maxRss: ownPeak() }))
