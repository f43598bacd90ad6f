// Completion as a user meets it: bash, zsh and fish in tmux, each with `inspire completion <shell>`
// sourced, partial command lines typed with TAB and the screen read back; and help on a 60-column
// terminal. The shells come from scripts/shells.sh (Debian's packages are installed when missing and
// root); the screen is polled until the expected text shows, so a busy machine only makes it slower.
import { execFile, execFileSync } from "node:child_process"
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { columns } from "../src/help.js"
import { BIN, homeFor, inspire } from "./harness.js"

const TMUX = "/usr/bin/tmux"
const SHELLS = fileURLToPath(new URL("../../../scripts/shells.sh", import.meta.url))
const SOCKET = `inspire-completion-${process.pid}`
const STEP = 30_000

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
const shells = new Map<string, string>()

const tmux = (...args: string[]): string =>
  execFileSync(TMUX, ["-L", SOCKET, "-f", "/dev/null", ...args], { encoding: "utf8" })

const shellPath = (name: string): Promise<string | undefined> =>
  new Promise((resolve) =>
    execFile(SHELLS, [name], { timeout: 600_000 }, (error, stdout, stderr) => {
      if (error !== null) console.warn(`no ${name}: ${stderr.trim()}`)
      resolve(error === null ? stdout.trim() : undefined)
    }),
  )

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

const screen = (session: string): string => tmux("capture-pane", "-p", "-J", "-t", session)

