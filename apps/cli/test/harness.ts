import { spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

/** The built binary under test. */
export const BIN = fileURLToPath(new URL("../dist/inspire.mjs", import.meta.url))

/** What one run of the binary produced. */
export interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Everything every run printed, for the secret scan. */
export const transcript: string[] = []

/** A fresh INSPIRE_HOME and SYNERGY_HOME pointing at an emulator. */
export const homeFor = (url: string): NodeJS.ProcessEnv => {
  const home = mkdtempSync(join(tmpdir(), "inspire-cli-"))
  return {
    PATH: process.env.PATH,
    INSPIRE_HOME: home,
    SYNERGY_HOME: join(home, "synergy"),
    INSPIRE_BASE_URL: url,
    INSPIRE_RATE_LIMIT: "1000",
    NO_COLOR: "1",
    // A message missing from the catalogue, or a value it needs, is an error rather than its id.
    INSPIRE_MESSAGES_STRICT: "1",
  }
}

/** Runs `inspire args…` asynchronously (the emulator lives in this process), with optional stdin and folder. */
export const inspire = (
  env: NodeJS.ProcessEnv,
  args: ReadonlyArray<string>,
  input?: string,
  cwd?: string,
): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env,
      stdio: ["pipe", "pipe", "pipe"],
      ...(cwd !== undefined ? { cwd } : {}),
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8")
    })
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8")
    })
    child.on("error", reject)
    child.on("close", (code) => {
      transcript.push(stdout, stderr)
      resolve({ code: code ?? -1, stdout, stderr })
    })
    child.stdin.end(input ?? "")
  })

/** The JSON a `--json` run printed: stdout must hold exactly one JSON value and nothing else. */
export const json = <T = Record<string, unknown>>(run: Run): T => {
  if (run.code !== 0) throw new Error(`exit ${run.code}: ${run.stderr}`)
  return JSON.parse(run.stdout) as T
}

/** A loopback port nothing listens on (bound once, then released): a platform that refuses connections. */
export const closedPort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer()
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
