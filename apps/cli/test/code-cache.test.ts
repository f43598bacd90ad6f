// The V8 code cache that makes a second `inspire` call start faster: written once, private, reused,
// and never able to break the CLI when it is damaged or stale.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { homeFor, inspire } from "./harness.js"

const cacheFiles = (env: NodeJS.ProcessEnv): ReadonlyArray<string> => {
  const dir = join(env.INSPIRE_HOME ?? "", "cache", "code")
  try {
    return readdirSync(dir).map((name) => join(dir, name))
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
    writeFileSync(file ?? "", "damaged")
    expect((await inspire(env, ["config", "get", "--json"])).code).toBe(0)
    expect(cacheFiles(env)).toEqual([file])
  })
})
