import { describe, expect, it } from "vitest"
import { textData, textOf } from "../../src/words/kept.js"
import { msg } from "../../src/words/message.js"
import { renderWords } from "../../src/words/render.js"
import { callWord, plain, text } from "../../src/words/text.js"

// Why the saved password was rejected is kept in the session file and shown by later calls, in their
// reader's language: kept as data, it reads back as the same text, not as its English.
describe("a text kept in a file", () => {
  const said = msg("platform-says", { text: "账号已锁定", meaning: msg("platform-means-locked") })
  const kept = text`${msg("auth-cas-locked", { text: said })} ${callWord("login", { target: "inspire" })}`

  it("reads back as the same text, in every language and dialect", () => {
    const back = textOf(JSON.parse(JSON.stringify(textData(kept))))
    expect(back).toBeDefined()
    for (const lang of ["en", "zh-CN"] as const)
      for (const dialect of ["cli", "mcp", "library"] as const)
        expect(renderWords(back ?? "", dialect, lang)).toBe(renderWords(kept, dialect, lang))
    expect(renderWords(back ?? "", "cli", "zh-CN")).not.toBe(renderWords(kept, "cli", "en"))
  })

  it("reads anything else as nothing, for the English kept beside it to be shown", () => {
    expect(textOf(undefined)).toBeUndefined()
    expect(textOf("The platform rejected it.")).toBeUndefined()
    expect(textOf({ $text: [{ kind: "table", headers: [] }] })).toBeUndefined()
    expect(textOf({ $text: [{ kind: "msg", id: "x", args: { a: {} } }] })).toBeUndefined()
    expect(textOf(textData(plain("as it was")))).toEqual(plain("as it was"))
  })
})
