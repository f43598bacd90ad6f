import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { beforeAll, describe, expect, it } from "vitest"
import { cliCall } from "../../src/words/dialect.js"
import { CATALOGUE } from "../../src/words/locales.generated.js"
import { addMessages, formatMessage, languageOf, loadLanguage, msg, pickLanguage } from "../../src/words/message.js"
import { renderDeep, renderWords } from "../../src/words/render.js"
import { callWord, parseWords, Text, tableWord, text } from "../../src/words/text.js"
import { inFreshNode } from "../helpers.js"
import { compareLanguages, idsInCode, readLanguage } from "./catalogue-check.js"

const SRC = join(import.meta.dirname, "../../src")

// A catalogue of this test's own, added beside core's (vitest runs each test file in its own module graph).
addMessages({
  en: {
    "test.ftl": [
      "test-jobs = { $count ->",
      "    [one] { $count } job",
      "   *[other] { $count } jobs",
      "  }",
      "test-next = Run { $call } next.",
      "test-outer = Failed: { $inner }",
      "test-only-english = Only in English",
      "",
    ].join("\n"),
  },
  load: {
    "zh-CN": async () => ({
      "test.ftl": [
        "test-jobs = { $count } 个任务",
        "test-next = 接下来运行 { $call }。",
        "test-outer = 失败：{ $inner }",
        "",
      ].join("\n"),
    }),
  },
})

// Every language's files, as the completeness checks read them.
const all = async () => ({ en: CATALOGUE.en, "zh-CN": await (CATALOGUE.load["zh-CN"] ?? (async () => ({})))() })

beforeAll(() => loadLanguage("zh-CN"))

describe("the message catalogue", () => {
  it("parses, and every translation uses the same values as its English", async () => {
    expect(compareLanguages(await all())).toEqual([])
  })

  it("names in code only messages that exist, and every message is used", () => {
    const { ids, prefixes, opaque } = idsInCode(SRC)
    expect(opaque, "msg() with an id no check can follow").toEqual([])
    const en = readLanguage(CATALOGUE.en).messages
    expect([...ids].filter(([id]) => !en.has(id)).map(([id, file]) => `${id} (${file})`)).toEqual([])
    const unused = [...en.keys()].filter((id) => !ids.has(id) && !prefixes.some((p) => id.startsWith(p)))
    expect(unused, "messages no code says").toEqual([])
  })

  it("compares languages: a different value is wrong, a message not translated yet is not", () => {
    const found = compareLanguages({
      en: { "a.ftl": "a-one = { $x } one\na-two = two\n" },
      "zh-CN": {
        "a.ftl": "a-one = { $y } 一\n",
        "help.ftl": "help-a = { $w0 } 甲\n    .en = { $w0 } a\nhelp-b = 乙\n    .en = { $w1 } b\n",
      },
    })
    expect(found).toEqual(["a-one: en uses {x}, zh-CN {y}", "help-b: its English uses {w1}, zh-CN {}"])
    expect(compareLanguages({ en: { "a.ftl": "a-one = one\n" }, "zh-CN": { "a.ftl": "a-one = {\n" } })).toEqual([
      "zh-CN/a.ftl: 1 entries do not parse",
    ])
  })
})

