import { spawn } from "node:child_process"
import { BIN } from "./harness.js"

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
