#!/usr/bin/env node
// Copies a large file up to a running notebook's project storage and back through inspire_storage cp, in
// child processes (so that each peak RSS is the copy's own), against the emulator on loopback; the same
// bytes through plain fetch on the same paths for comparison; a copy killed half-way and run again, both
// ways, counting the bytes sent twice. Prints figures; it is not a test.
// Needs built packages: `pnpm exec tsc -b` in packages/emulator and packages/core.
// Usage: node bench/storage.mjs [--mib 1024] [--small-mib 128] [--block-mib N] [--report FILE]
import { spawn } from "node:child_process"
import { createHash, randomBytes } from "node:crypto"
import {
  closeSync,
  createReadStream,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { createInspireClient } from "../packages/core/dist/index.js"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { flag, writeReport } from "./report.mjs"

const MIB = 1024 * 1024
const SIZE = Number(flag("mib") ?? 1024) * MIB
const SMALL = Number(flag("small-mib") ?? 128) * MIB
// The engine's blocks unless --block-mib sets both: 8 MiB up (one JSON body each), 32 MiB down (one range each).
const BLOCK_MIB = flag("block-mib")
const UP_BLOCK = Number(BLOCK_MIB ?? 8) * 1024 * 1024
const DOWN_BLOCK = Number(BLOCK_MIB ?? 32) * 1024 * 1024
const CHILD = fileURLToPath(new URL("./storage-child.mjs", import.meta.url))
const SHARE_TARGET = 0.7
const RSS_TARGET_MB = 120
const RESENT_TARGET = 0.1
const ROOT = "/inspire/hdd/project/embodied-fm"

const mb = (bytes) => `${(bytes / MIB).toFixed(1)} MB`
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`
const rate = (bytes, ms) => `${(bytes / MIB / (ms / 1000)).toFixed(0)} MiB/s`
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

const sha = (path) =>
  new Promise((resolve, reject) => {
    const h = createHash("sha256")
    createReadStream(path)
      .on("data", (c) => h.update(c))
      .on("end", () => resolve(h.digest("hex")))
      .on("error", reject)
  })

/** A file of random-looking bytes, written a block at a time. */
const makeFile = (path, size) => {
  const fd = openSync(path, "w")
  for (let at = 0; at < size; at += MIB) writeSync(fd, randomBytes(Math.min(MIB, size - at)))
  closeSync(fd)
}

/** A store with a saved session, as `inspire login` leaves it. */
const sessionHome = async (emu) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-bench-storage-home-"))
  const env = { PATH: process.env.PATH, INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.url, INSPIRE_RATE_LIMIT: "100000" }
  const client = createInspireClient({ env })
  try {
    await client.login({ username: emu.demo.username, password: emu.demo.password })
    await client.v2("user", "GetUserDetail", {})
  } finally {
    await client.close()
  }
  return home
}

const start = (ctx, mode, local, remote) => {
  const env = {
    PATH: process.env.PATH,
    BENCH_MODE: mode,
    BENCH_URL: ctx.emu.url,
    BENCH_HOME: ctx.home,
    BENCH_DIR: ctx.dir,
    BENCH_LOCAL: local,
    BENCH_REMOTE: remote,
    BENCH_LAB: ctx.nb.labBase,
    BENCH_TOKEN: ctx.nb.token,
    BENCH_BLOCK_MIB: BLOCK_MIB ?? "",
  }
  const p = spawn(process.execPath, [CHILD], { env, stdio: ["ignore", "pipe", "inherit"] })
  const done = new Promise((resolve, reject) => {
    let text = ""
    p.stdout.on("data", (b) => {
      text += b
    })
    p.on("error", reject)
    p.on("close", (code, signal) => {
      if (signal !== null) return resolve({ killed: signal })
      if (code !== 0) return reject(new Error(`${mode} child exited with ${code}`))
      resolve(JSON.parse(text.trim().split("\n").at(-1)))
    })
  })
  return { p, done }
}

const run = (ctx, mode, local, remote) => start(ctx, mode, local, remote).done

/** Runs a copy, kills it once `grown()` passes half the file, then runs it again; the bytes sent twice. */
const killAndResume = async (ctx, mode, local, remote, grown, surface, block) => {
  const first = start(ctx, mode, local, remote)
  for (;;) {
    await sleep(20)
    if (grown() >= SIZE / 2) break
  }
  first.p.kill("SIGKILL")
  await first.done
  await sleep(200)
  const had = grown()
  ctx.emu.control.clearRequests()
  const again = await run(ctx, mode, local, remote)
  const requests = ctx.emu.control.requests().bySurface[surface] ?? 0
  // The blocks the missing bytes need; any request beyond them sent a block again.
  const needed = Math.ceil((SIZE - had) / block)
  return {
    had,
    requests,
    needed,
    resent: Math.max(0, requests - needed) * block,
    wall: again.wall,
    maxRss: again.maxRss,
  }
}

const sizeOf = (path) => {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

const main = async () => {
  const emu = await startEmulator({ port: 0 })
  try {
    const nb = emu.control.jupyter.runningNotebook({ name: "bench-storage" })
    const store = join(emu.control.jupyter.sandbox(nb.id), ROOT)
    mkdirSync(store, { recursive: true })
    const dir = mkdtempSync(join(tmpdir(), "inspire-bench-storage-"))
    const ctx = { emu, nb, dir, home: await sessionHome(emu) }
    const big = join(dir, "big.bin")
    const small = join(dir, "small.bin")
    makeFile(big, SIZE)
    makeFile(small, SMALL)
    const want = await sha(big)

    const coreUp = await run(ctx, "core-up", big, `${ROOT}/core.bin`)
    const rawUp = await run(ctx, "raw-up", big, `${ROOT}/raw.bin`)
    const upSame = (await sha(join(store, "core.bin"))) === want && (await sha(join(store, "raw.bin"))) === want
    const coreDown = await run(ctx, "core-down", join(dir, "down-core.bin"), `${ROOT}/core.bin`)
    const rawDown = await run(ctx, "raw-down", join(dir, "down-raw.bin"), `${ROOT}/core.bin`)
    const downSame = (await sha(join(dir, "down-core.bin"))) === want && (await sha(join(dir, "down-raw.bin"))) === want
    rmSync(join(dir, "down-raw.bin"))
    rmSync(join(store, "raw.bin"))
    const smallUp = await run(ctx, "core-up", small, `${ROOT}/small.bin`)
    const smallDown = await run(ctx, "core-down", join(dir, "down-small.bin"), `${ROOT}/small.bin`)

    const part = () => {
      const name = readdirSync(store).find((n) => n.startsWith("kill.bin.") && n.endsWith(".inspire-part"))
      return name === undefined ? 0 : sizeOf(join(store, name))
    }
    const killUp = await killAndResume(ctx, "core-up", big, `${ROOT}/kill.bin`, part, "jup:PUT /api/contents", UP_BLOCK)
    const killUpSame = (await sha(join(store, "kill.bin"))) === want
    const local = join(dir, "kill-down.bin")
    const killDown = await killAndResume(
      ctx,
      "core-down",
      local,
      `${ROOT}/core.bin`,
      () => sizeOf(`${local}.inspire-part`),
      "jup:GET /files",
      DOWN_BLOCK,
    )
    const killDownSame = (await sha(local)) === want

    const upShare = rawUp.wall / coreUp.wall
    const downShare = rawDown.wall / coreDown.wall
    // Flat in the file's size: the small copies, and the copies resumed after a kill, are held to the same bound.
    const peak = Math.max(
      coreUp.maxRss,
      coreDown.maxRss,
      smallUp.maxRss,
      smallDown.maxRss,
      killUp.maxRss,
      killDown.maxRss,
    )
    const table = [
      [`core up (${mb(SIZE)})`, `${secs(coreUp.wall)}, ${rate(SIZE, coreUp.wall)}, peak RSS ${mb(coreUp.maxRss)}`],
      ["raw fetch up", `${secs(rawUp.wall)}, ${rate(SIZE, rawUp.wall)}, peak RSS ${mb(rawUp.maxRss)}`],
      ["core down", `${secs(coreDown.wall)}, ${rate(SIZE, coreDown.wall)}, peak RSS ${mb(coreDown.maxRss)}`],
      ["raw fetch down", `${secs(rawDown.wall)}, ${rate(SIZE, rawDown.wall)}, peak RSS ${mb(rawDown.maxRss)}`],
      [`core up / down (${mb(SMALL)}): peak RSS`, `${mb(smallUp.maxRss)} / ${mb(smallDown.maxRss)}`],
      ["resumed up / down: peak RSS", `${mb(killUp.maxRss)} / ${mb(killDown.maxRss)}`],
      ["same bytes on both sides", String(upSame && downSame && killUpSame && killDownSame)],
      [
        "killed up: had / blocks needed / sent / resent",
        `${mb(killUp.had)} / ${killUp.needed} / ${killUp.requests} / ${mb(killUp.resent)}`,
      ],
      [
        "killed down: had / ranges needed / read / reread",
        `${mb(killDown.had)} / ${killDown.needed} / ${killDown.requests} / ${mb(killDown.resent)}`,
      ],
    ]
    const width = Math.max(...table.map(([k]) => k.length))
    for (const [k, v] of table) console.log(`${k.padEnd(width)}  ${v}`)

    const pct = (x) => `${Math.round(x * 100)} %`
    writeReport({
      id: "storage",
      title: `Storage: copying ${mb(SIZE)} through a notebook`,
      kind: "performance",
      method:
        `A file of ${mb(SIZE)} is copied with inspire_storage cp (blocks of ${UP_BLOCK / MIB} MiB up, ${DOWN_BLOCK / MIB} MiB down) up to a running notebook's project ` +
        "storage and back, against the emulator on loopback, each copy a child process that starts from a saved session (as after " +
        "`inspire login`) with the client's rate limit lifted, reporting its own peak RSS at exit (VmHWM in /proc/self/status; getrusage's maxRSS " +
        "would also count the bench's own RSS, emulator and all, which Linux carries into a child through fork and exec). " +
        "For comparison, plain fetch moves the same bytes on the same paths: up, the same chunked PUTs (base64 in JSON, what the " +
        "contents API takes, 8 MiB blocks); down, one streamed GET of <lab>/files/<path>. The same copies of a " +
        `${mb(SMALL)} file give the peak RSS at another size. Then a copy is killed (SIGKILL) once half the file has arrived and ` +
        "run again: the blocks the re-run sends beyond those the missing bytes need, from the emulator's request counts, and the re-run's peak RSS. Every file's sha256 is " +
        "compared with the source's.",
      rows: [
        {
          name: "upload",
          value: `${secs(coreUp.wall)} (${rate(SIZE, coreUp.wall)}); plain fetch ${secs(rawUp.wall)}`,
          ratio: `${pct(upShare)} of plain fetch's rate`,
          target: `≥ ${pct(SHARE_TARGET)}`,
          met: upShare >= SHARE_TARGET,
        },
        {
          name: "download",
          value: `${secs(coreDown.wall)} (${rate(SIZE, coreDown.wall)}); plain fetch ${secs(rawDown.wall)}`,
          ratio: `${pct(downShare)} of plain fetch's rate`,
          target: `≥ ${pct(SHARE_TARGET)}`,
          met: downShare >= SHARE_TARGET,
        },
        {
          name: "peak RSS of the copying process",
          value: `${mb(coreUp.maxRss)} up, ${mb(coreDown.maxRss)} down; at ${mb(SMALL)}: ${mb(smallUp.maxRss)} up, ${mb(smallDown.maxRss)} down; resumed: ${mb(killUp.maxRss)} up, ${mb(killDown.maxRss)} down`,
          target: `≤ ${RSS_TARGET_MB} MB, flat in the file's size`,
          met: peak <= RSS_TARGET_MB * MIB,
        },
        {
          name: "killed half-way, run again",
          value: `up: ${mb(killUp.resent)} sent twice (${mb(killUp.had)} had arrived); down: ${mb(killDown.resent)} read twice (${mb(killDown.had)} had arrived)`,
          target: `≤ ${pct(RESENT_TARGET)} of the file`,
          met: Math.max(killUp.resent, killDown.resent) <= RESENT_TARGET * SIZE,
        },
        {
          name: "sha256 of every copy",
          value: upSame && downSame && killUpSame && killDownSame ? "the source's" : "DIFFERENT",
          target: "the source's",
          met: upSame && downSame && killUpSame && killDownSame,
        },
      ],
      notes: [
        `Plain fetch's own children peak at ${mb(rawUp.maxRss)} up (its JSON bodies are strings) and ${mb(rawDown.maxRss)} down, ` +
          "with nothing of core loaded. An upload holds one block read from the file and one JSON body (reused for every " +
          "block); a download streams each range to the file and the hash as it arrives, and a resumed one hashes the part it " +
          "kept 1 MiB at a time.",
      ],
    })
    rmSync(dir, { recursive: true, force: true })
  } finally {
    await emu.close()
  }
}

await main()
