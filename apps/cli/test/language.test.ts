// The language the CLI speaks: chosen from INSPIRE_LANG, the profile's `lang` setting, then the
// locale (LC_ALL, LC_MESSAGES, LANG); every sentence of a sample of commands and errors in that language;
// `--json` the same bytes in every language; and the CLI's own catalogue complete in both languages.
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CATALOGUE as CORE_CATALOGUE } from "../../../packages/core/src/words/locales.generated.js"
import { compareLanguages, idsInCode, readLanguage } from "../../../packages/core/test/words/catalogue-check.js"
import { CATALOGUE } from "../src/locales.generated.js"
import { homeFor, inspire, type Run } from "./harness.js"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

const T = 180_000

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code, login.stderr).toBe(0)
})
afterAll(async () => {
  await emu.close()
})

// A usage error the CLI words itself, from commander's parse: its two lines in each language.
const BOGUS = ["job", "list", "--bogus"]
const BOGUS_EN = "error: unknown option '--bogus'\nhint: Run `inspire job list --help` for its commands and flags.\n"
const BOGUS_ZH = "错误：未知参数 '--bogus'\n提示：运行 `inspire job list --help` 查看它的命令和参数。\n"

const ZH_LOCALE = "zh_CN.UTF-8"
const EN_LOCALE = "en_US.UTF-8"

describe("the language is chosen INSPIRE_LANG > profile lang > LC_ALL > LC_MESSAGES > LANG", () => {
  it(
    "follows the locale when nothing else names a language, the first set variable deciding",
    async () => {
      expect((await inspire(env, BOGUS)).stderr).toBe(BOGUS_EN)
      expect((await inspire({ ...env, LANG: ZH_LOCALE }, BOGUS)).stderr).toBe(BOGUS_ZH)
      expect((await inspire({ ...env, LANG: ZH_LOCALE, LC_MESSAGES: EN_LOCALE }, BOGUS)).stderr).toBe(BOGUS_EN)
      expect((await inspire({ ...env, LC_MESSAGES: ZH_LOCALE, LANG: EN_LOCALE }, BOGUS)).stderr).toBe(BOGUS_ZH)
      expect((await inspire({ ...env, LC_ALL: ZH_LOCALE, LC_MESSAGES: EN_LOCALE }, BOGUS)).stderr).toBe(BOGUS_ZH)
      expect((await inspire({ ...env, LC_ALL: EN_LOCALE, LANG: ZH_LOCALE }, BOGUS)).stderr).toBe(BOGUS_EN)
      // A locale of a language inspire does not speak is English, not the next variable.
      expect((await inspire({ ...env, LC_ALL: "fr_FR.UTF-8", LANG: ZH_LOCALE }, BOGUS)).stderr).toBe(BOGUS_EN)
    },
    T,
  )

  it(
    "takes the profile's lang over the locale, INSPIRE_LANG over both, and the profile --profile names",
    async () => {
      const home = homeFor(emu.url)
      expect((await inspire(home, ["config", "set", "lang", "zh-CN"])).code).toBe(0)
      expect((await inspire({ ...home, LC_ALL: EN_LOCALE }, BOGUS)).stderr).toBe(BOGUS_ZH)
      expect((await inspire({ ...home, LC_ALL: EN_LOCALE, INSPIRE_LANG: "en" }, BOGUS)).stderr).toBe(BOGUS_EN)
      expect((await inspire({ ...env, INSPIRE_LANG: "zh-CN", LC_ALL: EN_LOCALE }, BOGUS)).stderr).toBe(BOGUS_ZH)
      // Another profile without the setting: --profile (and INSPIRE_PROFILE) select whose setting counts.
      expect((await inspire(home, ["profile", "add", "other", "--base-url", emu.url])).code).toBe(0)
      expect((await inspire(home, ["--profile", "other", ...BOGUS])).stderr).toBe(BOGUS_EN)
      expect((await inspire({ ...home, INSPIRE_PROFILE: "other" }, BOGUS)).stderr).toBe(BOGUS_EN)
      expect((await inspire({ ...home, INSPIRE_PROFILE: "other" }, ["--profile=default", ...BOGUS])).stderr).toBe(
        BOGUS_ZH,
      )
    },
    T,
  )

  it(
    "warns in one line about an INSPIRE_LANG it does not speak, then speaks English",
    async () => {
      const r = await inspire({ ...env, INSPIRE_LANG: "fr", LANG: ZH_LOCALE }, BOGUS)
      expect(r.code).toBe(2)
      const [warning, ...rest] = r.stderr.split("\n")
      expect(warning).toMatch(/^inspire: warning: INSPIRE_LANG=fr .*en, zh-CN.*English/)
      expect(`${rest.join("\n")}`).toBe(BOGUS_EN)
      // Every command still runs: Traditional Chinese is not a language inspire speaks either.
      for (const lang of ["fr", "zh-TW"]) {
        const list = await inspire({ ...env, INSPIRE_LANG: lang }, ["job", "list"])
        expect(list.code, list.stderr).toBe(0)
        expect(list.stderr.split("\n").filter((l) => l.includes("INSPIRE_LANG"))).toHaveLength(1)
      }
    },
    T,
  )
})

