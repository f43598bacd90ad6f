#!/usr/bin/env node
// The API requests each everyday CLI call makes, in order, and why each is made. Every call is a new
// process of the bundled CLI (as per-call.mjs runs them) against the in-process emulator in its
// realistic mode; the emulator's request log says what reached the platform.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { BURST, isApi, LATENCY_MS, RATE, runCli, timedCall } from "./limited.mjs"
import { flag, writeReport } from "./report.mjs"
import { why } from "./request-reasons.mjs"

const TRAIN_WS = "分布式训练空间"
const HPC_WS = "高性能计算"

/** A store of its own, logged in, its session opened by an earlier call (as in daily use). */
const account = async (emu) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-bench-req-"))
  const env = { PATH: process.env.PATH, INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.url, NO_COLOR: "1" }
  await runCli(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  await runCli(env, ["job", "list", "--json", "--workspace", TRAIN_WS])
  const forget = () => rmSync(join(home, "cache", "resources"), { recursive: true, force: true })
  return { env, forget }
}

/** The fixture's ids for a submit or create of `type` in workspace `wsName`, group H100 unless HPC. */
const place = (emu, type, wsName) => {
  const s = emu.control.state()
  const ws = s.workspaces.find((w) => w.name === wsName)
  const spec = s.specs.find(
    (x) =>
      x.type === `SCHEDULE_CONFIG_TYPE_${type}` &&
      x.allowedPriorityLevels.length === 0 &&
      (type === "HPC"
        ? x.workspaceId === ws.id
        : x.lcgIds.includes(s.groups.find((g) => g.workspaceId === ws.id && g.name === "H100")?.id)),
  )
  const image = s.images.find(
    (i) =>
      i.registry === "qb" &&
      i.status === "READY" &&
      (type === "HPC" ? /slurm/.test(i.address) : !/slurm|ray|vllm/.test(i.address)),
  )
  return { spec: spec.id, image: image.address }
}

const submit = (emu, name) => {
  const p = place(emu, "TRAIN", TRAIN_WS)
  return [
    "job",
    "submit",
    "--json",
    "--workspace",
    TRAIN_WS,
    "--project",
    "embodied-fm",
    "--compute-group",
    "H100",
  ].concat(["--spec", p.spec, "--image", p.image, "--name", name, "--command", "python train.py #emu:idle"])
}
const hpcSubmit = (emu, name) => {
  const p = place(emu, "HPC", HPC_WS)
  return ["hpc", "submit", "--json", "--workspace", HPC_WS, "--project", "embodied-fm", "--spec", p.spec].concat([
    "--image",
    p.image,
    "--name",
    name,
    "--entrypoint",
    "srun hostname #emu:idle",
  ])
}
const notebookCreate = (emu, name) => {
  const p = place(emu, "DSW", TRAIN_WS)
  return [
    "notebook",
    "create",
    "--json",
    "--workspace",
    TRAIN_WS,
    "--project",
    "embodied-fm",
    "--compute-group",
  ].concat(["H100", "--spec", p.spec, "--image", p.image, "--name", name])
}

// Each call: its label and its arguments (a function of the emulator, a fresh tag per run, the seeded job's id).
const CALLS = [
  {
    label: `job list --workspace ${TRAIN_WS} --type train`,
    args: () => ["job", "list", "--workspace", TRAIN_WS, "--type", "train"],
  },
  { label: `job list --workspace ${TRAIN_WS}`, args: () => ["job", "list", "--workspace", TRAIN_WS] },
  { label: "job show <id>", args: (_e, _t, id) => ["job", "show", id] },
  { label: "job submit (training)", args: (e, t) => submit(e, `rq-${t}`) },
  { label: "hpc submit", args: (e, t) => hpcSubmit(e, `rq-hpc-${t}`) },
  { label: `notebook list --workspace ${TRAIN_WS}`, args: () => ["notebook", "list", "--workspace", TRAIN_WS] },
  { label: "notebook create", args: (e, t) => notebookCreate(e, `rq-nb-${t}`) },
  { label: `serve list --workspace ${TRAIN_WS}`, args: () => ["serve", "list", "--workspace", TRAIN_WS] },
  { label: `status --workspace ${TRAIN_WS}`, args: () => ["status", "--workspace", TRAIN_WS] },
  { label: "avail", args: () => ["avail"] },
  { label: `usage --workspace ${TRAIN_WS}`, args: () => ["usage", "--workspace", TRAIN_WS] },
]

