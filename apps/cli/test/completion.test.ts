// `inspire __complete`, what the completion scripts ask on every TAB: flag values and enum choices
// wherever the command line stands, global flags before the command, names from the discovery kept
// on disk; fast, offline and read-only. The shells themselves are driven in completion-shells.test.ts.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { complete } from "../src/completion/candidates.js"
import type { CommandSpec } from "../src/completion/model.js"
import { specOf } from "../src/completion/spec.js"
import { buildProgram } from "../src/program.js"
import { homeFor, inspire } from "./harness.js"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

const T = 60_000

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  // `status` discovers every workspace with its compute groups, and keeps them on disk.
  expect((await inspire(env, ["status", "--json"])).code).toBe(0)
  expect((await inspire(env, ["profile", "add", "work"])).code).toBe(0)
}, 120_000)
afterAll(async () => {
  await emu.close()
})

const candidates = async (words: ReadonlyArray<string>, extra: NodeJS.ProcessEnv = {}): Promise<string[]> => {
  const run = await inspire({ ...env, ...extra }, ["__complete", ...words])
  expect(run.stderr).toBe("")
  expect(run.code).toBe(0)
  return run.stdout.split("\n").filter((l) => l !== "")
}

const STATUSES = ["running", "waiting", "succeeded", "failed", "stopped", "all"]

describe("inspire __complete", () => {
  it(
    "completes flag values after other flags' values and after global flags before the command",
    async () => {
      expect(await candidates(["--profile", "default", "job", "list", "--status", ""])).toEqual(STATUSES)
      expect(await candidates(["--json", "job", "list", "--workspace", "x", "--status", "s"])).toEqual([
        "succeeded",
        "stopped",
      ])
      expect(await candidates(["job", "list", "--status=ru"])).toEqual(["--status=running"])
      // bash splits `--status=ru` at the `=`; the candidates then replace the part after it.
      expect(await candidates(["job", "list", "--status", "=", "ru"])).toEqual(["running"])
      expect(await candidates(["job", "list", "--status", "="])).toEqual(STATUSES.map((s) => `=${s}`))
      expect(await candidates(["--profile", "work", "job", "li"])).toEqual(["list"])
      expect(await candidates(["--profile", "work", "job", "list", "--ty"])).toEqual(["--type"])
      expect(await candidates(["image", "push", "img", "--registry", ""])).toEqual(["qb", "sj"])
      expect(await candidates(["completion", ""])).toEqual(["bash", "zsh", "fish"])
      expect(await candidates(["help", "job", "s"])).toEqual(["submit", "show", "stop", "shell"])
      expect(await candidates(["--"])).toEqual(["--version", "--help", "--json", "--jq", "--profile"])
      // After `--` only operands follow: no flags.
      expect(await candidates(["job", "logs", "--", "-"])).toEqual([])
    },
    T,
  )

  it(
    "completes workspace, compute group, project and profile names from what is kept on disk",
    async () => {
      const workspaces = await candidates(["job", "submit", "--workspace", ""])
      expect(workspaces).toContain("分布式训练空间")
      expect(workspaces).toContain("高性能计算")
      expect(await candidates(["job", "submit", "--workspace", "分布"])).toEqual(["分布式训练空间"])
      // With a workspace on the line, only its compute groups.
      expect(await candidates(["job", "submit", "--workspace", "分布式训练空间", "--compute-group", ""])).toEqual([
        "H100",
        "H200",
        "H200-3号机房",
      ])
      expect(await candidates(["hpc", "submit", "--compute-group", "高性能"])).toEqual([
        "高性能计算",
        "高性能计算-大内存",
      ])
      expect(await candidates(["job", "list", "--project", ""])).toEqual(
        expect.arrayContaining(["具身智能基础模型", "embodied-fm", "视觉语言对齐"]),
      )
      expect(await candidates(["--profile", ""])).toEqual(["default", "work"])
      expect(await candidates(["profile", "use", "w"])).toEqual(["work"])
      // The other profile has discovered nothing yet: no names rather than the wrong profile's.
      expect(await candidates(["--profile", "work", "job", "list", "--workspace", ""])).toEqual([])
      expect(await candidates(["job", "list", "--workspace", ""], { INSPIRE_PROFILE: "work" })).toEqual([])
    },
    T,
  )

  it(
    "asks the platform nothing, writes no file, and answers about as fast as Node starts",
    async () => {
      const home = env.INSPIRE_HOME ?? ""
      const snapshot = (): string[] => {
        const out: string[] = []
        const walk = (dir: string) => {
          for (const name of readdirSync(dir)) {
            const path = join(dir, name)
            const s = statSync(path)
            out.push(`${path} ${s.size} ${s.mtimeMs}`)
            if (s.isDirectory()) walk(path)
          }
        }
        walk(home)
        return out.sort()
      }
      const before = snapshot()
      emu.control.clearRequests()
      const times: number[] = []
      for (let i = 0; i < 5; i++) {
        const start = performance.now()
        expect(await candidates(["job", "list", "--status", ""])).toEqual(STATUSES)
        times.push(performance.now() - start)
      }
      expect(await candidates(["job", "submit", "--compute-group", ""])).toContain("H200-3号机房")
      expect(Object.keys(emu.control.requests().bySurface)).toEqual([])
      expect(snapshot()).toEqual(before)
      const median = [...times].sort((a, b) => a - b)[2] ?? 0
      console.log(`inspire __complete job list --status '': median ${median.toFixed(0)} ms of 5`)
      // Generous for a busy machine; loading the bundle instead would cost several times Node's start-up.
      expect(median).toBeLessThan(3000)
    },
    T,
  )
})

describe("the completion spec", () => {
  const spec = specOf(buildProgram())
  const walk = (c: CommandSpec, path: ReadonlyArray<string>): Array<readonly [ReadonlyArray<string>, CommandSpec]> => [
    [path, c],
    ...c.commands.flatMap((s) => walk(s, [...path, s.name])),
  ]
  const none = () => []

  it("is what the build wrote beside the bundle", () => {
    const file = fileURLToPath(new URL("../dist/completion.json", import.meta.url))
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(JSON.parse(JSON.stringify(spec)))
  })

  it("offers the choices of every flag whose schema has them, in both spellings", () => {
    let checked = 0
    for (const [path, command] of walk(spec, []))
      for (const flag of command.flags) {
        const choices = flag.values?.choices
        const long = flag.names.find((n) => n.startsWith("--"))
        if (choices === undefined || long === undefined) continue
        expect(complete(spec, [...path, long, ""], none), `${path.join(" ")} ${long}`).toEqual(choices)
        expect(complete(spec, ["--json", ...path, `${long}=`], none)).toEqual(choices.map((c) => `${long}=${c}`))
        checked++
      }
    expect(checked).toBeGreaterThanOrEqual(10)
  })

  it("hides the completion command itself", () => {
    expect(complete(spec, ["__"], none)).toEqual([])
    expect(spec.commands.map((c) => c.name)).not.toContain("__complete")
  })
})
