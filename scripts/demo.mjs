#!/usr/bin/env node
// `npm run demo`: the manual's Pattern 1 (a first real training run) with the real `inspire` binary
// against the embedded emulator, narrated. A throwaway profile in a temporary home is used; the user's
// own profiles and credentials are never read or touched. Exits 0 only if every step behaved as expected.
// scripts/run.mjs demo installs and builds first; run this file directly only after a build.
import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { bold, isolatedEnv, Narrator } from "./demo-kit.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
// `--bin FILE` swaps the binary (the demo's own test uses it to prove a misbehaving step fails the run).
const binAt = process.argv.indexOf("--bin")
const BIN = binAt > 0 ? String(process.argv[binAt + 1]) : join(root, "apps", "cli", "dist", "inspire.mjs")
const EMULATOR = join(root, "packages", "emulator", "dist", "index.js")
for (const file of [BIN, EMULATOR])
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`npm run demo\` (it builds first).`)
    process.exit(1)
  }

const WORKSPACE = "分布式训练空间"
const PROJECT = "具身智能基础模型"
const LOG = "2>&1 | tee /inspire/hdd/project/{en_name}/logs"

const { startEmulator } = await import(pathToFileURL(EMULATOR).href)
// The demo drives the platform's clock itself: it starts half an hour in the past, so that when it
// jumps forward by 30 minutes the jobs have a real half hour of history ending now.
const emu = await startEmulator({ port: 0, paused: true, speed: 1 })
emu.control.clock.advance(-1800)
const box = isolatedEnv(emu.url)
const n = new Narrator(BIN, box.env, [emu.demo.password])
const JSON_READ = "JSON output, read by the demo"
const jsonOf = (run) => {
  try {
    return JSON.parse(run.stdout)
  } catch {
    return undefined
  }
}
const jobIdOf = (run) => jsonOf(run)?.jobId ?? /job-[0-9a-f-]{36}/.exec(run.stdout)?.[0]

