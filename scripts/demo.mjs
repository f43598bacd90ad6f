#!/usr/bin/env node
// `npm run demo`: the manual's Pattern 1 (a first real training run) with the real `inspire` binary
// against the embedded emulator, narrated. A throwaway profile in a temporary home is used; the user's
// own profiles and credentials are never read or touched. Exits 0 only if every step behaved as expected.
// scripts/run.mjs demo installs and builds first; run this file directly only after a build.
import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { bold, isolatedEnv, Narrator } from "./demo-kit.mjs"
import { demoWords } from "./demo-words.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
// `--bin FILE` swaps the binary (the demo's own test uses it to prove a misbehaving step fails the run).
const binAt = process.argv.indexOf("--bin")
const BIN = binAt > 0 ? String(process.argv[binAt + 1]) : join(root, "apps", "cli", "dist", "inspire.mjs")
const EMULATOR = join(root, "packages", "emulator", "dist", "index.js")
const MESSAGES = join(root, "packages", "core", "dist", "words", "message.js")
for (const file of [BIN, EMULATOR, MESSAGES])
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`npm run demo\` (it builds first).`)
    process.exit(1)
  }

const WORKSPACE = "分布式训练空间"
const PROJECT = "具身智能基础模型"
const LOG = "2>&1 | tee /inspire/hdd/project/{en_name}/logs"

const { startEmulator } = await import(pathToFileURL(EMULATOR).href)
// The language the CLI speaks in this environment (its throwaway home sets none): the demo speaks it too.
const { pickLanguage } = await import(pathToFileURL(MESSAGES).href)
const t = demoWords(pickLanguage({ env: process.env, locale: true }))
// The demo drives the platform's clock itself: it starts half an hour in the past, so that when it
// jumps forward by 30 minutes the jobs have a real half hour of history ending now.
const emu = await startEmulator({ port: 0, paused: true, speed: 1 })
emu.control.clock.advance(-1800)
const box = isolatedEnv(emu.url)
const n = new Narrator(BIN, box.env, [emu.demo.password], t)
const JSON_READ = t("jsonRead")
const jsonOf = (run) => {
  try {
    return JSON.parse(run.stdout)
  } catch {
    return undefined
  }
}
const jobIdOf = (run) => jsonOf(run)?.jobId ?? /job-[0-9a-f-]{36}/.exec(run.stdout)?.[0]

