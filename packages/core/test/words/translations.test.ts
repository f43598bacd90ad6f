// Translations are a list for a translator, never a failure: the catalogue's help texts are said in
// Chinese only from a translation of their current English (its `.en` attribute), in English otherwise;
// and scripts/translations.mjs lists what a language lacks, in the form its files take, exiting 0.
import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { commandsOf } from "../../src/operations/catalogue/commands.js"
import { fieldHelpKey, helpMessage, helpPattern, summaryHelpKey } from "../../src/operations/catalogue/help.js"
import { inputJsonSchema } from "../../src/operations/catalogue/schema.js"
import { jobsOperation } from "../../src/operations/jobs.js"
import { statusOperation } from "../../src/operations/status/index.js"
import { loadLanguage } from "../../src/words/message.js"
import { renderWords } from "../../src/words/render.js"
import { callWord, text } from "../../src/words/text.js"

const CORE = join(import.meta.dirname, "../..")
const SCRIPT = join(CORE, "../../scripts/translations.mjs")

beforeAll(() => loadLanguage("zh-CN"))

/** A copy of core's locales beside its build, as the script reads a repository; `edit` changes a file. */
const copy = (edits: ReadonlyArray<readonly [string, string, string]>): string => {
  const root = mkdtempSync(join(tmpdir(), "inspire-translations-"))
  const core = join(root, "packages/core")
  mkdirSync(core, { recursive: true })
  cpSync(join(CORE, "locales"), join(core, "locales"), { recursive: true })
  symlinkSync(join(CORE, "dist"), join(core, "dist"))
  for (const [file, from, to] of edits) {
    const path = join(core, "locales", file)
    const text = readFileSync(path, "utf8")
    expect(text).toContain(from)
    writeFileSync(path, text.replace(from, to))
  }
  return root
}

const list = (root: string, ...flags: string[]) =>
  spawnSync(process.execPath, [SCRIPT, "--root", root, "--package", "packages/core", ...flags], { encoding: "utf8" })

const JOBS_ZH = "help-jobs-summary = 按类型和状态列出任务\n    .en = List tasks by type and status\n"

describe("the translator's list", () => {
  it("gives a help text with no translation, in the form help.ftl takes, and exits 0", () => {
    const run = list(copy([["zh-CN/help.ftl", JOBS_ZH, ""]]))
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain(
      "# packages/core/locales/zh-CN/help.ftl: translate the English value (keep .en as it is)\n" +
        "help-jobs-summary = List tasks by type and status\n    .en = List tasks by type and status\n",
    )
    // One more to translate than the repository has now (whatever it lacks today is no failure either).
    const missing = (root: string): number =>
      Number(/(\d+) to translate/.exec(list(root, "--summary").stderr)?.[1] ?? 0)
    expect(missing(copy([["zh-CN/help.ftl", JOBS_ZH, ""]]))).toBe(missing(copy([])) + 1)
    expect(list(copy([["zh-CN/help.ftl", JOBS_ZH, ""]]), "--summary").stderr).toMatch(
      /^translations: packages\/core zh-CN: \d+ to translate.* \(npm run translations lists them\)\n$/,
    )
  })

  it("gives a translation made from an older English with what it said, and a message no longer used", () => {
    const run = list(
      copy([
        ["zh-CN/help.ftl", ".en = List tasks by type and status", ".en = List tasks"],
        ["zh-CN/jobs.ftl", "\n", "\njobs-gone = 已删除\n"],
      ]),
    )
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain(
      "# was: 按类型和状态列出任务\nhelp-jobs-summary = List tasks by type and status\n    .en = List tasks by type and status\n",
    )
    expect(run.stdout).toContain("# packages/core/locales/zh-CN: no longer used, remove\n# jobs.ftl: jobs-gone\n")
  })

  it("gives a message of the English files that a language lacks, with its English", () => {
    const run = list(copy([["en/jobs.ftl", "\n", "\njobs-new-line = { $count } jobs are new\n"]]))
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain(
      "# packages/core/locales/zh-CN/jobs.ftl: translate the English value\njobs-new-line = { $count } jobs are new\n",
    )
  })
})

describe("helpMessage", () => {
  it("says a command's summary in the reader's language, and the English exactly as the catalogue has it", () => {
    const [command] = commandsOf(jobsOperation)
    if (command === undefined) throw new Error("jobs has a command")
    const key = summaryHelpKey(command)
    expect(renderWords(helpMessage(key, command.summary, "zh-CN"), "cli", "zh-CN")).toBe("按类型和状态列出任务")
    expect(helpMessage(key, command.summary, "en")).toBe(command.summary)
  })

  it("words the calls of a description as the frontend says them, in either language", () => {
    const source = inputJsonSchema(statusOperation).properties?.schedule_type?.description ?? ""
    const zh = renderWords(helpMessage(fieldHelpKey(statusOperation, "schedule_type"), source, "zh-CN"), "cli")
    expect(zh).toMatch(/^列出一种调度类型的规格/)
    const calls = renderWords(source, "cli").match(/inspire [a-z-]+ [^)]*/g) ?? []
    expect(calls).toEqual(["inspire job submit", "inspire hpc submit"])
    for (const call of calls) expect(zh).toContain(call)
  })

  it("is the English text itself where no translation exists, or one made from another English", () => {
    expect(helpMessage("jobs-summary", "List every task there is", "zh-CN")).toBe("List every task there is")
    expect(helpMessage("no-such-command-summary", "Do a thing", "zh-CN")).toBe("Do a thing")
  })

  it("escapes what Fluent reads as syntax and makes each word a value", () => {
    const { pattern, args } = helpPattern(text`Use {a} then ${callWord("jobs")}\n[x] *y .z`)
    expect(pattern).toBe('Use {"{"}a{"}"} then { $w0 }\n    {"["}x] *y .z')
    expect(Object.keys(args)).toEqual(["w0"])
  })
})