const main = async () => {
  process.stdout.write(`${bold("holos-inspire demo")}: Pattern 1 of the manual, a first real training run.\n`)
  n.note(`The platform is the embedded emulator at ${emu.url}; everything is kept in ${box.home}.`)

  n.say("A profile for this platform", "Profiles hold one account each; this one points at the emulator.")
  let r = await n.inspire(["profile", "add", "demo", "--base-url", emu.url])
  n.expect("profile created", r, r.code === 0)
  r = await n.inspire(["profile", "use", "demo"])
  n.expect("profile selected", r, r.code === 0)

  n.say(
    "Log in",
    "On a terminal `inspire login` asks for the password without echo; here it comes on stdin.",
    "The password is kept in a 0600 file and never printed.",
  )
  r = await n.inspire(["login", "--username", emu.demo.username, "--password-stdin"], {
    stdin: emu.demo.password,
  })
  n.expect("logged in and verified", r, r.code === 0 && /Logged in/.test(r.stdout))

  n.say("Discover resources", "Workspaces with their network policy, compute groups with free GPUs, and specs.")
  r = await n.inspire(["status", "--workspace", WORKSPACE, "--schedule-type", "TRAIN"])
  n.expect("status lists the H100 group and its TRAIN specs", r, r.code === 0 && /H100/.test(r.stdout))
  const status = jsonOf(await n.inspire(["status", "--workspace", WORKSPACE, "--json"], { quiet: JSON_READ }))
  const h100 = status?.workspaces?.[0]?.groups?.find((g) => g.name === "H100")
  const spec = h100?.specs?.TRAIN?.find((s) => s.gpuCount === 1)?.id
  n.expect("a 1-GPU training spec found", { stdout: "", stderr: "" }, typeof spec === "string")

  n.say("Set defaults", "Set once, used by every later call; commandPrefix starts each job in its environment.")
  const images = jsonOf(
    await n.inspire(["image", "list", "--workspace", WORKSPACE, "--search", "pytorch", "--json"], { quiet: JSON_READ }),
  )
  const image = images?.images?.find((i) => i.status === "READY")?.address
  const defaults = [
    ["defaultWorkspace", WORKSPACE],
    ["defaultProject", PROJECT],
    ["defaultImage", image ?? "none"],
    ["defaultShm", "65536"],
    [
      "commandPrefix",
      "source /opt/conda/etc/profile.d/conda.sh && conda activate base && cd /inspire/hdd/project/{en_name}",
    ],
  ]
  let set = true
  for (const [key, value] of defaults)
    set = (await n.inspire(["config", "set", key, value], { quiet: "saved" })).code === 0 && set
  r = await n.inspire(["config", "get"])
  n.expect("five defaults saved", r, set && image !== undefined && r.code === 0 && /commandPrefix/.test(r.stdout))

  n.say("Submit without a spec", "A wrong or missing spec is answered with the valid choices, not a bare failure.")
  const exp1 = ["--name", "exp-001", "--command", `python train.py ${LOG}/exp-001.log #emu:duration=7200`]
  r = await n.inspire(["job", "submit", ...exp1, "--compute-group", "H100"])
  n.expect("refused with the candidate specs", r, r.code !== 0 && (spec === undefined || r.stderr.includes(spec)))

  n.say("Submit the training job", "The same command with a spec. The result has the job id and what to call next.")
  r = await n.inspire(["job", "submit", ...exp1, "--compute-group", "H100", "--spec", spec ?? "none"])
  const exp001 = jobIdOf(r)
  n.expect("exp-001 submitted", r, r.code === 0 && exp001 !== undefined)

  n.say("A job that never uses its GPU", "Submitted to show what the health verdict says about it.")
  const exp2 = ["--name", "exp-002", "--command", `python train.py ${LOG}/exp-002.log #emu:idle`]
  r = await n.inspire(["job", "submit", ...exp2, "--compute-group", "H100", "--spec", spec ?? "none"])
  const exp002 = jobIdOf(r)
  n.expect("exp-002 submitted", r, r.code === 0 && exp002 !== undefined)

  n.say(
    "Network commands in an offline workspace",
    `${WORKSPACE} has no internet: a pip install there is refused before anything is sent.`,
  )
  const exp3 = [
    "--name",
    "exp-003",
    "--command",
    `pip install -r requirements.txt && python train.py ${LOG}/exp-003.log`,
  ]
  r = await n.inspire(["job", "submit", ...exp3, "--compute-group", "H100", "--spec", spec ?? "none"])
  n.expect("refused, with the shared-storage fix", r, r.code !== 0 && /offline/i.test(r.stderr))
  n.note("Forced through with --allow-network-commands, it will fail on the platform (see below).")
  const forced = [...exp3, "--compute-group", "H100", "--spec", spec ?? "none", "--allow-network-commands"]
  r = await n.inspire(["job", "submit", ...forced])
  const exp003 = jobIdOf(r)
  n.expect("exp-003 submitted anyway", r, r.code === 0 && exp003 !== undefined)

  n.say("Half an hour later", "The emulator's clock moves 30 minutes forward.")
  emu.control.clock.advance(1790)

  n.say("Running jobs")
  r = await n.inspire(["job", "list", "--status", "running"])
  const listed = [exp001, exp002].every((id) => id !== undefined && r.stdout.includes(id))
  n.expect("exp-001 and exp-002 are running", r, r.code === 0 && listed && !r.stdout.includes(exp003 ?? "?"))

  n.say("Is it really training?", "GPU metrics with a health verdict and a sparkline per series.")
  r = await n.inspire(["job", "metrics", exp001 ?? "none"])
  n.expect("exp-001 is HEALTHY", r, r.code === 0 && /^HEALTHY/m.test(r.stdout))
  r = await n.inspire(["job", "metrics", exp002 ?? "none"])
  n.expect("exp-002 is IDLE: it holds a GPU and does nothing", r, r.code === 0 && /^IDLE/m.test(r.stdout))

  n.say("Logs", "The newest lines of the training log.")
  r = await n.inspire(["job", "logs", exp001 ?? "none", "--lines", "8"])
  n.expect("log lines shown", r, r.code === 0 && r.stdout.trim().split("\n").length >= 8)

  n.say("Why did exp-003 fail?", "The detail of a failed job carries a diagnosis and the fix.")
  r = await n.inspire(["job", "show", exp003 ?? "none"])
  n.expect(
    "failed, diagnosed as a network problem",
    r,
    r.code === 0 && /fail/i.test(r.stdout) && /network|offline|internet/i.test(r.stdout),
  )

  n.say("Stop the idle job", "Stopping asks for confirmation on a terminal; --yes confirms in scripts.")
  r = await n.inspire(["job", "stop", exp002 ?? "none"])
  n.expect("refused without --yes when not on a terminal", r, r.code === 2)
  r = await n.inspire(["job", "stop", exp002 ?? "none", "--yes"])
  n.expect("exp-002 stopped", r, r.code === 0)
  emu.control.clock.advance(5)
  r = await n.inspire(["job", "list"])
  n.expect("the list shows it stopped", r, r.code === 0 && new RegExp(`${exp002}.*stopped`).test(r.stdout))
}

let ok = false
try {
  await main()
  ok = n.summary()
} catch (e) {
  console.error(`The demo stopped: ${e instanceof Error ? e.message : String(e)}`)
} finally {
  await emu.close()
  box.cleanup()
}
if (ok) {
  process.stdout.write(
    "\nNext: `inspire --help`, and README.md for using the CLI against the emulator or the platform.\n",
  )
}
process.exit(ok ? 0 : 1)