// Sentences of English text: three or more words in a row, the later ones in lower case. Names, ids,
// flags, enum values, table headings and commands (`inspire job list`, quoted or not) are not sentences.
const sentences = (text: string): ReadonlyArray<string> =>
  [
    ...text
      .replace(/`[^`]*`/g, " ")
      .replace(/\binspire(?: [a-z][\w-]*)+/g, " ")
      .matchAll(/\b[A-Za-z][a-z']+(?: [a-z][a-z']*){2,}/g),
  ].map((m) => m[0])

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/

// Both languages' output of one command: the Chinese must say in Chinese what the English says in words.
const bothLanguages = async (args: ReadonlyArray<string>): Promise<{ en: Run; zh: Run }> => ({
  en: await inspire({ ...env, INSPIRE_LANG: "en" }, args),
  zh: await inspire({ ...env, INSPIRE_LANG: "zh-CN" }, args),
})

const expectChinese = (en: string, zh: string): void => {
  expect(sentences(en).length, en).toBeGreaterThan(0)
  // Chinese beyond the platform's own names (which both languages show as they are).
  const data = new Set(en.match(/[\u4e00-\u9fff\w-]*[\u4e00-\u9fff]+[\u4e00-\u9fff\w-]*/g) ?? [])
  let words = zh
  for (const d of data) words = words.split(d).join("")
  expect(words, zh).toMatch(CJK)
  const left = sentences(zh).filter((s) => sentences(en).includes(s))
  expect(left, zh).toEqual([])
}

describe("a sample of commands and errors in each language", () => {
  it(
    "status, job list and doctor speak Chinese with zh-CN, English with en",
    async () => {
      for (const args of [["status"], ["job", "list"], ["doctor"]]) {
        const { en, zh } = await bothLanguages(args)
        expect(zh.code, zh.stderr).toBe(en.code)
        expectChinese(en.stdout + en.stderr, zh.stdout + zh.stderr)
      }
    },
    T,
  )

  it(
    "sends Chinese warnings, hints and next steps to stderr, as it does English ones",
    async () => {
      // The emulator's public project has no budget left: status warns about it.
      const { en, zh } = await bothLanguages(["status"])
      expect(en.stderr).toMatch(/^warning: /m)
      expect(zh.stderr).toMatch(/^警告：/m)
      expect(zh.stdout).not.toMatch(/^(警告|提示|注意|下一步)：/m)
      const next = await inspire({ ...env, INSPIRE_LANG: "zh-CN" }, ["job", "list"])
      expect(next.stdout).not.toMatch(/^(提示|下一步)：/m)
    },
    T,
  )

  it(
    "a usage error and a not-found error, with their hints, in Chinese",
    async () => {
      for (const args of [
        ["job", "logs", "job-1", "--follow", "--download"],
        ["job", "list", "--workspace", "nowhere"],
        ["help", "nothing"],
      ]) {
        const { en, zh } = await bothLanguages(args)
        expect(zh.code).toBe(2)
        expect(en.code).toBe(2)
        expect(en.stderr).toMatch(/^error: .+\nhint: /)
        expect(zh.stderr).toMatch(/^错误：.+\n提示：/)
        expectChinese(en.stderr, zh.stderr)
      }
    },
    T,
  )

  it(
    "a flag value the operation's schema refuses, in Chinese, the flag named as it is (exit 2)",
    async () => {
      const cases: ReadonlyArray<readonly [ReadonlyArray<string>, string, string]> = [
        [
          ["job", "list", "--limit", "0"],
          "--limit: Too small: expected number to be >=1",
          "--limit：值太小：应大于或等于 1",
        ],
        [
          ["job", "logs", "job-1", "--lines", "1.5"],
          "--lines: Invalid input: expected int, received number",
          "--lines：类型不对：应为整数，收到的是数字",
        ],
      ]
      for (const [args, enText, zhText] of cases) {
        const { en, zh } = await bothLanguages(args)
        expect(en.code).toBe(2)
        expect(zh.code).toBe(2)
        expect(en.stderr).toBe(`error: ${enText}\nhint: See --help for the flags of this command.\n`)
        expect(zh.stderr).toBe(`错误：${zhText}\n提示：用 --help 查看此命令的参数。\n`)
        expectChinese(en.stderr, zh.stderr)
      }
    },
    T,
  )
})

describe("--json is the same bytes in every language", () => {
  it(
    "for results and for errors",
    async () => {
      const langs: ReadonlyArray<NodeJS.ProcessEnv> = [
        { INSPIRE_LANG: "en" },
        { INSPIRE_LANG: "zh-CN" },
        { LANG: ZH_LOCALE },
        { LC_ALL: ZH_LOCALE, INSPIRE_LANG: "zh-CN" },
      ]
      // Each of these environments speaks Chinese without --json.
      for (const lang of langs.slice(1)) expect((await inspire({ ...env, ...lang }, BOGUS)).stderr).toBe(BOGUS_ZH)
      for (const args of [
        ["status", "--json"],
        ["job", "list", "--json"],
        // (Not the whole `config get`: its lang setting shows INSPIRE_LANG, which differs between these runs.)
        ["config", "get", "defaultShm", "--json"],
        ["help", "exit-codes", "--json"],
        ["job", "list", "--workspace", "nowhere", "--json"],
        ["--json", "job", "logs", "job-1", "--follow", "--download"],
        ["job", "list", "--bogus", "--json"],
      ]) {
        const runs = []
        // When discovery ran is the one value that differs between two runs of any language.
        for (const lang of langs) {
          const r = await inspire({ ...env, ...lang }, args)
          runs.push({ ...r, stdout: r.stdout.replace(/"discoveredAt": \d+/g, '"discoveredAt": 0') })
        }
        const [first, ...rest] = runs
        expect(first?.code === 0 ? first.stdout : first?.stderr, args.join(" ")).toMatch(/^\{/)
        for (const r of rest) expect({ args, ...r }).toEqual({ args, ...first })
      }
    },
    T * 2,
  )
})

describe("the CLI's catalogue", () => {
  const SRC = join(import.meta.dirname, "../src")
  const en = readLanguage(CATALOGUE.en).messages
  const core = readLanguage(CORE_CATALOGUE.en).messages

  it("has every message in both languages with the same values, each id starting with cli-", async () => {
    expect(
      compareLanguages({ en: CATALOGUE.en, "zh-CN": await (CATALOGUE.load["zh-CN"] ?? (async () => ({})))() }),
    ).toEqual([])
    expect([...en.keys()].filter((id) => !id.startsWith("cli-"))).toEqual([])
    expect(
      [...en.keys()].filter((id) => core.has(id)),
      "ids core has too",
    ).toEqual([])
  })

  it("names in code only messages that exist, and every message of it is said by the code", () => {
    const { ids, prefixes, opaque } = idsInCode(SRC)
    expect(opaque, "msg() with an id no check can follow").toEqual([])
    expect([...ids].filter(([id]) => !en.has(id) && !core.has(id)).map(([id, file]) => `${id} (${file})`)).toEqual([])
    const unused = [...en.keys()].filter((id) => !ids.has(id) && !prefixes.some((p) => id.startsWith(p)))
    expect(unused, "messages no code says").toEqual([])
  })
})
