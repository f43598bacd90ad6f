// The machinery of `npm run demo`: a throwaway home, the real `inspire` binary run as a child process,
// narration, and a record of which steps behaved as expected.
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { demoWords } from "./demo-words.mjs"

const colour = process.stdout.isTTY === true && (process.env.NO_COLOR ?? "") === ""
const paint = (code, text) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text)
export const bold = (text) => paint("1", text)
export const dim = (text) => paint("2", text)
const green = (text) => paint("32", text)
const red = (text) => paint("31", text)

// Arguments as a person would type them: quoted when they hold spaces or shell characters.
const shellWord = (word) => (/^[\w@%+=:,./-]+$/u.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)

/** An environment that reaches only the emulator and never the user's own profiles or Synergy secrets. */
export const isolatedEnv = (baseUrl) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-demo-"))
  const env = { ...process.env }
  for (const key of Object.keys(env))
    if (/^(INSPIRE_|SYNERGY_)|^(https?|all)_proxy$/i.test(key) || key === "XDG_CONFIG_HOME")
      if (key !== "INSPIRE_LANG")
        // The language asked for is kept: `INSPIRE_LANG=zh-CN npm run demo` walks in Chinese.
        delete env[key]
  Object.assign(env, {
    INSPIRE_HOME: join(home, "inspire"),
    SYNERGY_HOME: join(home, "synergy"),
    NO_PROXY: "127.0.0.1,localhost",
    NO_COLOR: "1",
    INSPIRE_DEMO_URL: baseUrl,
  })
  return { env, home, cleanup: () => rmSync(home, { recursive: true, force: true }) }
}

/** Runs the demo's steps in order and keeps count of the ones that behaved as expected. */
export class Narrator {
  constructor(bin, env, secrets, words = demoWords("en")) {
    this.words = words
    this.bin = bin
    this.env = env
    this.secrets = secrets
    this.step = 0
    this.results = []
  }

  /** A numbered heading and a few lines saying what happens and why. */
  say(title, ...lines) {
    this.step += 1
    process.stdout.write(`\n${bold(`── ${this.step}. ${title}`)}\n`)
    for (const line of lines) process.stdout.write(`${dim(line)}\n`)
  }

  /** Narration without a new step. */
  note(...lines) {
    for (const line of lines) process.stdout.write(`${dim(line)}\n`)
  }

  /**
   * Runs `inspire args…` (stdin optional), prints it as a shell session would, and returns the run.
   * With `quiet` (a note to print instead), the output is not shown.
   */
  inspire(args, { stdin = "", quiet } = {}) {
    process.stdout.write(`${bold("$")} inspire ${args.map(shellWord).join(" ")}\n`)
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [this.bin, ...args], { env: this.env, stdio: ["pipe", "pipe", "pipe"] })
      let stdout = ""
      let stderr = ""
      child.stdout.on("data", (d) => {
        stdout += d
      })
      child.stderr.on("data", (d) => {
        stderr += d
      })
      child.on("error", reject)
      child.on("close", (code) => {
        const shown = `${stdout}${stderr}`.replace(/\s+$/u, "")
        if (quiet !== undefined) process.stdout.write(`${dim(`(${quiet})`)}\n`)
        else if (shown !== "") process.stdout.write(`${shown}\n`)
        resolve({ code: code ?? -1, stdout, stderr })
      })
      child.stdin.end(stdin)
    })
  }

  /** Records whether a step behaved as expected; a secret in any output is always a failure. */
  expect(label, run, ok) {
    const leaked = this.secrets.some((s) => `${run.stdout}${run.stderr}`.includes(s))
    const passed = ok && !leaked
    this.results.push({ label, passed })
    const why = leaked ? ` (${this.words("leaked")})` : ""
    process.stdout.write(
      `${passed ? green("✓") : red("✗")} ${label}${passed ? "" : ` — ${this.words("unexpected")}${why}`}\n`,
    )
    return passed
  }

  /** The closing line; true when every check passed. */
  summary() {
    const passed = this.results.filter((r) => r.passed).length
    const total = this.results.length
    const all = passed === total && total > 0
    process.stdout.write(`\n${bold(this.words("summary", { passed, total }))}\n`)
    for (const r of this.results.filter((x) => !x.passed)) process.stdout.write(`${red("✗")} ${r.label}\n`)
    return all
  }
}