const main = async () => {
  process.stdout.write(`${bold("holos-inspire demo")}: ${t("title")}\n`)
  n.note(t("where", { url: emu.url, home: box.home }))

  n.say(t("profileTitle"), t("profileWhy"))
  let r = await n.inspire(["profile", "add", "demo", "--base-url", emu.url])
  n.expect(t("profileCreated"), r, r.code === 0)
  r = await n.inspire(["profile", "use", "demo"])
  n.expect(t("profileSelected"), r, r.code === 0)

  n.say(t("loginTitle"), t("loginWhy1"), t("loginWhy2"))
  r = await n.inspire(["login", "--username", emu.demo.username, "--password-stdin"], {
    stdin: emu.demo.password,
  })
  // Checked in words of no language: the account it names (the status call below needs the login too).
  n.expect(t("loggedIn"), r, r.code === 0 && r.stdout.includes(emu.demo.username))

  n.say(t("discoverTitle"), t("discoverWhy"))
  r = await n.inspire(["status", "--workspace", WORKSPACE, "--schedule-type", "TRAIN"])
  n.expect(t("statusH100"), r, r.code === 0 && /H100/.test(r.stdout))
  const status = jsonOf(
    await n.inspire(["status", "--workspace", WORKSPACE, "--schedule-type", "TRAIN", "--json"], { quiet: JSON_READ }),
  )
  const h100 = status?.workspaces?.[0]?.groups?.find((g) => g.name === "H100")
  const spec = h100?.specs?.TRAIN?.find((s) => s.gpuCount === 1)?.id
  n.expect(t("specFound"), { stdout: "", stderr: "" }, typeof spec === "string")

  n.say(t("defaultsTitle"), t("defaultsWhy"))
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
    set = (await n.inspire(["config", "set", key, value], { quiet: t("saved") })).code === 0 && set
  r = await n.inspire(["config", "get"])
  n.expect(t("defaultsSaved"), r, set && image !== undefined && r.code === 0 && /commandPrefix/.test(r.stdout))

  n.say(t("noSpecTitle"), t("noSpecWhy"))
  const exp1 = ["--name", "exp-001", "--command", `python train.py ${LOG}/exp-001.log #emu:duration=7200`]
  r = await n.inspire(["job", "submit", ...exp1, "--compute-group", "H100"])
  n.expect(t("noSpecRefused"), r, r.code !== 0 && (spec === undefined || r.stderr.includes(spec)))

  n.say(t("submitTitle"), t("submitWhy"))
  r = await n.inspire(["job", "submit", ...exp1, "--compute-group", "H100", "--spec", spec ?? "none"])
  const exp001 = jobIdOf(r)
  n.expect(t("submitted", { name: "exp-001" }), r, r.code === 0 && exp001 !== undefined)

  n.say(t("idleTitle"), t("idleWhy"))
  const exp2 = ["--name", "exp-002", "--command", `python train.py ${LOG}/exp-002.log #emu:idle`]
  r = await n.inspire(["job", "submit", ...exp2, "--compute-group", "H100", "--spec", spec ?? "none"])
  const exp002 = jobIdOf(r)
  n.expect(t("submitted", { name: "exp-002" }), r, r.code === 0 && exp002 !== undefined)

  n.say(t("offlineTitle"), t("offlineWhy", { workspace: WORKSPACE }))
  const exp3 = [
    "--name",
    "exp-003",
    "--command",
    `pip install -r requirements.txt && python train.py ${LOG}/exp-003.log`,
  ]
  r = await n.inspire(["job", "submit", ...exp3, "--compute-group", "H100", "--spec", spec ?? "none"])
  n.expect(t("offlineRefused"), r, r.code !== 0 && /offline|离线|互联网|联网/i.test(r.stderr))
  n.note(t("forcedNote"))
  const forced = [...exp3, "--compute-group", "H100", "--spec", spec ?? "none", "--allow-network-commands"]
  r = await n.inspire(["job", "submit", ...forced])
  const exp003 = jobIdOf(r)
  n.expect(t("forcedSubmitted"), r, r.code === 0 && exp003 !== undefined)

  n.say(t("laterTitle"), t("laterWhy"))
  emu.control.clock.advance(1790)

  n.say(t("runningTitle"))
  r = await n.inspire(["job", "list", "--status", "running"])
  const listed = [exp001, exp002].every((id) => id !== undefined && r.stdout.includes(id))
  n.expect(t("running"), r, r.code === 0 && listed && !r.stdout.includes(exp003 ?? "?"))

  n.say(t("trainingTitle"), t("trainingWhy"))
  r = await n.inspire(["job", "metrics", exp001 ?? "none"])
  n.expect(t("healthy"), r, r.code === 0 && /^HEALTHY/m.test(r.stdout))
  r = await n.inspire(["job", "metrics", exp002 ?? "none"])
  n.expect(t("idle"), r, r.code === 0 && /^IDLE/m.test(r.stdout))

  n.say(t("logsTitle"), t("logsWhy"))
  r = await n.inspire(["job", "logs", exp001 ?? "none", "--lines", "8"])
  n.expect(t("logsShown"), r, r.code === 0 && r.stdout.trim().split("\n").length >= 8)

  n.say(t("whyTitle"), t("whyWhy"))
  r = await n.inspire(["job", "show", exp003 ?? "none"])
  n.expect(
    t("diagnosed"),
    r,
    r.code === 0 && /fail|失败/i.test(r.stdout) && /network|offline|internet|网络|离线|联网/i.test(r.stdout),
  )

  n.say(t("stopTitle"), t("stopWhy"))
  r = await n.inspire(["job", "stop", exp002 ?? "none"])
  n.expect(t("stopRefused"), r, r.code === 2)
  r = await n.inspire(["job", "stop", exp002 ?? "none", "--yes"])
  n.expect(t("stopped"), r, r.code === 0)
  emu.control.clock.advance(5)
  r = await n.inspire(["job", "list"])
  n.expect(t("listStopped"), r, r.code === 0 && new RegExp(`${exp002}.*stopped`).test(r.stdout))
}

let ok = false
try {
  await main()
  ok = n.summary()
} catch (e) {
  console.error(t("stoppedEarly", { reason: e instanceof Error ? e.message : String(e) }))
} finally {
  await emu.close()
  box.cleanup()
}
if (ok) {
  process.stdout.write(`\n${t("next")}\n`)
}
process.exit(ok ? 0 : 1)
