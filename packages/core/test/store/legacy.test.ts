import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { parseJsonc } from "../../src/store/jsonc.js"
import { readLegacySynergy } from "../../src/store/legacy.js"

const synergyHome = () => {
  const home = mkdtempSync(join(tmpdir(), "synergy-"))
  mkdirSync(join(home, ".synergy", "data", "plugin", "inspire"), { recursive: true })
  mkdirSync(join(home, ".synergy", "config", "synergy.d"), { recursive: true })
  return home
}

describe("parseJsonc", () => {
  it("strips comments and trailing commas but not comment-like text inside strings", () => {
    expect(parseJsonc('{ // c\n "a": "http://x", /* b */ "b": [1,2,], }')).toEqual({ a: "http://x", b: [1, 2] })
    expect(parseJsonc('{"a": "say \\"//hi\\""}')).toEqual({ a: 'say "//hi"' })
    expect(parseJsonc("{ broken")).toBeUndefined()
  })
})

describe("readLegacySynergy", () => {
  it("imports the migrated credentials and the plugin defaults", async () => {
    const home = synergyHome()
    writeFileSync(
      join(home, ".synergy", "data", "plugin", "inspire", "auth.json"),
      JSON.stringify({
        "inspire-username": "20230001",
        "inspire-password": "pw1",
        "harbor-username": "robot$inspire-studio+user-1",
        "harbor-password": "hq",
        "harbor-username-sj": "robot$inspire-studio+user-1",
        "harbor-password-sj": "hs",
      }),
    )
    writeFileSync(
      join(home, ".synergy", "config", "synergy.d", "50-plugins.jsonc"),
      `{
        // written by the old plugin
        "pluginConfig": { "inspire": {
          "defaultWorkspace": "分布式训练空间",
          "defaultPriority": "9",
          "defaultShm": "65536",
          "defaultImage": "docker-qb.sii.edu.cn/inspire-studio/bad:1",
          "somethingElse": true,
        } }
      }`,
    )
    const data = await Effect.runPromise(readLegacySynergy({ SYNERGY_HOME: home }))
    expect(data.inspire).toEqual({ username: "20230001", password: "pw1" })
    expect(data.harbor.sj?.password).toBe("hs")
    expect(data.harbor.qb?.username).toBe("robot$inspire-studio+user-1")
    expect(data.defaults).toEqual({ defaultWorkspace: "分布式训练空间", defaultPriority: 9, defaultShm: 65536 })
    expect(data.sources).toHaveLength(2)
  })

  it("finds nothing, without failing, when Synergy never ran or its files are damaged", async () => {
    const empty = await Effect.runPromise(readLegacySynergy({ SYNERGY_HOME: mkdtempSync(join(tmpdir(), "none-")) }))
    expect(empty).toEqual({ harbor: {}, defaults: {}, sources: [] })
    const home = synergyHome()
    writeFileSync(join(home, ".synergy", "data", "plugin", "inspire", "auth.json"), "{ not json")
    const damaged = await Effect.runPromise(readLegacySynergy({ SYNERGY_HOME: home }))
    expect(damaged.inspire).toBeUndefined()
  })

  it("ignores half a credential pair", async () => {
    const home = synergyHome()
    writeFileSync(
      join(home, ".synergy", "data", "plugin", "inspire", "auth.json"),
      JSON.stringify({ "inspire-username": "u" }),
    )
    expect((await Effect.runPromise(readLegacySynergy({ SYNERGY_HOME: home }))).inspire).toBeUndefined()
  })
})
