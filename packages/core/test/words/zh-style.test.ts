// Chinese typography of every zh-CN catalogue (core's and the apps'): full-width punctuation after Chinese,
// no space beside Chinese punctuation, Chinese units inside Chinese sentences, and one word for a profile.
// The check reads each message's text as Fluent parses it, every variant of it, values standing as "X".
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { FluentResource } from "@fluent/bundle"
import { describe, expect, it } from "vitest"
import { msg } from "../../src/words/message.js"
import { renderWords } from "../../src/words/render.js"
import { displayWidth } from "../../src/words/table.js"
import { fieldsWord } from "../../src/words/text.js"

const ROOT = join(import.meta.dirname, "../../../..")
const FOLDERS = ["packages/core/locales/zh-CN", "apps/cli/locales/zh-CN"]

type Node = unknown

// The texts a pattern can say: each variant of a selection on its own, values and references as "X".
const textsOf = (pattern: Node): string[] => {
  if (typeof pattern === "string") return [pattern]
  if (!Array.isArray(pattern)) return ["X"]
  let out = [""]
  for (const element of pattern) {
    const e = element as { type?: string; variants?: Array<{ value: Node }> }
    const options =
      typeof element === "string"
        ? [element]
        : e.type === "select"
          ? (e.variants ?? []).flatMap((v) => textsOf(v.value))
          : e.type === "str"
            ? [String((element as { value: unknown }).value)]
            : ["X"]
    // Keeps the number of combinations small: each option once, beside the first of the others.
    out =
      out.length * options.length > 64
        ? options.map((o, i) => (out[i] ?? out[0]) + o)
        : out.flatMap((t) => options.map((o) => t + o))
  }
  return out
}

const messages = (): Array<{ readonly where: string; readonly text: string }> =>
  FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder))
      .filter((f) => f.endsWith(".ftl"))
      .flatMap((file) => {
        const body = (
          new FluentResource(readFileSync(join(ROOT, folder, file), "utf8")) as unknown as {
            body: Array<{ id: string; value: Node; attributes: Record<string, Node> }>
          }
        ).body
        return body.flatMap((m) =>
          textsOf(m.value).map((text) => ({ where: `${folder.split("/")[1]}/${file} ${m.id}`, text })),
        )
      }),
  )

// Code, commands and flags are said as typed: `…` spans, --flags and `inspire …` words are not sentences.
const prose = (text: string): string => text.replace(/`[^`]*`/g, "X").replace(/(--|inspire )[a-z-]+/g, "X")

const CJK = "\\p{Script=Han}"
const PUNCT = "，。；：！？、（）「」『』【】"

const RULES: ReadonlyArray<readonly [name: string, test: RegExp]> = [
  ["an ASCII colon after Chinese (use ：)", new RegExp(`[${CJK}）」』】]:`, "u")],
  ["a space before Chinese punctuation", new RegExp(` [${PUNCT.replace("（", "")}]`, "u")],
  ["a space after an opening Chinese bracket", /[（「『【] /u],
  [
    "an English unit in a Chinese sentence (use 分钟, 秒, 小时)",
    /X ?(min|mins|s|sec|h|hrs?)(?![A-Za-z])|\d (min|mins|s|sec)(?![A-Za-z])/u,
  ],
  ["the English word profile (use 配置档)", /\bprofiles?\b/iu],
]

describe("zh-CN catalogues", () => {
  for (const [name, test] of RULES)
    it(`have no ${name}`, () => {
      const found = messages()
        .filter((m) => test.test(prose(m.text)))
        .map((m) => `${m.where}: ${m.text}`)
      expect([...new Set(found)]).toEqual([])
    })
})

describe("labelled fields", () => {
  it("take a full-width colon after a Chinese label, aligned by display width", () => {
    const fields = fieldsWord([
      [msg("status-label-user"), "张演示"],
      [msg("status-label-personal-storage"), "/inspire/hdd/global_user/20250001/"],
    ])
    const [user, storage] = renderWords(fields, "cli", "zh-CN").split("\n")
    expect(user).toMatch(/^用户：\s+张演示$/)
    expect(storage).toMatch(/^个人存储： \/inspire/)
    const widthTo = (line: string | undefined, mark: string) => displayWidth(line?.slice(0, line.indexOf(mark)) ?? "")
    expect(widthTo(user, "张")).toBe(widthTo(storage, "/"))
    expect(renderWords(fields, "cli", "en").split("\n")[0]).toMatch(/^User:\s+张演示$/)
  })
})