const count = (n) => `${n} request${n === 1 ? "" : "s"}`

const surfaceOf = (r) => r.surface.replace(/^v1:POST /, "v1:").replace(/^v1:GET /, "v1:GET ")

/** One measured call: the requests (surfaces in arrival order) after `prepare`. */
const measure = async (emu, a, args) => {
  const m = await timedCall(emu, () =>
    runCli(
      a.env,
      [...args, "--json"].filter((x, i, xs) => xs.indexOf(x) === i),
    ),
  )
  const log = emu.control
    .requests()
    .log.filter(isApi)
    .sort((x, y) => x.start - y.start)
  return { ...m, surfaces: log.map(surfaceOf) }
}

const main = async () => {
  const emu = await startEmulator({ port: 0, realistic: true })
  try {
    emu.control.faults.set({ latencyMs: LATENCY_MS })
    const seed = await account(emu)
    const { jobId } = JSON.parse(await runCli(seed.env, submit(emu, "rq-seed")))
    const table = []
    const only = flag("only")
    for (const [i, c] of CALLS.entries()) {
      if (only !== undefined && !c.label.includes(only)) continue
      const a = await account(emu)
      // Warm: the same call once before (its discovery kept, the session open), then the measured one.
      await runCli(a.env, [...c.args(emu, `${i}-p`, jobId), "--json"])
      const warm = await measure(emu, a, c.args(emu, `${i}-w`, jobId))
      // Cold: the kept resources removed (the session stays open).
      a.forget()
      const cold = await measure(emu, a, c.args(emu, `${i}-c`, jobId))
      for (const [mode, m] of [
        ["warm", warm],
        ["cold", cold],
      ]) {
        console.log(`\ninspire ${c.label}, ${mode}: ${count(m.n)}`)
        for (const s of m.surfaces) console.log(`  ${s}  — ${why(s, c.label)}`)
      }
      table.push({ label: c.label, warm: warm.surfaces, cold: cold.surfaces })
    }
    // The requests in the order they first arrived, a repeated one counted (×N), each with its reason.
    const reasons = (xs, label) => {
      if (xs.length === 0) return "none: answered from the kept discovery"
      const counted = new Map()
      for (const x of xs) counted.set(x, (counted.get(x) ?? 0) + 1)
      const short = (x) => x.replace(/^(v1|oa):\/(api|openapi)\/v1\//, "$1 ").replace(/^v2:/, "v2 ")
      return [...counted].map(([x, k]) => `${short(x)}${k > 1 ? ` ×${k}` : ""} (${why(x, label)})`).join("; ")
    }
    writeReport({
      id: "requests",
      title: "Requests per call, and why each is made",
      kind: "performance",
      method:
        `Each call is a new process of the bundled CLI (dist/inspire.mjs) against the in-process emulator in its realistic mode (${RATE} requests/s, burst ${BURST}, ${LATENCY_MS} ms of latency); each call gets a store of its own, logged in, its session opened by an earlier call, and one training job exists. ` +
        "Warm makes the same call once before the measured one (the discovery kept, the session open, as in daily use); cold removes the kept resources (cache/resources) first, the session staying open. " +
        "The figure is how many API requests the emulator logged (V1 paths, V2 actions, OpenAPI paths); the comparison column lists them in the order they first arrived (a repeated request once, with its count), each with the piece of the answer that needs it (bench/request-reasons.mjs). The user and the projects are kept for 5 minutes, each workspace's groups, specs and image list for 10 (docs/CONFIGURATION.md). A create is not read back: the platform queues every new job, and its queue place comes from the placement check.",
      rows: table.flatMap((t) => [
        { name: `inspire ${t.label}, warm`, value: count(t.warm.length), ratio: reasons(t.warm, t.label) },
        { name: `inspire ${t.label}, cold`, value: count(t.cold.length), ratio: reasons(t.cold, t.label) },
      ]),
    })
  } finally {
    await emu.close()
  }
}

await main()
