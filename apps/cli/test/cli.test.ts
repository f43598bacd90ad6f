import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { expectNoSecrets } from "./secrets.js"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  env = homeFor(emu.url)
})
afterAll(async () => {
  await emu.close()
})

const T = 90_000

describe("inspire before login", () => {
  it(
    "prints its version and the exit-code table",
    async () => {
      const v = await inspire(env, ["--version"])
      expect(v.code).toBe(0)
      expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
      const table = await inspire(env, ["help", "exit-codes"])
      expect(table.code).toBe(0)
      for (const code of ["0", "1", "2", "3", "4", "10", "11", "12", "13"])
        expect(table.stdout).toMatch(new RegExp(`\\s${code}\\s`))
    },
    T,
  )

  it(
    "exits 4 with an error and a hint when no one is logged in; --json errors go to stderr as JSON",
    async () => {
      const r = await inspire(env, ["status"])
      expect(r.code).toBe(4)
      expect(r.stdout).toBe("")
      expect(r.stderr).toMatch(/^error: .+\nhint: .+\n$/)
      const j = await inspire(env, ["job", "list", "--json"])
      expect(j.code).toBe(4)
      expect(j.stdout).toBe("")
      expect(JSON.parse(j.stderr)).toMatchObject({ error: { reason: "NotLoggedIn" } })
    },
    T,
  )

  it(
    "refuses a password prompt without a terminal, and any --password flag (exit 2)",
    async () => {
      const prompt = await inspire(env, ["login", "--username", emu.demo.username])
      expect(prompt.code).toBe(2)
      expect(prompt.stderr).toContain("--password-stdin")
      const flag = await inspire(env, ["login", "--username", emu.demo.username, "--password", "x"])
      expect(flag.code).toBe(2)
      expect(flag.stderr).toMatch(/A password is not taken as a flag[\s\S]*--password-stdin/)
    },
    T,
  )

  it(
    "names the flag and the rule when a value breaks the operation's schema, in English (exit 2)",
    async () => {
      // The bundle keeps only zod's English locale (scripts/esbuild-node.mjs): its messages must remain.
      const r = await inspire(env, ["job", "list", "--limit", "0"])
      expect(r.code).toBe(2)
      expect(r.stderr).toBe(
        "error: --limit: Too small: expected number to be >=1\nhint: See --help for the flags of this command.\n",
      )
    },
    T,
  )

  it(
    "exits 4 when the platform rejects the password, in a separate home",
    async () => {
      const r = await inspire(
        homeFor(emu.url),
        ["login", "--username", emu.demo.username, "--password-stdin"],
        "nope\n",
      )
      expect(r.code).toBe(4)
      expect(r.stderr).toMatch(/^error: /)
    },
    T,
  )
})

