// --help in the reader's language: the catalogue's summaries and flag descriptions, the flags the CLI
// adds and help's own headings are Chinese under INSPIRE_LANG=zh-CN, with flag names, values and the
// commands they name unchanged; every line fits the width by display width; English help is as it was.

import { helpMessage, helpTexts, loadLanguage, OPERATIONS, renderWords } from "@holos-inspire/core/internal"
import type { Command } from "commander"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { columns, wrapLine } from "../src/help.js"
import { chooseLanguage } from "../src/language.js"
import { buildProgram } from "../src/program.js"
import { homeFor, inspire } from "./harness.js"

const env = (lang?: string): NodeJS.ProcessEnv => ({
  ...homeFor("http://127.0.0.1:9"),
  ...(lang !== undefined ? { INSPIRE_LANG: lang } : {}),
})

// Example command lines are printed whole (in English as well), so that they can be copied.
const tooWide = (text: string, width: number): string[] =>
  text.split("\n").filter((l) => columns(l) > width && !l.startsWith("  $ "))

// Text without its spaces and line breaks: help wraps Chinese between any two characters.
const squeezed = (text: string): string => text.replace(/\s+/g, "")

// A flag's line with the lines its description wraps onto, as one line.
const flagLine = (help: string, flag: string): string => {
  const lines = help.split("\n")
  const at = lines.findIndex((l) => l.trimStart().startsWith(flag))
  if (at < 0) return ""
  const end = lines.findIndex((l, i) => i > at && !/^ {6,}\S/.test(l))
  return lines
    .slice(at, end < 0 ? undefined : end)
    .join(" ")
    .replace(/\s+/g, " ")
}

describe("help in Chinese", () => {
  it("of `job list`: headings, summary, flag descriptions and choices in Chinese, flag names as they are", async () => {
    const run = await inspire(env("zh-CN"), ["job", "list", "--help"])
    expect(run.code).toBe(0)
    const help = run.stdout
    expect(help).toMatch(/^用法： inspire job list \[options\]\n/)
    expect(help).toContain("\n按类型和状态列出任务\n")
    expect(help).toContain("\n选项：\n")
    expect(help).toContain("\n示例：\n  $ inspire job list\n")
    const type = squeezed(flagLine(help, "--type <value>"))
    expect(type).toContain(squeezed("任务类型：train（GPU 训练）、hpc（Slurm）"))
    expect(type).toContain(squeezed('（默认："all"）（可选值："train", "hpc", "inference", "ray", "notebook", "all"）'))
    expect(squeezed(flagLine(help, "--no-mine"))).toContain("包括所有人的任务")
    expect(squeezed(flagLine(help, "--json"))).toContain(squeezed("只在 stdout 输出 JSON 结果"))
    expect(squeezed(flagLine(help, "-h, --help"))).toContain("显示命令帮助")
    for (const english of ["Usage:", "Options:", "Examples:", "Task type", "display help", "print only the JSON"])
      expect(help).not.toContain(english)
    expect(tooWide(help, 80)).toEqual([])
  })

  it("of a multiplexed command (`notebook create`): its action's summary, its flags, the commands they name", async () => {
    const [zh, en] = await Promise.all([
      inspire(env("zh-CN"), ["notebook", "create", "--help"]),
      inspire(env(), ["notebook", "create", "--help"]),
    ])
    expect(zh.code).toBe(0)
    expect(zh.stdout).toContain("\n创建 notebook\n")
    // The same flags, in the same order.
    const flags = (text: string) => [...text.matchAll(/^ {2}(-[^\s,]+(?:, -\S+)?(?: <[^>]+>)?)/gm)].map((m) => m[1])
    expect(flags(zh.stdout)).toEqual(flags(en.stdout))
    expect(flags(zh.stdout)).toContain("--compute-group <value>")
    const group = squeezed(flagLine(zh.stdout, "--compute-group <value>"))
    // Only what it means for create: MCP's scoping of one tool's actions ("用于 create：") is not said.
    expect(group).toContain(squeezed("计算组（名称或 id）"))
    expect(group).not.toContain("用于")
    // The command the description names is the one English help names.
    const named = /\((inspire [^)]+)\)/.exec(flagLine(en.stdout, "--compute-group <value>"))?.[1]
    expect(named).toMatch(/^inspire /)
    expect(group).toContain(squeezed(named ?? "?"))
    expect(squeezed(flagLine(zh.stdout, "--dry-run"))).toContain("只显示将要发送或更改的内容")
    expect(tooWide(zh.stdout, 80)).toEqual([])
  })

  it("of the program: the command list and the global options' heading", async () => {
    const run = await inspire(env("zh-CN"), ["--help"])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain("\n命令：\n")
    expect(run.stdout).toContain("全局选项（可写在命令前或命令后）：\n  --json")
    expect(run.stdout).toMatch(/\n {2}job {2,}提交、查看和停止训练任务；/)
    expect(run.stdout).toMatch(/\n {2}ray {2,}提交 Ray 作业/)
    expect(tooWide(run.stdout, 80)).toEqual([])
  })
})