// Polls the screen until `wanted` holds of it, or fails with what the screen showed.
const until = async (session: string, wanted: (text: string) => boolean, what: string): Promise<string> => {
  const deadline = Date.now() + STEP
  for (;;) {
    const text = screen(session)
    if (wanted(text)) return text
    if (Date.now() > deadline) throw new Error(`${session}: no ${what} within ${STEP} ms; the screen:\n${text}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const PROMPT = "READY> "

// A fresh line on a clear screen, then `text` typed and TAB pressed. The line is emptied with C-u,
// not C-c: the terminal discards typed-ahead input on an interrupt. fish first closes its pager.
const typeTab = async (session: string, text: string): Promise<void> => {
  if (session === "fish") tmux("send-keys", "-t", session, "Escape")
  tmux("send-keys", "-t", session, "C-u")
  tmux("send-keys", "-t", session, "C-l")
  tmux("clear-history", "-t", session)
  await until(session, (s) => s.trim() === PROMPT.trim(), "empty prompt")
  tmux("send-keys", "-t", session, "-l", "--", text)
  tmux("send-keys", "-t", session, "Tab")
}

const shows = async (session: string, text: string, ...expected: string[]): Promise<void> => {
  await typeTab(session, text)
  await until(session, (s) => expected.every((e) => s.includes(e)), JSON.stringify(expected))
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["status", "--json"])).code).toBe(0)
  expect((await inspire(env, ["profile", "add", "work"])).code).toBe(0)
  // A project whose name the shell must quote, added to the kept discovery.
  const dir = join(env.INSPIRE_HOME ?? "", "cache", "resources")
  const [file = ""] = readdirSync(dir).map((f) => join(dir, f))
  const kept = JSON.parse(readFileSync(file, "utf8")) as { entries: { projects: { value: unknown[] } } }
  kept.entries.projects.value.push({ id: "project-quoted", name: "视觉 对齐 (v2)", enName: "", workspaces: [] })
  writeFileSync(file, JSON.stringify(kept))

  for (const name of ["bash", "zsh", "fish"]) {
    const path = await shellPath(name)
    if (path !== undefined) shells.set(name, path)
  }
  const home = env.INSPIRE_HOME ?? ""
  const bin = join(home, "bin")
  mkdirSync(bin)
  writeFileSync(join(bin, "inspire"), `#!/bin/sh\nexec ${quote(process.execPath)} ${quote(BIN)} "$@"\n`)
  chmodSync(join(bin, "inspire"), 0o755)
  writeFileSync(
    join(home, "bashrc"),
    [
      `PS1=${quote(PROMPT)}`,
      "bind 'set show-all-if-ambiguous on'",
      "bind 'set completion-query-items 0'",
      "bind 'set page-completions off'",
      "bind 'set bell-style none'",
      "source <(inspire completion bash)",
    ].join("\n"),
  )
  mkdirSync(join(home, "zsh"))
  writeFileSync(join(home, "zsh", ".zshrc"), [`PS1=${quote(PROMPT)}`, "source <(inspire completion zsh)"].join("\n"))
  mkdirSync(join(home, "xdg", "fish"), { recursive: true })
  writeFileSync(
    join(home, "xdg", "fish", "config.fish"),
    [
      "set -g fish_greeting",
      `function fish_prompt; echo -n ${quote(PROMPT)}; end`,
      "inspire completion fish | source",
    ].join("\n"),
  )
  const vars = {
    HOME: home,
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    PATH: `${bin}:/usr/bin:/bin`,
    INSPIRE_HOME: home,
    INSPIRE_BASE_URL: env.INSPIRE_BASE_URL ?? "",
    INSPIRE_RATE_LIMIT: "1000",
    ZDOTDIR: join(home, "zsh"),
    XDG_CONFIG_HOME: join(home, "xdg"),
  }
  const envArgs = Object.entries(vars)
    .map(([k, v]) => `${k}=${quote(v)}`)
    .join(" ")
  const commands: Record<string, string> = {
    bash: `--noprofile --rcfile ${quote(join(home, "bashrc"))} -i`,
    zsh: "-i",
    fish: "-i",
  }
  for (const [name, path] of shells)
    tmux("new-session", "-d", "-s", name, "-x", "160", "-y", "40", `env -i ${envArgs} ${quote(path)} ${commands[name]}`)
  if (shells.has("bash"))
    tmux(
      "new-session",
      "-d",
      "-s",
      "narrow",
      "-x",
      "60",
      "-y",
      "200",
      `env -i ${envArgs} ${quote(shells.get("bash") ?? "")} ${commands.bash}`,
    )
  // Keys sent before a shell has read its start-up file would reach it half set up.
  for (const session of [...shells.keys(), ...(shells.has("bash") ? ["narrow"] : [])])
    await until(session, (text) => text.includes(PROMPT.trim()), "first prompt")
}, 900_000)

afterAll(async () => {
  try {
    tmux("kill-server")
  } catch {
    // no session was started
  }
  await emu.close()
})

describe.each(["bash", "zsh", "fish"])("completion in %s", (name) => {
  const run = (title: string, body: () => Promise<void>) =>
    it(
      title,
      async () => {
        if (!shells.has(name)) throw new Error(`${name} is missing: see the warning of scripts/shells.sh above`)
        await body()
      },
      STEP * 6,
    )

  run("completes enum values after a global flag before the command", async () => {
    await shows(name, "inspire --profile default job list --status ", "running", "waiting", "succeeded", "stopped")
    await shows(name, "inspire --json job list --workspace x --type tr", "--type train ")
    await shows(name, "inspire image push img:1 --registry s", "--registry sj ")
    await shows(name, "inspire --profile work job li", "job list ")
  })

  run("completes workspace, compute group, project and profile names, quoted as the shell needs", async () => {
    await shows(name, "inspire job submit --workspace 分布", "--workspace 分布式训练空间 ")
    await shows(
      name,
      "inspire job submit --workspace 分布式训练空间 --compute-group H200-",
      "--compute-group H200-3号机房 ",
    )
    await shows(name, "inspire job list --project 视觉\\ ", "--project 视觉\\ 对齐\\ \\(v2\\) ")
    await shows(name, "inspire --profile wo", "--profile work ")
  })
})

describe("help on a 60-column terminal", () => {
  it(
    "wraps descriptions with Chinese within the terminal's width",
    async () => {
      if (!shells.has("bash")) throw new Error("bash is missing: see the warning of scripts/shells.sh above")
      for (const command of ["inspire harbor-login --help", "inspire image list --help", "inspire --help"]) {
        await typeTab("narrow", "")
        tmux("send-keys", "-t", "narrow", "-l", "--", command)
        tmux("send-keys", "-t", "narrow", "Enter")
        // -J joins what the terminal wrapped: a line wider than 60 columns is one help printed too wide.
        const text = await until("narrow", (s) => /Options:[\s\S]*READY> \s*$/.test(s), "help")
        expect(text).toMatch(/[\u4e00-\u9fff]/)
        // Examples are command lines, which cannot be wrapped: only what help wraps is measured.
        const wide = text.split("\n").filter((l) => !l.startsWith("  $ ") && columns(l.trimEnd()) > 60)
        expect(wide, command).toEqual([])
      }
    },
    STEP * 4,
  )
})
