// Drives test/fuzz-cli-child.mjs: one harness process running the built CLI's `main(argv)` per request.
// A run that does not finish in time is reported as a hang and the harness is replaced.
import { type ChildProcess, fork } from "node:child_process"
import { fileURLToPath } from "node:url"

const CHILD = fileURLToPath(new URL("./fuzz-cli-child.mjs", import.meta.url))

/** What one `main(argv)` produced inside the harness. */
export interface CliRun {
  readonly code?: number
  /** Set when `main` itself rejected (it should always return an exit code). */
  readonly thrown?: string
  readonly stdout: string
  readonly stderr: string
  readonly ms: number
  /** Uncaught exceptions and unhandled rejections seen in the harness during the run. */
  readonly escaped: ReadonlyArray<string>
  /** Set when the run did not finish within the time limit. */
  readonly hung?: boolean
}

/** A harness process and a way to run one argv through it. */
export interface CliHost {
  readonly run: (argv: ReadonlyArray<string>) => Promise<CliRun>
  /** Anything the harness printed outside a run (it should print nothing). */
  readonly stray: () => string
  readonly restarts: () => number
  readonly close: () => Promise<void>
}

interface Reply extends Partial<CliRun> {
  readonly id?: number
  readonly ready?: boolean
}

const start = (env: Record<string, string>, cwd: string, onOutput: (text: string) => void): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    // stdin is /dev/null: not a terminal, so prompts refuse and --password-stdin reads nothing.
    const child = fork(CHILD, [], { env, cwd, stdio: ["ignore", "pipe", "pipe", "ipc"] })
    child.stdout?.on("data", (d: Buffer) => onOutput(d.toString("utf8")))
    child.stderr?.on("data", (d: Buffer) => onOutput(d.toString("utf8")))
    child.once("error", reject)
    child.once("exit", (code) => reject(new Error(`the CLI harness exited (${code}) before it was ready`)))
    child.once("message", (m: Reply) => (m.ready === true ? resolve(child) : reject(new Error("unexpected message"))))
  })

/** Starts the harness with the suite's environment; every run is bounded by `timeoutMs`. */
export const startCliHost = async (env: Record<string, string>, cwd: string, timeoutMs: number): Promise<CliHost> => {
  let stray = ""
  let restarts = 0
  let next = 0
  const onOutput = (text: string) => {
    stray += text
  }
  let child = await start(env, cwd, onOutput)
  const stop = async (c: ChildProcess) => {
    c.removeAllListeners("exit")
    if (c.exitCode !== null || c.signalCode !== null) return
    const exited = new Promise<void>((resolve) => c.once("exit", () => resolve()))
    c.kill("SIGKILL")
    await exited
  }
  const run = (argv: ReadonlyArray<string>): Promise<CliRun> =>
    new Promise((resolve) => {
      const id = ++next
      const current = child
      const detach = () => {
        clearTimeout(timer)
        current.off("message", onMessage)
        current.off("exit", onExit)
      }
      const finish = (result: CliRun) => {
        detach()
        resolve(result)
      }
      // The next run must find a fresh harness, so the answer waits for it.
      const replace = async (result: CliRun) => {
        detach()
        await stop(current)
        restarts++
        child = await start(env, cwd, onOutput)
        resolve(result)
      }
      const onMessage = (m: Reply) => {
        if (m.id !== id) return
        finish({
          ...(m.code !== undefined ? { code: m.code } : {}),
          ...(m.thrown !== undefined ? { thrown: m.thrown } : {}),
          stdout: m.stdout ?? "",
          stderr: m.stderr ?? "",
          ms: m.ms ?? 0,
          escaped: m.escaped ?? [],
        })
      }
      const onExit = (code: number | null) =>
        void replace({ thrown: `the harness exited with ${code}`, stdout: "", stderr: "", ms: 0, escaped: [] })
      const timer = setTimeout(
        () => void replace({ hung: true, stdout: "", stderr: "", ms: timeoutMs, escaped: [] }),
        timeoutMs,
      )
      current.on("message", onMessage)
      current.once("exit", onExit)
      current.send({ id, argv })
    })
  return {
    run,
    stray: () => stray,
    restarts: () => restarts,
    close: () => stop(child),
  }
}
