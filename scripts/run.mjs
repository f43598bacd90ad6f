#!/usr/bin/env node
// The one entry point behind README's set-up commands. It needs only Node 20 and npm:
// it brings the pinned pnpm (into .tools/, leaving any global pnpm alone), installs from the
// lockfile, and hands the work to turbo. Usage: node scripts/run.mjs check|demo|build|bench
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { delimiter, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { ensureNode24 } from "./node24.mjs"
import { runQuietly } from "./quiet-run.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const pinned = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1]
const toolsBin = join(root, ".tools", "node_modules", ".bin")

const env = {
  ...process.env,
  PATH: [toolsBin, join(root, "node_modules", ".bin"), process.env.PATH].join(delimiter),
  TURBO_TELEMETRY_DISABLED: "1",
  DO_NOT_TRACK: "1",
  COREPACK_ENABLE_DOWNLOAD_PROMPT: "0",
}

const pnpmVersion = () => {
  const r = spawnSync("pnpm", ["--version"], { env, encoding: "utf8" })
  return r.status === 0 ? r.stdout.trim() : undefined
}

const ensurePnpm = () => {
  const found = pnpmVersion()
  if (found === pinned) return
  console.error(`[setup] pnpm ${pinned} is needed (found ${found ?? "none"}); installing it into .tools/`)
  // npm's own output (its install-script warnings about pnpm) is shown only if the install fails.
  const status = runQuietly(
    "installing pnpm",
    "npm",
    ["install", "--no-save", "--no-package-lock", "--prefix", join(root, ".tools"), `pnpm@${pinned}`],
    { stdio: ["ignore", "pipe", "pipe"], env },
  )
  if (status !== 0) process.exit(status)
  const now = pnpmVersion()
  if (now !== pinned) {
    console.error(`[setup] could not run pnpm ${pinned} after installing it (got ${now ?? "nothing"}).`)
    console.error("[setup] Check that the npm registry is reachable, then run the command again.")
    process.exit(1)
  }
}

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" })
  if (r.error) {
    console.error(`[setup] could not start ${cmd}: ${r.error.message}`)
    process.exit(1)
  }
  if (r.status !== 0) process.exit(r.status ?? 1)
}

// Every vitest run writes a JSON report; the totals are printed as one closing line so that a run
// that executed no test is visible at a glance. The second pass on Node 24 writes its own reports.
const REPORT = ".vitest-report.json"
const NODE24_REPORT = ".vitest-report-node24.json"
const reportFiles = (name = REPORT) =>
  [
    ".",
    ...["packages", "apps", "tests"].flatMap((d) =>
      existsSync(join(root, d)) ? readdirSync(join(root, d)).map((p) => join(d, p)) : [],
    ),
  ]
    .map((dir) => join(root, dir, name))
    .filter((file) => existsSync(file))

const summarize = () => {
  let passed = 0
  let failed = 0
  let skipped = 0
  let onNode24 = 0
  for (const file of [...reportFiles(), ...reportFiles(NODE24_REPORT)]) {
    const r = JSON.parse(readFileSync(file, "utf8"))
    passed += r.numPassedTests ?? 0
    failed += r.numFailedTests ?? 0
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
    if (file.endsWith(NODE24_REPORT)) onNode24 += r.numTotalTests ?? 0
  }
  const second = onNode24 > 0 ? ` (${onNode24} of them in the second pass, on Node 24)` : ""
  console.log(`tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}${second}`)
  if (passed === 0) {
    console.error("No test ran: that is a failure of the test set-up, not a pass.")
    process.exit(1)
  }
}

// The image-push tests need a real Docker engine and registries (scripts/docker-env.sh): up before
// the turbo run, down after it whatever happened; the tests read the env file it names.
const dockerEnv = join(root, "scripts", "docker-env.sh")
const dockerUp = () => {
  const r = spawnSync("bash", [dockerEnv, "up"], {
    cwd: root,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  })
  if (r.status !== 0) {
    console.error("[setup] the Docker test env did not start (see above); the image-push tests need it.")
    process.exit(1)
  }
  env.INSPIRE_DOCKER_ENV = r.stdout.trim().split("\n").at(-1)
}
const dockerDown = () => spawnSync("bash", [dockerEnv, "down"], { cwd: root, env, stdio: "inherit" })

