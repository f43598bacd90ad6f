#!/usr/bin/env node
// Re-measures the claim that the tests pass on a busy machine: starts CPU-bound burner processes
// (two by default, one per core of the reference CI machine), runs `npm test` beside them, and ends
// the burners whatever happened. `npm test` itself never starts burners; this is the way to check it.
//
//   node scripts/busy-check.mjs                       two burners, then npm test
//   node scripts/busy-check.mjs --burners 4           more load
//   node scripts/busy-check.mjs -- pnpm --filter @holos-inspire/cli test    another command
//
// The command sees the burners' process ids in INSPIRE_BUSY_BURNERS. The exit code is the command's.
import { spawn } from "node:child_process"
import { loadavg } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

const usage = () => {
  console.error("usage: node scripts/busy-check.mjs [--burners N] [-- command args…]")
  process.exit(2)
}

const parse = (argv) => {
  const dash = argv.indexOf("--")
  const own = dash === -1 ? argv : argv.slice(0, dash)
  const command = dash === -1 ? ["npm", "test"] : argv.slice(dash + 1)
  let burners = 2
  for (let i = 0; i < own.length; i++) {
    if (own[i] !== "--burners") usage()
    burners = Number(own[++i])
    if (!Number.isInteger(burners) || burners < 0) usage()
  }
  if (command.length === 0) usage()
  return { burners, command }
}

const { burners, command } = parse(process.argv.slice(2))
const pids = Array.from(
  { length: burners },
  () => spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }).pid,
).filter((pid) => pid !== undefined)

const stopBurners = () => {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL")
    } catch {
      // already gone
    }
  }
}
// Whatever ends this process also ends the burners.
process.on("exit", stopBurners)

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ")
const started = Date.now()
console.error(`[busy-check] ${pids.length} CPU burner(s) running; load ${load()}; running: ${command.join(" ")}`)
const child = spawn(command[0], command.slice(1), {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, INSPIRE_BUSY_BURNERS: pids.join(",") },
})
// A signal goes on to the command; its end (below) ends this process and the burners.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal))
child.on("error", (error) => {
  console.error(`[busy-check] could not start ${command[0]}: ${error.message}`)
  process.exit(1)
})
child.on("close", (code, signal) => {
  const seconds = Math.round((Date.now() - started) / 1000)
  const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`
  console.error(
    `[busy-check] ${command.join(" ")} ${outcome} in ${seconds} s beside ${pids.length} burner(s); load ${load()}`,
  )
  process.exit(code ?? 1)
})
