// Drives the real Synergy 3.0.22 binary offline, as PLUGIN-API.md §6 describes: an isolated
// SYNERGY_HOME, every download/update switched off, the server on 127.0.0.1, approval through the
// HTTP API, and every process it started (server, workers, plugin runners) ended by PID.
// Plain JavaScript (types in synergy-home.d.mts) so that the tests and bench/synergy-overhead.mjs share it.
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export const SYNERGY = fileURLToPath(
  new URL("../node_modules/@ericsanchezok/synergy-linux-x64/bin/synergy", import.meta.url),
)

export const PLUGIN_DIR = fileURLToPath(new URL("../", import.meta.url))

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer()
    s.once("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const address = s.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      s.close(() => resolve(port))
    })
  })

const writeJson = (path, value) => {
  mkdirSync(join(path, ".."), { recursive: true })
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`)
}

export const makeHome = (options) => {
  const root = mkdtempSync(join(tmpdir(), "inspire-synergy-"))
  const synergyHome = join(root, "synergy")
  const inspireHome = join(root, "inspire")
  const cwd = join(root, "work")
  const dataRoot = join(synergyHome, ".synergy")
  const configDir = join(dataRoot, "config", "synergy.d")
  mkdirSync(cwd, { recursive: true })
  mkdirSync(join(root, "home"), { recursive: true })
  writeJson(join(configDir, "50-plugins.jsonc"), {
    plugin: options.plugins,
    // The host allows 5 s for a plugin process to start, most of it its own 160 MB binary's start-up;
    // on a busy two-core CI machine that is not always enough. (Our entry itself loads in milliseconds,
    // which runtime.test.ts checks.)
    pluginRuntimePolicy: { limits: { startupTimeoutMs: 30_000 } },
  })
  // Every tool call is first classified by the host's Policy worker (one process on two cores), which
  // gets 1 s by default, counted from when the call is queued; past that the host refuses the call
  // ("Policy classification is unavailable"). The agent's tool calls come three at a time, so on a busy
  // machine 1 s is not enough: it gets the longest time the host allows, and its workers are not replaced
  // for a heartbeat that comes late. Nothing here changes what the policy decides.
  writeJson(join(configDir, "120-runtime.jsonc"), {
    execution: { policyTimeoutMs: 10_000, policyHeartbeatTimeoutMs: 60_000, agentHeartbeatTimeoutMs: 120_000 },
  })
  if (options.modelUrl !== undefined) {
    writeJson(join(configDir, "20-providers.jsonc"), {
      provider: {
        mock: {
          name: "Mock",
          npm: "@ai-sdk/openai-compatible",
          options: { baseURL: options.modelUrl, apiKey: "mock-key" },
          models: { m1: { name: "m1", tool_call: true } },
        },
      },
    })
    writeJson(join(configDir, "10-models.jsonc"), {
      model: "mock/m1",
      nano_model: "mock/m1",
      mini_model: "mock/m1",
      mid_model: "mock/m1",
    })
  }
  const env = {
    PATH: process.env.PATH,
    HOME: join(root, "home"),
    SYNERGY_HOME: synergyHome,
    SYNERGY_DISABLE_AUTOUPDATE: "1",
    SYNERGY_DISABLE_MODELS_FETCH: "1",
    SYNERGY_DISABLE_PROVIDER_CATALOG_FETCH: "1",
    SYNERGY_DISABLE_LSP_DOWNLOAD: "1",
    SYNERGY_DISABLE_DEFAULT_PLUGINS: "1",
    SYNERGY_DISABLE_FILEWATCHER: "1",
    SYNERGY_DISABLE_CLAUDE_CODE: "1",
    DO_NOT_TRACK: "1",
    // Anything that tries to leave the machine goes to a closed loopback port instead.
    HTTP_PROXY: "http://127.0.0.1:9",
    HTTPS_PROXY: "http://127.0.0.1:9",
    NO_PROXY: "127.0.0.1,localhost",
    INSPIRE_HOME: inspireHome,
    INSPIRE_BASE_URL: options.emulatorUrl,
    INSPIRE_RATE_LIMIT: "1000",
    NO_COLOR: "1",
  }
  return { root, cwd, synergyHome, inspireHome, env, dataRoot }
}

export const transcript = []

// Each run starts the 160 MB binary afresh: over ten seconds on a busy two-core machine before it does anything.
export const synergy = (home, args, timeoutMs = 120_000) =>
  new Promise((resolve, reject) => {
    const child = spawn(SYNERGY, [...args], { cwd: home.cwd, env: home.env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => {
      stdout += d.toString("utf8")
    })
    child.stderr.on("data", (d) => {
      stderr += d.toString("utf8")
    })
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs)
    child.on("error", reject)
    child.on("close", (code) => {
      clearTimeout(timer)
      transcript.push(stdout, stderr)
      resolve({ code: code ?? -1, stdout, stderr })
    })
  })

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

export const spawnServer = async (home) => {
  const port = await freePort()
  const child = spawn(
    SYNERGY,
    ["server", "--hostname", "127.0.0.1", "--port", String(port), "--non-interactive", "--banner=false"],
    { cwd: home.cwd, env: home.env, stdio: ["ignore", "pipe", "pipe"] },
  )
  let output = ""
  child.stdout?.on("data", (d) => {
    output += d.toString("utf8")
  })
  child.stderr?.on("data", (d) => {
    output += d.toString("utf8")
  })
  return { url: `http://127.0.0.1:${port}`, child, log: () => output }
}

export const waitHealthy = async (server, timeoutMs = 120_000, pollMs = 250) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`synergy server exited ${server.child.exitCode}: ${server.log()}`)
    const health = await fetch(`${server.url}/global/health`).then(
      (r) => (r.ok ? r.json() : undefined),
      () => undefined,
    )
    if (health?.healthy === true) return
    await sleep(pollMs)
  }
  throw new Error(`synergy server did not become healthy in ${timeoutMs} ms: ${server.log()}`)
}

export const startServer = async (home, timeoutMs = 120_000) => {
  const server = await spawnServer(home)
  await waitHealthy(server, timeoutMs)
  return server
}

export const api = async (server, path, body) => {
  const r = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await r.text()
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status} ${text}`)
  return JSON.parse(text)
}

export const approve = async (server, pluginId) => {
  const review = await api(server, `/api/plugins/${pluginId}/approval-review`)
  return api(server, "/api/plugins/approve", { target: review.target, reviewToken: review.reviewToken })
}

// Every process whose environment names this home's SYNERGY_HOME was started by this test, directly
// or by the server (workers, plugin runners, also those re-parented to PID 1 after a CLI run).
export const livePids = (home) => {
  const marker = `SYNERGY_HOME=${home.synergyHome}\u0000`
  const pids = []
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry)
    if (!Number.isInteger(pid) || pid === process.pid) continue
    try {
      if (readFileSync(`/proc/${pid}/environ`, "utf8").includes(marker)) pids.push(pid)
    } catch {
      // gone, or not ours to read
    }
  }
  return pids
}

const signalAll = (pids, signal) => {
  for (const pid of pids) {
    try {
      process.kill(pid, signal)
    } catch {
      // already gone
    }
  }
}

export const endAll = async (home) => {
  signalAll(livePids(home), "SIGTERM")
  const deadline = Date.now() + 5_000
  while (livePids(home).length > 0 && Date.now() < deadline) await sleep(100)
  signalAll(livePids(home), "SIGKILL")
  await sleep(100)
}