// The emulator's browser-login test drives a real headless Chromium: Debian's package, installed here
// (before the turbo run, not inside a test's time limit) when it is missing. Without one the test says
// why and is skipped; nothing else depends on it.
const chromiumUp = () => {
  const r = spawnSync("bash", [join(root, "scripts", "chromium.sh")], {
    cwd: root,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  })
  if (r.status !== 0) console.error("[setup] no Chromium could be installed; the browser-login test will be skipped.")
}

// The suites of core, the emulator, the CLI and the MCP server run a second time on Node 24 (the current
// LTS; the first pass is on the Node that runs this script, Node 20 here): each package's `test:node24`,
// scheduled by turbo in the same run as the first pass, so both keep the two cores busy. vitest runs on
// Node 24, and so the tests' child processes too. Left out: synergy-plugin, whose host tests run the
// plugin inside the Synergy binary's own runtime, not this Node; and tests/reliability, the long fault
// and fuzz suites, which stay on one Node (`npm run bench` runs them at full size). The binary is
// installed here, before turbo starts, so that the four tasks never install it at once.
const node24Ready = () => {
  try {
    ensureNode24(root, env)
    return true
  } catch (e) {
    console.error(`[setup] ${e.message}`)
    return false
  }
}

const tasks = {
  check: () => {
    run("pnpm", ["install", "--frozen-lockfile"])
    for (const file of [...reportFiles(), ...reportFiles(NODE24_REPORT)]) rmSync(file)
    if (!node24Ready()) process.exit(1)
    dockerUp()
    chromiumUp()
    // Ctrl-C reaches turbo too; the env is still taken down before this process exits.
    const stop = () => undefined
    process.on("SIGINT", stop).on("SIGTERM", stop)
    const turbo = spawnSync(
      "pnpm",
      [
        "exec",
        "turbo",
        "run",
        "build",
        "lint",
        "typecheck",
        "gate:size",
        "knip",
        "test",
        "test:node24",
        "test:scripts",
        "--output-logs=new-only",
        // Three at a time on two cores: the suites spend much of their time waiting on the processes and
        // emulators they start, and a third task fills the gaps (on a clean clone: 13 min at two, the
        // figure at three is in docs/BENCHMARKS.md).
        "--concurrency=3",
      ],
      { cwd: root, env, stdio: "inherit" },
    )
    dockerDown()
    if (turbo.error) console.error(`[setup] could not start pnpm: ${turbo.error.message}`)
    if (turbo.status !== 0) process.exit(turbo.status ?? 1)
    // Everything the suites printed and logged, scanned for the test passwords, tokens and cookies.
    run(process.execPath, [join(root, "scripts", "secrets-scan.mjs")])
    summarize()
  },
}

// The narrated walk on the embedded emulator: only what it needs is built (the CLI, and with it core
// and the emulator), quietly, so the narration is what the user reads. Measured 2026-12-04 on the
// shared 2-core machine, `npm run demo` in a fresh clone: 59 s with an empty pnpm store (downloads
// included), 44-64 s with a warm one; 22-25 s once installed and built (the walk itself takes ~20 s).
tasks.demo = () => {
  const started = Date.now()
  console.error(
    "[setup] installing the workspace and building the CLI: up to a minute on the first run, seconds after that.",
  )
  const quietly = (what, args) => {
    const status = runQuietly(what, "pnpm", args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
    if (status !== 0) process.exit(status)
  }
  quietly("pnpm install", ["install", "--frozen-lockfile"])
  quietly("the build", ["exec", "turbo", "run", "build", "--filter=@holos-inspire/cli...", "--output-logs=errors-only"])
  console.error(`[setup] ready in ${Math.round((Date.now() - started) / 1000)} s.\n`)
  run(process.execPath, [join(root, "scripts", "demo.mjs")])
}

// Every program built (the CLI, the MCP server, the plugin), for using them from a checkout.
tasks.build = () => {
  run("pnpm", ["install", "--frozen-lockfile", "--reporter=silent"])
  run("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only"])
}

// Every benchmark and the reliability suites at full size, then docs/BENCHMARKS.md and RELIABILITY.md.
tasks.bench = () => {
  run("pnpm", ["install", "--frozen-lockfile", "--reporter=silent"])
  run("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only"])
  run(process.execPath, [join(root, "scripts", "bench.mjs"), ...process.argv.slice(3)])
}

const task = process.argv[2] ?? "check"
const job = tasks[task]
if (job === undefined) {
  console.error(`unknown task "${task}"; known tasks: ${Object.keys(tasks).join(", ")}`)
  process.exit(2)
}
ensurePnpm()
job()