describe("help in English", () => {
  it("is the catalogue's English, as before", async () => {
    const run = await inspire(env("en"), ["job", "list", "--help"])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Usage: inspire job list \[options\]\n\nList tasks by type and status\n\nOptions:\n/)
    expect(run.stdout).toContain(
      "  --type <value>        Task type: train (GPU training), hpc (Slurm), inference\n" +
        '                        (servings), ray, notebook, or all (default: "all")\n',
    )
    expect(run.stdout).toContain("  --json                print only the JSON result on stdout; --json=a,b")
    expect(run.stdout).toContain(
      "  -h, --help            display help for command\n\nExamples:\n  $ inspire job list\n",
    )
  })

  it("says what a --no- flag does, and shows a KEY=VALUE flag as it is typed", async () => {
    const help = async (...command: string[]) => (await inspire(env("en"), [...command, "--help"])).stdout
    const [list, stop, sweep, submit] = await Promise.all([
      help("job", "list"),
      help("job", "stop"),
      help("sweep", "status"),
      help("job", "submit"),
    ])
    for (const text of [list, stop]) expect(flagLine(text, "--no-mine")).toContain("include everyone's tasks")
    expect(flagLine(list, "--no-mine")).not.toContain("Only your own")
    expect(flagLine(sweep, "--no-details")).toContain("skip the metrics verdicts")
    const envs = flagLine(submit, "--envs")
    expect(envs).toMatch(/^ *--envs <KEY=VALUE> /)
    expect(envs).toContain("--envs WANDB_MODE=offline --envs SEED=1")
    expect(envs).not.toContain("{")
  })
})

describe("wrapping", () => {
  it("never starts a line with Chinese closing punctuation, even where a long word is cut", () => {
    expect(wrapLine(`例如 \`${"x".repeat(12)}\`。然后`, 10)).toEqual(["例如", "`xxxxxxxxx", "xxx`。然后"])
    expect(wrapLine(`${"x".repeat(10)}。`, 10)).toEqual(["xxxxxxxxx", "x。"])
  })
})

// Every command's help, built in this process in Chinese, at 80 and 60 columns.
describe("Chinese help of every command", () => {
  // In process, as main() does before it builds the program.
  beforeAll(() => loadLanguage("zh-CN"))
  afterAll(() => {
    chooseLanguage([], { INSPIRE_LANG: "en" })
  })

  it("fits 80 and 60 columns by display width", () => {
    chooseLanguage([], { INSPIRE_LANG: "zh-CN" })
    const walk = (command: Command, out: Command[] = []): Command[] => {
      out.push(command)
      for (const c of command.commands) walk(c, out)
      return out
    }
    const commands = walk(buildProgram())
    expect(commands.length).toBeGreaterThan(50)
    for (const command of commands)
      for (const width of [80, 60]) {
        command.configureOutput({ getOutHelpWidth: () => width })
        const help = command.helpInformation()
        expect(tooWide(help, width), `${command.name()} at ${width}`).toEqual([])
        if (command.parent !== null) expect(help, command.name()).toMatch(/^用法：/)
        // Every word (call, field) is worded: no reference is left raw.
        expect(help, command.name()).not.toMatch(/[\uE000-\uE004]/)
      }
    // Every description help shows, the command's and each flag's, is Chinese, but for a help text of the
    // catalogue not translated yet (or translated from an older English): said in English, as the CLI words
    // it, until a translator gives it (npm run translations lists it).
    const english = new Set(
      [...helpTexts(OPERATIONS).values()]
        .filter(({ key, source }) => helpMessage(key, source, "zh-CN") === source)
        .map(({ source }) => renderWords(source, "cli")),
    )
    // A flag's help says the part of such an English text for its command's action (helpForAction).
    const chinese = {
      test: (text: string) => /[\u4e00-\u9fff]/.test(text) || [...english].some((e) => e.includes(text)),
    }
    const listed = (c: Command) => c.parent === null || c.parent.createHelp().visibleCommands(c.parent).includes(c)
    for (const command of commands.filter(listed)) {
      const helper = command.createHelp()
      expect(chinese.test(command.description()), `${command.name()}: ${command.description()}`).toBe(true)
      for (const option of helper.visibleOptions(command))
        expect(
          chinese.test(helper.optionDescription(option)),
          `${command.name()} ${option.flags}: ${helper.optionDescription(option)}`,
        ).toBe(true)
    }
  })
})
