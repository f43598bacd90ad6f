import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { BIN, type Run, transcript } from "./harness.js"

/**
 * Runs `inspire ARGS --watch --interval SECONDS` on a pseudo-terminal (`script` gives the CLI one; a Ctrl-C
 * typed there reaches it as SIGINT), types Ctrl-C after the second draw, and hands back what it printed,
 * how many times it drew, and its exit code. Rejects when no second draw comes within `timeoutMs`. With
 * `columns`, the terminal is that wide.
 */
export const watchOnTerminal = async (
  env: NodeJS.ProcessEnv,
  args: ReadonlyArray<string>,
  seconds: number,
  timeoutMs: number,
  columns?: number,
): Promise<{ readonly out: string; readonly draws: number; readonly code: number }> => {
  const command = [process.execPath, BIN, ...args, "--watch", "--interval", String(seconds)]
    .map((a) => `'${a}'`)
    .join(" ")
  const size = columns === undefined ? "" : `stty cols ${columns} rows 60; `
  const child = spawn("script", ["-qfec", `${size}exec ${command}`, "/dev/null"], {
    env,
    stdio: ["pipe", "pipe", "pipe"],
  })
  let out = ""
  let sent = false
  const draws = () => out.split(`Every ${seconds}s; Ctrl-C ends.`).length - 1
  const code = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no second draw: ${out}`)), timeoutMs)
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString("utf8")
      if (draws() === 2 && !sent) {
        sent = true
        clearTimeout(timer)
        child.stdin.write("\x03")
      }
    })
    child.on("close", (c) => resolve(c ?? -1))
  })
  return { out, draws: draws(), code }
}

/** One step on the terminal: once `after` shows (past the previous step's match), `act` types or does something. */
export interface Step {
  readonly after: string | RegExp
  readonly act: (type: (text: string) => void) => void | Promise<void>
}

/**
 * Runs `line` under `script` (a pseudo-terminal) and takes `steps` in order, each when its text shows in
 * the output after the previous one's; gives up (killing the terminal) after `timeoutMs`, naming the step waited for.
 */
export const stepsOnTerminal = (
  env: NodeJS.ProcessEnv,
  line: string,
  steps: ReadonlyArray<Step>,
  timeoutMs: number,
): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn("script", ["-qfec", line, "/dev/null"], { env, stdio: ["pipe", "pipe", "pipe"] })
    const type = (text: string) => void child.stdin?.write(text)
    let stdout = ""
    let from = 0
    let next = 0
    let busy = false
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`no ${String(steps[next]?.after)} on the terminal:\n${stdout}`))
    }, timeoutMs)
    const take = async () => {
      while (!busy && next < steps.length) {
        const step = steps[next] as Step
        const rest = stdout.slice(from)
        const found = typeof step.after === "string" ? rest.indexOf(step.after) : rest.search(step.after)
        if (found < 0) return
        from += found + 1
        next += 1
        busy = true
        await step.act(type)
        busy = false
      }
    }
    child.stdout?.on("data", (d: Buffer) => {
      stdout += d.toString("utf8")
      void take()
    })
    child.on("error", reject)
    child.on("close", (code) => {
      clearTimeout(timer)
      transcript.push(stdout)
      resolve({ code: code ?? -1, stdout, stderr: "" })
    })
  })

/** Waits until `path` exists (a file a background job on the terminal writes), up to 20 s. */
export const appears = async (path: string): Promise<void> => {
  for (let i = 0; i < 400 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 50))
  if (!existsSync(path)) throw new Error(`${path} never appeared`)
}
