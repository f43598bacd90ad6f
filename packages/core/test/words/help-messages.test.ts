// The catalogue's help texts as messages (locales/<language>/help.ftl): the English file is what the
// catalogue gives (scripts/help-messages.mjs --check), a translation made from an older English is
// found, and a help text is said in Chinese with its words as the frontend says them.
import { spawnSync } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { commandsOf } from "../../src/operations/catalogue/commands.js"
import { fieldHelpKey, helpMessage, helpPattern, summaryHelpKey } from "../../src/operations/catalogue/help.js"
import { inputJsonSchema } from "../../src/operations/catalogue/schema.js"
import { jobsOperation } from "../../src/operations/jobs.js"
import { statusOperation } from "../../src/operations/status/index.js"
import { renderWords } from "../../src/words/render.js"
import { callWord } from "../../src/words/token.js"

const CORE = join(import.meta.dirname, "../..")
const SCRIPT = join(CORE, "scripts/help-messages.mjs")

// The script on a copy of the locales folder (it reads the built catalogue, dist/).
const check = (locales: string) =>
  spawnSync(process.execPath, [SCRIPT, "--check", "--locales", locales], { encoding: "utf8" })

const copyOfLocales = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "inspire-help-"))
  cpSync(join(CORE, "locales"), dir, { recursive: true })
  return dir
}

const edit = (path: string, from: string, to: string): void => {
  const text = readFileSync(path, "utf8")
  expect(text).toContain(from)
  writeFileSync(path, text.replace(from, to))
}

describe("help.ftl", () => {
  it("is what the catalogue gives, and every translation is of the current English", () => {
    const run = check(join(CORE, "locales"))
    expect(run.stderr).toBe("")
    expect(run.status).toBe(0)
  })

  it("is stale when a description changed: the English file, then each translation made from the old English", () => {
    const dir = copyOfLocales()
    edit(
      join(dir, "en/help.ftl"),
      "help-jobs-summary = List tasks by type and status",
      "help-jobs-summary = List tasks",
    )
    const stale = check(dir)
    expect(stale.status).toBe(1)
    expect(stale.stderr).toContain("en/help.ftl is out of date with the catalogue")

    const again = copyOfLocales()
    edit(join(again, "zh-CN/help.ftl"), "# List tasks by type and status\n", "# List tasks\n")
    const old = check(again)
    expect(old.status).toBe(1)
    expect(old.stderr).toContain("zh-CN/help.ftl: help-jobs-summary translates an older English")

    const gone = copyOfLocales()
    edit(
      join(gone, "zh-CN/help.ftl"),
      "# List tasks by type and status\nhelp-jobs-summary = 按类型和状态列出任务\n",
      "",
    )
    expect(check(gone).stderr).toContain("zh-CN/help.ftl lacks help-jobs-summary")
  })
})

describe("helpMessage", () => {
  it("says a command's summary in the reader's language, and the English exactly as the catalogue has it", () => {
    const [command] = commandsOf(jobsOperation)
    if (command === undefined) throw new Error("jobs has a command")
    const text = helpMessage(summaryHelpKey(command), command.summary)
    expect(renderWords(text, "cli", "zh-CN")).toBe("按类型和状态列出任务")
    expect(renderWords(text, "cli", "en")).toBe(command.summary)
  })

  it("words the calls of a description as the frontend says them, in either language", () => {
    const source = inputJsonSchema(statusOperation).properties?.schedule_type?.description ?? ""
    const text = helpMessage(fieldHelpKey(statusOperation, "schedule_type"), source)
    const zh = renderWords(text, "cli", "zh-CN")
    expect(zh).toMatch(/^只显示一种调度类型的规格/)
    expect(renderWords(text, "cli", "en")).toBe(renderWords(source, "cli"))
    const calls = renderWords(source, "cli").match(/inspire [a-z-]+ [^)]*/g) ?? []
    expect(calls).toEqual(["inspire job submit", "inspire hpc submit"])
    for (const call of calls) expect(zh).toContain(call)
  })

  it("is the English text itself where the catalogue has none for it, or one made from another English", () => {
    expect(helpMessage("jobs-summary", "List every task there is")).toBe("List every task there is")
    expect(helpMessage("no-such-command-summary", "Do a thing")).toBe("Do a thing")
  })

  it("escapes what Fluent reads as syntax and makes each word a value", () => {
    const { pattern, args } = helpPattern(`Use {a} then ${callWord("jobs")}\n[x] *y .z`)
    expect(pattern).toBe('Use {"{"}a{"}"} then { $w0 }\n    {"["}x] *y .z')
    expect(Object.keys(args)).toEqual(["w0"])
  })
})
