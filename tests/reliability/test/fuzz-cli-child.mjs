// The harness process of the CLI fuzzing suite: it loads the built CLI once and runs `main(argv)` for
// each argv the test sends over IPC, one at a time, answering with the exit code and what was printed.
// It is a harness, not the CLI: it captures process.stdout/stderr writes for its bookkeeping, and puts
// back the store files a fuzzed `logout`, `profile` or `config` changed, so later inputs still run
// logged in against the emulator.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { pathToFileURL } from "node:url"

const dist = new URL("../../../apps/cli/dist/", import.meta.url)
const cjs = new URL("cli.cjs", dist)
// The bundle is CommonJS now (dist/cli.cjs); an older build shipped it as dist/cli.mjs.
const { main } = existsSync(cjs)
  ? createRequire(import.meta.url)(cjs.pathname)
  : await import(pathToFileURL(new URL("cli.mjs", dist).pathname).href)

const home = process.env.INSPIRE_HOME ?? ""
const kept = [join(home, "config"), join(home, "cache", "sessions")]
// stdout is kept short (a listing can be long); stderr whole, since its last line is the hint.
const LIMITS = { stdout: 20_000, stderr: 4_000_000 }

const filesUnder = (dir) =>
  existsSync(dir)
    ? readdirSync(dir).flatMap((name) => {
        const path = join(dir, name)
        return statSync(path).isDirectory() ? filesUnder(path) : [path]
      })
    : []

const snapshot = new Map(kept.flatMap(filesUnder).map((file) => [file, readFileSync(file)]))

// Only these commands change the profile, its credentials or its defaults.
const CHANGES_STORE = new Set(["logout", "profile", "config", "login", "harbor-login"])

const restore = () => {
  for (const file of kept.flatMap(filesUnder)) if (!snapshot.has(file)) rmSync(file, { force: true })
  for (const [file, bytes] of snapshot) {
    mkdirSync(join(file, ".."), { recursive: true })
    writeFileSync(file, bytes, { mode: 0o600 })
  }
}

const escaped = []
process.on("unhandledRejection", (e) => escaped.push(`unhandled rejection: ${e?.stack ?? String(e)}`))
process.on("uncaughtException", (e) => escaped.push(`uncaught exception: ${e?.stack ?? String(e)}`))

const realOut = process.stdout.write.bind(process.stdout)
const realErr = process.stderr.write.bind(process.stderr)

const capture = (sink, limit) => (chunk, encoding, callback) => {
  const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8")
  if (sink.text.length < limit) sink.text += text
  sink.bytes += text.length
  const done = typeof encoding === "function" ? encoding : callback
  if (typeof done === "function") queueMicrotask(() => done())
  return true
}

const run = async (argv) => {
  const out = { text: "", bytes: 0 }
  const err = { text: "", bytes: 0 }
  // One CLI run per process in real life: reset what a previous run left behind.
  process.exitCode = undefined
  process.stdout.write = capture(out, LIMITS.stdout)
  process.stderr.write = capture(err, LIMITS.stderr)
  const started = performance.now()
  let code
  let thrown
  try {
    code = await main(argv)
  } catch (e) {
    thrown = e?.stack ?? String(e)
  } finally {
    process.stdout.write = realOut
    process.stderr.write = realErr
    process.exitCode = undefined
  }
  const ms = performance.now() - started
  if (argv.some((token) => CHANGES_STORE.has(token))) restore()
  return {
    code,
    thrown,
    stdout: out.text,
    stderr: err.text,
    bytes: out.bytes + err.bytes,
    ms,
    escaped: escaped.splice(0),
  }
}

process.on("message", (message) => {
  run(message.argv).then(
    (result) => process.send?.({ id: message.id, ...result }),
    (e) => process.send?.({ id: message.id, thrown: String(e), stdout: "", stderr: "", escaped: [] }),
  )
})
process.send?.({ ready: true })
