import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const SCRIPT = fileURLToPath(new URL("../../../scripts/jupyter-server.sh", import.meta.url))

/** A real Jupyter Server on 127.0.0.1 (Debian's package, through scripts/jupyter-server.sh) over a temp root. */
export interface RealJupyter {
  base: string
  token: string
  /** The root folder the server serves (its answers name it: the comparison cuts it out). */
  root: string
  stop(): Promise<void>
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer()
    s.once("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const address = s.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      s.close(() => resolve(port))
    })
  })

const exited = (child: ChildProcess, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true)
    const timer = setTimeout(() => resolve(false), ms)
    child.once("exit", () => {
      clearTimeout(timer)
      resolve(true)
    })
  })

/**
 * Starts the server (installing Debian's package first when missing and root: the script says why when it
 * cannot) and waits until `GET /api/status` answers. Its Jupyter folders are temp ones, so no user's
 * configuration applies; it listens on loopback only.
 */
export const startRealJupyter = async (): Promise<RealJupyter> => {
  const program = execFileSync("bash", [SCRIPT], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 600_000,
  }).trim()
  const home = mkdtempSync(join(tmpdir(), "inspire-real-jupyter-"))
  const root = join(home, "root")
  mkdirSync(root)
  const token = "f00dfeed".repeat(4)
  const port = await freePort()
  const child = spawn(
    program,
    [
      "--no-browser",
      "--allow-root",
      "--ip=127.0.0.1",
      `--port=${port}`,
      "--port-retries=0",
      `--ServerApp.token=${token}`,
      `--ServerApp.root_dir=${root}`,
    ],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: home,
        SHELL: "/bin/sh",
        LANG: "C.UTF-8",
        JUPYTER_CONFIG_DIR: join(home, "config"),
        JUPYTER_DATA_DIR: join(home, "data"),
        JUPYTER_RUNTIME_DIR: join(home, "runtime"),
      },
    },
  )
  let log = ""
  child.stderr?.on("data", (d: Buffer) => {
    log = (log + d.toString("utf8")).slice(-4000)
  })
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    child.kill("SIGTERM")
    if (!(await exited(child, 10_000))) child.kill("SIGKILL")
    await exited(child, 5_000)
    rmSync(home, { recursive: true, force: true })
  }
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(home, { recursive: true, force: true })
      throw new Error(`${program} exited (${child.exitCode}) before answering:\n${log}`)
    }
    try {
      const r = await fetch(`${base}/api/status`, { headers: { authorization: `token ${token}` } })
      if (r.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${program} did not answer GET /api/status within 60 s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { base, token, root, stop }
}
