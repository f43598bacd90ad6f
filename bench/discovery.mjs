#!/usr/bin/env node
// Measures a full resource discovery against the in-process emulator with 50 ms of injected latency
// and the client's default rate limit (3 req/s, burst 3). Prints figures; it is not a test.
// Needs built packages: `pnpm exec tsc -b` in packages/emulator and packages/core.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { discover } from "../packages/core/dist/api/resources/index.js"
import { saveInspireLogin } from "../packages/core/dist/auth/save.js"
import { Platform } from "../packages/core/dist/platform/client.js"
import { DEFAULT_RATE_LIMIT } from "../packages/core/dist/platform/rate-limit.js"
import { inspireLayer } from "../packages/core/dist/profile.js"
import { Store } from "../packages/core/dist/store/store.js"
import { startEmulator } from "../packages/emulator/dist/index.js"

// The core package's own copy of effect, so that its services and ours are the same module.
const { Effect } = await import(new URL("../packages/core/node_modules/effect/dist/esm/index.js", import.meta.url))

const LATENCY_MS = 50

const isApi = (r) => /^(v1|v2|oa):/.test(r.surface)

/** The longest chain of requests each of which arrived after the previous one's response had closed. */
const chainDepth = (log) => {
  const sorted = [...log].sort((a, b) => a.start - b.start)
  const depth = []
  sorted.forEach((r, i) => {
    let best = 0
    for (let j = 0; j < i; j++) if (sorted[j].end <= r.start) best = Math.max(best, depth[j])
    depth.push(best + 1)
  })
  return Math.max(0, ...depth)
}

/** A profile whose store points at the emulator, logged in as the demo account, with both credentials fetched. */
const session = async (emu, extraEnv) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-bench-"))
  const env = { INSPIRE_HOME: home, SYNERGY_HOME: home, ...extraEnv }
  const layer = inspireLayer({ env })
  const run = (program) => Effect.runPromise(Effect.scoped(Effect.provide(program, layer)))
  await Effect.runPromise(
    Effect.provide(
      Effect.flatMap(Store, (s) =>
        s.updateConfig((c) =>
          Effect.succeed({ ...c, profiles: { default: { defaults: {}, endpoints: { baseUrl: emu.url } } } }),
        ),
      ),
      Store.layer(env),
    ),
  )
  return { run, layer, env, home }
}

const measure = (emu, program) =>
  Effect.gen(function* () {
    emu.control.clearRequests()
    const t0 = performance.now()
    const result = yield* program
    const wall = performance.now() - t0
    const log = emu.control.requests().log.filter(isApi)
    return { result, wall, n: log.length, chain: chainDepth(log) }
  })

const login = (emu) =>
  Effect.gen(function* () {
    yield* saveInspireLogin(emu.demo.username, emu.demo.password)
    const platform = yield* Platform
    // Both credentials up front, so that the timed discovery does not include a login.
    yield* platform.v1("GET", "user/detail", undefined, { idempotent: true })
    yield* platform.v2("user", "GetUserDetail", {}, { idempotent: true })
    // Let the token bucket refill, so the timed run starts as a fresh process would.
    yield* Effect.sleep(`${Math.ceil((DEFAULT_RATE_LIMIT.burst / DEFAULT_RATE_LIMIT.perSecond) * 1000)} millis`)
  })

const main = async () => {
  const emu = await startEmulator({ port: 0 })
  try {
    emu.control.faults.set({ latencyMs: LATENCY_MS })

    // 1. The figures that matter: default rate limit, cold then warm.
    const limited = await session(emu, {})
    const { cold, warm } = await limited.run(
      Effect.gen(function* () {
        yield* login(emu)
        const cold = yield* measure(emu, discover({ refresh: true }))
        const warm = yield* measure(emu, discover())
        return { cold, warm }
      }),
    )

    // 2. Depth as the emulator sees it, with the rate limit lifted so that only dependencies (and the
    //    transport's connection pool) order the requests.
    const open = await session(emu, { INSPIRE_RATE_LIMIT: "1000" })
    const unlimited = await open.run(
      Effect.gen(function* () {
        yield* login(emu)
        return yield* measure(emu, discover({ refresh: true }))
      }),
    )

    const n = cold.n
    const d = cold.result.cost.depth
    const floor = Math.max(d * LATENCY_MS, (n / DEFAULT_RATE_LIMIT.perSecond) * 1000)
    const ratio = cold.wall / floor
    const groups = cold.result.workspaces.reduce((s, w) => s + w.groups.length, 0)
    const rows = [
      ["latency injected", `${LATENCY_MS} ms`],
      ["rate limit", `${DEFAULT_RATE_LIMIT.perSecond} req/s, burst ${DEFAULT_RATE_LIMIT.burst}`],
      [
        "discovered",
        `${cold.result.projects.length} projects, ${cold.result.workspaces.length} workspaces, ${groups} groups`,
      ],
      ["N (requests, emulator counter)", String(n)],
      ["N (requests, discovery's own count)", String(cold.result.cost.requests)],
      ["D (critical path, discovery's call graph)", String(d)],
      [
        "D (emulator timings, no rate limit)",
        `${unlimited.chain} (wall ${unlimited.wall.toFixed(0)} ms; 8 connections)`,
      ],
      ["chain under the rate limit (emulator)", `${cold.chain} (the limiter serialises requests)`],
      ["wall time, cold", `${(cold.wall / 1000).toFixed(2)} s`],
      ["floor max(D × 50 ms, N ÷ 3 req/s)", `${(floor / 1000).toFixed(2)} s`],
      ["ratio wall / floor (target ≤ 1.2)", ratio.toFixed(3)],
      ["warm N (target 0)", String(warm.n)],
      ["wall time, warm", `${warm.wall.toFixed(1)} ms`],
    ]
    const width = Math.max(...rows.map(([k]) => k.length))
    for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`)
  } finally {
    await emu.close()
  }
}

await main()
