// The V8 code cache that makes a second `inspire` call start faster: written once, private, reused,
// and never able to break the CLI when it is damaged or stale.
import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { startEmulator } from "@holos-inspire/emulator"
import { describe, expect, it } from "vitest"
import { deferWasmTierUp } from "../src/wasm-tiering.js"
import { homeFor, inspire, json } from "./harness.js"

// Every file in the cache folder; with `onlyCaches`, the caches themselves (not what they have seen).
const cacheFiles = (env: NodeJS.ProcessEnv, onlyCaches = true): ReadonlyArray<string> => {
  const dir = join(env.INSPIRE_HOME ?? "", "cache", "code")
  try {
    return readdirSync(dir)
      .filter((name) => !onlyCaches || name.endsWith(".v8"))
      .map((name) => join(dir, name))
  } catch {
    return []
  }
}

describe("inspire's code cache", () => {
  it("is written by the first call, private, and used as is by the next", async () => {
    const env = homeFor("http://127.0.0.1:9")
    expect(cacheFiles(env)).toEqual([])
    const first = await inspire(env, ["config", "get", "--json"])
    expect(first.code).toBe(0)
    const [file, ...others] = cacheFiles(env)
    expect(others).toEqual([])
    expect(file).toMatch(/cli-[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+\.v8$/)
    expect(statSync(file ?? "").mode & 0o777).toBe(0o600)
    expect(statSync(join(env.INSPIRE_HOME ?? "", "cache", "code")).mode & 0o777).toBe(0o700)
    const bytes = readFileSync(file ?? "")
    expect(bytes.length).toBeGreaterThan(100_000)

    const second = await inspire(env, ["config", "get", "--json"])
    expect(second.code).toBe(0)
    expect(second.stdout).toBe(first.stdout)
    // Accepted, so not rewritten.
    expect(readFileSync(file ?? "").equals(bytes)).toBe(true)
  })

  it("ignores a damaged cache, runs normally and replaces it", async () => {
    const env = homeFor("http://127.0.0.1:9")
    expect((await inspire(env, ["config", "get", "--json"])).code).toBe(0)
    const [file] = cacheFiles(env)
    writeFileSync(file ?? "", "not a code cache")
    const run = await inspire(env, ["config", "get", "--json"])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe("")
    expect(JSON.parse(run.stdout)).toHaveProperty("settings")
    expect(statSync(file ?? "").size).toBeGreaterThan(100_000)
  })

  it("drops the caches of other builds when it writes its own", async () => {
    const env = homeFor("http://127.0.0.1:9")
    expect((await inspire(env, ["config", "get", "--json"])).code).toBe(0)
    const [file] = cacheFiles(env)
    const old = join(file ?? "", "..", "cli-0000000000000000-v0.0.0-x64.v8")
    writeFileSync(old, "from an older build")
    writeFileSync(`${old}.seen`, "inspire config get\n")
    writeFileSync(file ?? "", "damaged")
    expect((await inspire(env, ["config", "get", "--json"])).code).toBe(0)
    expect(cacheFiles(env, false)).toEqual([file, `${file}.seen`])
  })

  // Calls that talk to the platform compile undici's WebAssembly HTTP parser with a changed V8 flag
  // (src/wasm-tiering.ts); the flag must be back when the cache is written, or V8 would reject the
  // cache at every following call and the CLI would compile and rewrite it each time.
  it("grows once with each new command that succeeds, then stays valid across calls that make requests", {
    timeout: 120_000,
  }, async () => {
    const emu = await startEmulator({ port: 0 })
    try {
      const env = homeFor(emu.url)
      const seen = (file: string) => readFileSync(`${file}.seen`, "utf8").trim().split("\n")
      // Not logged in: job list fails, so it is not counted as seen.
      expect((await inspire(env, ["config", "get", "--json"])).code).toBe(0)
      expect((await inspire(env, ["job", "list", "--json"])).code).not.toBe(0)
      const [file = ""] = cacheFiles(env)
      expect(seen(file)).toEqual(["inspire config get"])
      expect(statSync(`${file}.seen`).mode & 0o777).toBe(0o600)
      const afterConfig = readFileSync(file)

      const login = await inspire(
        env,
        ["login", "--username", emu.demo.username, "--password-stdin"],
        emu.demo.password,
      )
      expect(login.code).toBe(0)
      expect(json(await inspire(env, ["job", "list", "--json"]))).toHaveProperty("tasks")
      expect(seen(file)).toEqual(["inspire config get", "inspire login", "inspire job list"])
      const grown = readFileSync(file)
      // What the first cache held is kept: it was loaded when the new one was made.
      expect(grown.length).toBeGreaterThan(afterConfig.length)

      // Calls that talk to the platform compile undici's WebAssembly HTTP parser with a changed V8
      // flag (src/wasm-tiering.ts); the flag must be back when the cache is checked and written, or V8
      // would reject the cache at every following call and the CLI would rewrite it each time.
      for (let i = 0; i < 2; i++) expect(json(await inspire(env, ["job", "list", "--json"]))).toHaveProperty("tasks")
      expect((await inspire(env, ["config", "get", "--json"])).code).toBe(0)
      expect(readFileSync(file).equals(grown)).toBe(true)
      expect(cacheFiles(env, false).map((f) => f.slice(file.length))).toEqual(["", ".seen"])
    } finally {
      await emu.close()
    }
  })
})

describe("Node's own compile cache (INSPIRE_CODE_CACHE=node, for the benchmark)", () => {
  it("runs the same, kept in a private folder of the store where Node has one (22.1 and later)", async () => {
    const env: NodeJS.ProcessEnv = { ...homeFor("http://127.0.0.1:9"), INSPIRE_CODE_CACHE: "node" }
    const first = await inspire(env, ["config", "get", "--json"])
    expect(first.code).toBe(0)
    expect(first.stderr).toBe("")
    const second = await inspire(env, ["config", "get", "--json"])
    expect(second.stdout).toBe(first.stdout)
    const dir = join(env.INSPIRE_HOME ?? "", "cache", "code", "node")
    const [major = 0, minor = 0] = process.versions.node.split(".").map(Number)
    if (major > 22 || (major === 22 && minor >= 1)) {
      expect(statSync(dir).mode & 0o777).toBe(0o700)
      expect(readdirSync(dir, { recursive: true }).length).toBeGreaterThan(0)
      expect(cacheFiles(env)).toEqual([])
    } else expect(cacheFiles(env)).toHaveLength(1)
  })
})

describe("the WebAssembly tier-up budget", () => {
  it("is left alone on another V8 or when the user passes WebAssembly flags", () => {
    expect(deferWasmTierUp("12.9.202.28", "")).toBe(false)
    expect(deferWasmTierUp("11.3.244.8-node.38", "--wasm-tiering-budget=5")).toBe(false)
  })

  it("compiles modules that work as usual", () => {
    // In a child process, since the budget replaces WebAssembly.Module for the whole process; the
    // module is tsc's output of src/wasm-tiering.ts (pnpm build). Whether V8's flags are restored is
    // what the code-cache test above checks across processes.
    const built = fileURLToPath(new URL("../build/wasm-tiering.js", import.meta.url))
    const script = `
      const { deferWasmTierUp } = await import(${JSON.stringify(built)})
      const installed = deferWasmTierUp(process.versions.v8.replace(/^[0-9]+[.][0-9]+/, "11.3"), "")
      // (module (func (export "answer") (result i32) i32.const 42))
      const bytes = Uint8Array.from([0,97,115,109,1,0,0,0,1,5,1,96,0,1,127,3,2,1,0,7,10,1,6,97,110,115,119,101,114,0,0,10,6,1,4,0,65,42,11])
      const mod = new WebAssembly.Module(bytes)
      const answer = new WebAssembly.Instance(mod).exports.answer()
      console.log(JSON.stringify({ installed, isModule: mod instanceof WebAssembly.Module, answer }))
    `
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })
    expect(JSON.parse(out)).toEqual({ installed: true, isModule: true, answer: 42 })
  })
})
