import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { createInspireClient, InspireError, type Language, statusOperation } from "../../src/index.js"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import { useEmulator } from "../emulator.js"

// A library client speaks the language it is given, else INSPIRE_LANG, else the profile's `lang` setting,
// else English — never the locale; and what it returns as data is the same in every language.
const HAN = /[\u4e00-\u9fff]/
// Chinese of our own: the emulator's workspace and project names are Chinese in every language.
const ours = (text: string): string =>
  ["分布式训练空间", "具身智能基础模型", "H100"].reduce((t, name) => t.replaceAll(name, ""), text)
const emu = useEmulator()

const clientIn = (env: NodeJS.ProcessEnv, lang?: Language) => {
  const home = env.INSPIRE_HOME ?? mkdtempSync(join(tmpdir(), "inspire-lang-"))
  return createInspireClient({
    env: {
      INSPIRE_HOME: home,
      INSPIRE_BASE_URL: emu.current.url,
      INSPIRE_RATE_LIMIT: "1000",
      SYNERGY_HOME: home,
      ...env,
    },
    ...(lang !== undefined ? { lang } : {}),
  })
}

// A submit that names no spec where the group offers several: an error with a hint naming a field.
const specError = async (client: ReturnType<typeof clientIn>): Promise<InspireError> => {
  await client.login({ username: emu.current.demo.username, password: emu.current.demo.password })
  try {
    await client.submit({
      name: "w",
      command: "echo",
      compute_group: "H100",
      workspace: "分布式训练空间",
      project: "具身智能基础模型",
      dry_run: true,
    })
  } catch (e) {
    if (e instanceof InspireError) return e
    throw e
  } finally {
    await client.close()
  }
  throw new Error("expected a failure")
}

describe("the library's language", () => {
  it("words errors in English by default and in Chinese when asked, the words among them in its own terms", async () => {
    const en = await specError(clientIn({}))
    const zh = await specError(clientIn({}, "zh-CN"))
    expect(String(en.hint)).toContain('Pass spec: "<ID>"')
    expect(ours(zh.message)).toMatch(HAN)
    expect(ours(String(zh.hint))).toMatch(HAN)
    expect(String(zh.hint)).not.toContain("Pass spec")
    // The candidates table in the hint is laid out in the reader's language, its columns lined up.
    expect(String(en.hint)).toContain("PRICE/H")
    const head =
      String(zh.hint)
        .split("\n")
        .find((l) => l.includes("每小时价格")) ?? ""
    expect(head).toMatch(/^规格 ID\s+GPU\s+数量\s+CPU\s+内存 GiB\s+每小时价格$/)
    expect(String(zh.hint)).toContain('spec: "<ID>"')
    expect(zh.reason).toBe(en.reason)
    // What was said stays data, whatever the language.
    expect(zh.parts?.message).toEqual(en.parts?.message)
  }, 60_000)

  it("takes INSPIRE_LANG, then the profile's lang setting, and ignores the locale", async () => {
    expect(ours((await specError(clientIn({ INSPIRE_LANG: "zh-CN" }))).message)).toMatch(HAN)
    expect((await specError(clientIn({ LANG: "zh_CN.UTF-8", LC_ALL: "zh_CN.UTF-8" }))).hint.toString()).toContain(
      "Pass spec",
    )
    const home = mkdtempSync(join(tmpdir(), "inspire-lang-"))
    const setter = clientIn({ INSPIRE_HOME: home })
    await setter.config({ action: "set", key: "lang", value: "zh-CN" })
    await setter.close()
    expect(ours((await specError(clientIn({ INSPIRE_HOME: home }))).message)).toMatch(HAN)
    expect((await specError(clientIn({ INSPIRE_HOME: home, INSPIRE_LANG: "en" }))).hint.toString()).toContain(
      "Pass spec",
    )
  }, 120_000)

  it("speaks English when INSPIRE_LANG names a language it does not speak, over the profile's setting", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-lang-"))
    const setter = clientIn({ INSPIRE_HOME: home })
    await setter.config({ action: "set", key: "lang", value: "zh-CN" })
    await setter.close()
    for (const lang of ["fr", "zh-TW", "zh-Hant"]) {
      const e = await specError(clientIn({ INSPIRE_HOME: home, INSPIRE_LANG: lang }))
      expect(e.reason, e.message).toBe("InvalidInput")
      expect(e.hint.toString()).toContain("Pass spec")
      const client = clientIn({ INSPIRE_HOME: home, INSPIRE_LANG: lang })
      try {
        // Resolving the defaults (which include the language) refuses nothing.
        await client.jobs({ type: "train" })
      } finally {
        await client.close()
      }
    }
  }, 120_000)

  it("renders results in the language, with the same data in both", async () => {
    const run = async (lang: Language) => {
      const client = clientIn({}, lang)
      try {
        await client.login({ username: emu.current.demo.username, password: emu.current.demo.password })
        return await client.run(invoke(statusOperation, { workspace: "分布式训练空间" }))
      } finally {
        await client.close()
      }
    }
    const en = await run("en")
    const zh = await run("zh-CN")
    expect(zh.text).toMatch(HAN)
    expect(zh.text).not.toBe(en.text)
    expect(Object.keys(zh.result)).toEqual(Object.keys(en.result))
  }, 60_000)
})
