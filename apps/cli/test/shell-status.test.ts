import { spawn } from "node:child_process"
import { describe, expect, it } from "vitest"
import { STATUS_SETUP, shellStatusFilter } from "../src/shell-status.js"

// The first line `job shell` and `notebook shell` type, run by real shells on a pseudo-terminal (`script`):
// the marks it sets up are cut out of what the user sees, every prompt is reported, and the shell's own
// exit status is kept. The pods' images have bash or a POSIX sh (dash here), which take the prompt mark
// differently.

const T = 30_000

const session = (shell: string[]) =>
  new Promise<{ shown: string; prompts: number; status: number | undefined }>((resolve, reject) => {
    const command = [...shell].map((a) => `'${a}'`).join(" ")
    const child = spawn("script", ["-qfec", command, "/dev/null"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: "xterm", PS1: "$ " },
      stdio: ["pipe", "pipe", "pipe"],
    })
    let shown = ""
    let prompts = 0
    // Each line is typed once the prompt before it has come (as a user would).
    const lines = ["echo shown-$((6*7))\r", "exit 3\r"]
    const filter = shellStatusFilter(
      (text) => {
        shown += text
      },
      () => {
        prompts += 1
        const next = lines.shift()
        if (next !== undefined) child.stdin.write(next)
      },
    )
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`no end: ${shown}`))
    }, T - 5_000)
    child.stdout.on("data", (d: Buffer) => filter.feed(d.toString("utf8")))
    child.on("close", () => {
      clearTimeout(timer)
      resolve({ shown, prompts, status: filter.status() })
    })
    child.stdin.write(STATUS_SETUP)
  })

describe.each([
  ["dash", ["/bin/sh", "-i"]],
  ["bash", ["bash", "--norc", "--noprofile", "-i"]],
])("the shell's set-up line in %s", (_name, shell) => {
  it(
    "reports each prompt and the exit status, and shows neither mark nor the set-up line",
    async () => {
      const run = await session(shell)
      expect(run.status).toBe(3)
      expect(run.prompts).toBe(2)
      expect(run.shown).toContain("shown-42")
      expect(run.shown).not.toMatch(/7770|inspire-|trap |\\\[/)
    },
    T,
  )
})