describe("msg", () => {
  it("is a Text, worded in the reader's language where a frontend shows it, English for anything else", () => {
    const said = msg("test-jobs", { count: 3 })
    expect(said).toBeInstanceOf(Text)
    expect(String(said)).toBe("3 jobs")
    expect(renderWords(said, "cli", "en")).toBe("3 jobs")
    expect(renderWords(said, "cli", "zh-CN")).toBe("3 个任务")
    expect(renderWords(msg("test-jobs", { count: 1 }), "cli", "en")).toBe("1 job")
  })

  it("words the calls among its values in the frontend's terms, in either language", () => {
    const said = msg("test-next", { call: callWord("jobs", { type: "train" }) })
    expect(renderWords(said, "cli", "zh-CN")).toBe(`接下来运行 ${cliCall({ op: "jobs", input: { type: "train" } })}。`)
    expect(renderWords(said, "mcp", "en")).toBe('Run inspire_jobs(type="train") next.')
  })

  it("nests: a message among another's values is worded in the same language", () => {
    const said = text`before ${msg("test-outer", { inner: msg("test-jobs", { count: 2 }) })} after`
    expect(renderWords(said, "library", "zh-CN")).toBe("before 失败：2 个任务 after")
    expect(renderWords(said, "library", "en")).toBe("before Failed: 2 jobs after")
    expect(renderDeep({ list: [said] }, "cli", "zh-CN")).toEqual({ list: ["before 失败：2 个任务 after"] })
    expect(parseWords(said)[1]).toMatchObject({ kind: "msg", id: "test-outer" })
  })

  it("refuses, in the test suites, an id no catalogue has when it is made, not only when it is shown", () => {
    expect(() => msg("no-such-message")).toThrow(/no catalogue/)
  })

  it("falls back to English for a message one language lacks", () => {
    expect(formatMessage("zh-CN", "test-only-english")).toBe("Only in English")
  })

  it("refuses, in the test suites (INSPIRE_MESSAGES_STRICT), a message the catalogue lacks or a value it needs", () => {
    expect(() => formatMessage("en", "no-such-message")).toThrow(/no catalogue/)
    expect(() => formatMessage("en", "test-jobs")).toThrow(/test-jobs/)
  })

  it("lays out a table made before its language was known, in the language it is worded in", () => {
    const table = tableWord({
      headers: [msg("test-only-english"), msg("test-jobs", { count: 2 })],
      aligns: ["left", "right"],
      rows: [["分布式训练空间", "8"]],
    })
    expect(renderWords(text`x\n${table}`, "cli", "zh-CN")).toBe(
      ["x", "Only in English  2 个任务", "分布式训练空间          8"].join("\n"),
    )
    expect(renderWords(table, "mcp", "en")).toBe(["Only in English  2 jobs", "分布式训练空间        8"].join("\n"))
  })

  it("says numbers as written and picks plural variants by CLDR's rules for each language", () => {
    expect([0, 1, -1, 2, 1.5, 1_000_000].map((count) => formatMessage("en", "test-jobs", { count }))).toEqual([
      "0 jobs",
      "1 job",
      "-1 job",
      "2 jobs",
      "1.5 jobs",
      "1000000 jobs",
    ])
    expect([1, 2].map((count) => formatMessage("zh-CN", "test-jobs", { count }))).toEqual(["1 个任务", "2 个任务"])
  })

  // ICU's number formatting costs about 8 MB of resident memory when first used; saying a number (a log
  // download's progress, most commands' results) does not start it. In a fresh node, on the build, with
  // Intl's number and plural constructors refusing to be called.
  it("says numbers and plurals without Intl's number formatting or plural rules", { timeout: 30_000 }, () => {
    const built = fileURLToPath(new URL("../../dist/words/message.js", import.meta.url))
    const script = `
      for (const name of ["NumberFormat", "PluralRules"])
        Intl[name] = new Proxy(Intl[name], { construct: () => { throw new Error("Intl." + name + " was used") } })
      const { formatMessage, loadLanguage } = await import(${JSON.stringify(built)})
      await loadLanguage("zh-CN")
      const said = []
      for (const lang of ["en", "zh-CN"])
        for (const count of [1, 3]) said.push(formatMessage(lang, "common-ops-your-workspaces", { count }))
      said.push(formatMessage("en", "logs-progress", { lines: 1000000, id: "job-1" }))
      console.log(JSON.stringify(said))
    `
    expect(inFreshNode(script, { INSPIRE_MESSAGES_STRICT: "1" })).toEqual([
      "your 1 workspace",
      "your 3 workspaces",
      "你的 1 个空间",
      "你的 3 个空间",
      "downloaded 1000000 lines of job-1",
    ])
  })

  it("says a string as it is, whatever characters it holds", () => {
    expect(renderWords("a \uE002 b", "cli", "zh-CN")).toBe("a \uE002 b")
  })
})

describe("the reader's language", () => {
  it("reads language names as settings and locales write them", () => {
    for (const zh of ["zh-CN", "zh_CN.UTF-8", "zh", "zh-Hans", "ZH_cn.utf8"]) expect(languageOf(zh), zh).toBe("zh-CN")
    for (const en of ["en", "en_US.UTF-8", "C", "POSIX", "C.UTF-8"]) expect(languageOf(en), en).toBe("en")
    for (const none of ["fr_FR.UTF-8", "zh_TW.UTF-8", "", undefined])
      expect(languageOf(none), String(none)).toBeUndefined()
  })

  it("takes INSPIRE_LANG, then the setting, then LC_ALL, LC_MESSAGES, LANG (the first one set)", () => {
    const pick = (env: NodeJS.ProcessEnv, configured?: string) =>
      pickLanguage({ env, locale: true, ...(configured !== undefined ? { configured } : {}) })
    expect(pick({ INSPIRE_LANG: "zh-CN", LANG: "en_US.UTF-8" }, "en")).toBe("zh-CN")
    expect(pick({ INSPIRE_LANG: "en", LANG: "zh_CN.UTF-8" })).toBe("en")
    expect(pick({ LANG: "en_US.UTF-8" }, "zh-CN")).toBe("zh-CN")
    expect(pick({ LC_ALL: "zh_CN.UTF-8", LANG: "en_US.UTF-8" })).toBe("zh-CN")
    expect(pick({ LC_MESSAGES: "zh_CN.UTF-8", LANG: "en_US.UTF-8" })).toBe("zh-CN")
    expect(pick({ LC_ALL: "fr_FR.UTF-8", LANG: "zh_CN.UTF-8" })).toBe("en")
    expect(pick({ LANG: "zh_CN.UTF-8" })).toBe("zh-CN")
    expect(pick({})).toBe("en")
    // Agent frontends: only an explicit choice, never the locale.
    expect(pickLanguage({ env: { LANG: "zh_CN.UTF-8" }, locale: false })).toBe("en")
    expect(pickLanguage({ env: { INSPIRE_LANG: "zh-CN" }, locale: false })).toBe("zh-CN")
  })
})
