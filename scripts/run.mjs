#!/usr/bin/env node
// The one entry point behind README's set-up commands. It needs only Node 20 and npm:
// it brings the pinned pnpm (into .tools/, leaving any global pnpm alone), installs from the
// lockfile, and hands the work to turbo. Usage: node scripts/run.mjs check|demo|bench
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { delimiter, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

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
  execFileSync(
    "npm",
    ["install", "--no-save", "--no-package-lock", "--prefix", join(root, ".tools"), `pnpm@${pinned}`],
    {
      stdio: ["ignore", "inherit", "inherit"],
      env,
    },
  )
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
// that executed no test is visible at a glance.
const REPORT = ".vitest-report.json"
const reportFiles = () =>
  [
    ".",
    ...["packages", "apps", "tests"].flatMap((d) =>
      existsSync(join(root, d)) ? readdirSync(join(root, d)).map((p) => join(d, p)) : [],
    ),
  ]
    .map((dir) => join(root, dir, REPORT))
    .filter((file) => existsSync(file))

const summarize = () => {
  let passed = 0
  let failed = 0
  let skipped = 0
  for (const file of reportFiles()) {
    const r = JSON.parse(readFileSync(file, "utf8"))
    passed += r.numPassedTests ?? 0
    failed += r.numFailedTests ?? 0
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  }
  console.log(`tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`)
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

const tasks = {
  check: () => {
    run("pnpm", ["install", "--frozen-lockfile"])
    for (const file of reportFiles()) rmSync(file)
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
        "test",
        "test:scripts",
        "--output-logs=new-only",
        "--concurrency=2",
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
// and the emulator), quietly, so the narration is what the user reads.
tasks.demo = () => {
  run("pnpm", ["install", "--frozen-lockfile", "--reporter=silent"])
  run("pnpm", ["exec", "turbo", "run", "build", "--filter=@holos-inspire/cli...", "--output-logs=errors-only"])
  run(process.execPath, [join(root, "scripts", "demo.mjs")])
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