describe("inspire after login", () => {
  it(
    "logs in with --password-stdin, then status --json has the user and projects",
    async () => {
      const login = await inspire(
        env,
        ["login", "--username", emu.demo.username, "--password-stdin", "--json"],
        `${emu.demo.password}\n`,
      )
      expect(json(login)).toMatchObject({ target: "inspire", username: emu.demo.username, verified: true })
      const status = json<{ user: { loginName: string }; projects: Array<{ name: string; workspaces: unknown[] }> }>(
        await inspire(env, ["status", "--json"]),
      )
      expect(status.user.loginName).toBe(emu.demo.username)
      expect(status.projects.length).toBeGreaterThan(0)
      expect(status.projects[0]?.workspaces.length).toBeGreaterThan(0)
    },
    T,
  )

  it(
    "takes --json and --profile before the command too; an unknown flag there is a usage error",
    async () => {
      const after = json(await inspire(env, ["job", "list", "--json", "--profile", "default"]))
      expect(json(await inspire(env, ["--json", "--profile", "default", "job", "list"]))).toEqual(after)
      expect(json(await inspire(env, ["--profile=default", "job", "list", "--json"]))).toEqual(after)
      const help = json<{ command: string }>(await inspire(env, ["--json", "job", "help", "list"]))
      expect(help.command).toBe("inspire job list")
      const missing = await inspire(env, ["--profile", "nope", "job", "list"])
      // An invalid flag value is a usage error.
      expect(missing.code).toBe(2)
      expect(missing.stderr).toMatch(/^error: There is no profile "nope"\.\nhint: /)
      // It used to print the program's help and exit 0 as if no command had been named.
      const bogus = await inspire(env, ["--bogus", "job", "list"])
      expect(bogus.code).toBe(2)
      expect(bogus.stdout).toBe("")
      expect(bogus.stderr).toBe(
        "error: unknown option '--bogus'\nhint: Run `inspire --help` for its commands and flags.\n",
      )
    },
    T,
  )

  it(
    "sets, gets and unsets a default",
    async () => {
      expect((await inspire(env, ["config", "set", "defaultPriority", "6"])).code).toBe(0)
      const one = await inspire(env, ["config", "get", "defaultPriority"])
      expect(one.stdout.trim()).toBe("6")
      const all = json<{ settings: Array<{ key: string; value?: unknown; source: string }> }>(
        await inspire(env, ["config", "get", "--json"]),
      )
      expect(all.settings.find((s) => s.key === "defaultPriority")).toMatchObject({ value: 6, source: "profile" })
      expect((await inspire(env, ["config", "unset", "defaultPriority"])).code).toBe(0)
      expect((await inspire(env, ["config", "get", "defaultPriority"])).stdout.trim()).toBe("")
      const bad = await inspire(env, ["config", "set", "colour", "red"])
      expect(bad.code).toBe(2)
    },
    T,
  )

  it(
    "adds, lists and switches profiles",
    async () => {
      expect((await inspire(env, ["profile", "add", "lab2", "--base-url", emu.url])).code).toBe(0)
      const list = json<Array<{ name: string; current: boolean; loggedIn: boolean }>>(
        await inspire(env, ["profile", "list", "--json"]),
      )
      expect(list.map((p) => p.name).sort()).toEqual(["default", "lab2"])
      expect(list.find((p) => p.name === "default")).toMatchObject({ current: true, loggedIn: true })
      expect((await inspire(env, ["profile", "use", "lab2"])).code).toBe(0)
      const after = await inspire(env, ["profile", "list"])
      expect(after.stdout).toMatch(/\*\s+lab2/)
      expect((await inspire(env, ["status"])).code).toBe(4) // lab2 has no account yet
      expect((await inspire(env, ["config", "get", "--profile", "default", "--json"])).code).toBe(0)
      expect((await inspire(env, ["profile", "use", "default"])).code).toBe(0)
      const removeNoYes = await inspire(env, ["profile", "remove", "lab2"])
      expect(removeNoYes.code).toBe(2)
      expect(removeNoYes.stderr).toContain("--yes")
      expect((await inspire(env, ["profile", "remove", "lab2", "--yes"])).code).toBe(0)
    },
    T,
  )

  it(
    "treats unknown commands, bad flag values and missing required flags as usage errors (exit 2)",
    async () => {
      const runs = await Promise.all(
        [
          ["jobs"],
          ["job", "list", "--status", "bogus"],
          ["job", "list", "--limit", "many"],
          ["job", "submit", "--command", "python train.py"],
          ["job", "wait"],
          ["job", "list", "--status", "bogus", "--json"],
          ["job", "list", "--limit", "many", "--json"],
        ].map(async (args) => ({ args, run: await inspire(env, args) })),
      )
      for (const { args, run } of runs) {
        expect(run.code, args.join(" ")).toBe(2)
        expect(run.stdout, args.join(" ")).toBe("")
      }
      expect(runs[3]?.run.stderr).toContain("--name")
      for (const { run } of runs.slice(5))
        expect(JSON.parse(run.stderr)).toMatchObject({ error: { reason: "UsageError" } })
    },
    T,
  )

  it(
    "prints completion scripts that ask inspire for the candidates",
    async () => {
      const bash = await inspire(env, ["completion", "bash"])
      expect(bash.code).toBe(0)
      expect(bash.stdout).toContain("complete -o nosort -F _inspire inspire")
      // The candidates come from `inspire __complete` (test/completion.test.ts, completion-shells.test.ts).
      expect(bash.stdout).toContain("inspire __complete")
      expect((await inspire(env, ["completion", "zsh"])).stdout).toContain("#compdef inspire")
      expect((await inspire(env, ["completion", "fish"])).stdout).toContain("complete -c inspire")
      expect((await inspire(env, ["completion", "tcsh"])).code).toBe(2)
    },
    T,
  )

  it(
    "doctor passes, then logout forgets the password and session and commands ask for a login again",
    async () => {
      const doctor = json<{ checks: Array<{ name: string; status: string }> }>(await inspire(env, ["doctor", "--json"]))
      expect(doctor.checks.find((c) => c.name === "credentials")?.status).toBe("ok")
      expect(doctor.checks.find((c) => c.name === "harbor qb")?.status).toBe("warn")
      // The platform's clock 10 minutes ahead (its Date header moves): doctor reports the skew.
      emu.control.faults.set({ clockOffsetMs: 600_000 })
      const skewed = JSON.parse((await inspire(env, ["doctor", "--json"])).stdout) as {
        checks: Array<{ name: string; status: string; detail: string }>
      }
      emu.control.faults.reset()
      const clock = skewed.checks.find((c) => c.name === "clock")
      expect(clock?.status).toBe("warn")
      expect(clock?.detail).toMatch(/is (599|600|601) s behind the platform's/)
      expect(skewed.checks.filter((c) => c.status === "fail")).toEqual([])
      expectNoSecrets(env.INSPIRE_HOME ?? "", [emu.demo.password])
      const out = json<{ removed: boolean }>(await inspire(env, ["logout", "--json"]))
      expect(out.removed).toBe(true)
      expect((await inspire(env, ["status"])).code).toBe(4)
    },
    T,
  )
})
