// Help lists the flags every command takes, and wraps by display width: Chinese takes two columns,
// so a description with Chinese must still fit the terminal (80 columns off a terminal).
import type { Command } from "commander"
import { describe, expect, it } from "vitest"
import { columns, wrapLine } from "../src/help.js"
import { buildProgram } from "../src/program.js"
import { homeFor, inspire } from "./harness.js"

const walk = (command: Command, out: Command[] = []): Command[] => {
  out.push(command)
  for (const c of command.commands) walk(c, out)
  return out
}

const helpAt = (command: Command, width: number): string => {
  command.configureOutput({ getOutHelpWidth: () => width })
  return command.helpInformation()
}

const tooWide = (text: string, width: number): string[] => text.split("\n").filter((l) => columns(l) > width)

const CHINESE =
  "在分布式训练空间（H200-3号机房）提交训练任务：先用 inspire status 查看计算组与规格，再选择镜像、项目和优先级；" +
  "任务名可含中文，长度不超过六十四个字符，提交后可用 inspire job logs 跟踪日志。"

describe("help", () => {
  it("lists the global flags in `inspire --help`", async () => {
    const run = await inspire(homeFor("http://127.0.0.1:9"), ["--help"])
    expect(run.code).toBe(0)
    const section = run.stdout.slice(run.stdout.indexOf("Global options"))
    expect(section).toMatch(/^Global options.*:\n {2}--json {2,}print only the JSON result/)
    expect(section).toMatch(/\n {2}--profile <name> {2,}use this profile/)
    expect(run.stdout).toMatch(/\n {2}-V, --version/)
    expect(tooWide(run.stdout, 80)).toEqual([])
  })

  it("of every command fits 80 and 50 columns", () => {
    for (const command of walk(buildProgram()))
      for (const width of [80, 50]) expect(tooWide(helpAt(command, width), width), command.name()).toEqual([])
  })

  it("wraps a Chinese description and option between characters, within the width, losing nothing", () => {
    const program = buildProgram()
    const demo = program
      .command("demo")
      .description(CHINESE)
      .option("--workspace <name>", `工作空间名称或 ws- 编号；${CHINESE}`)
    for (const width of [80, 60, 40]) {
      const help = helpAt(demo, width)
      expect(tooWide(help, width), help).toEqual([])
      const body = help.slice(help.indexOf("\n\n") + 2, help.indexOf("Options:"))
      expect(body.replace(/\n/g, " ").replace(/\s+/g, " ").trim().replace(/ /g, "")).toBe(CHINESE.replace(/ /g, ""))
      // No line starts with closing punctuation.
      expect(help).not.toMatch(/\n\s*[，。；：）]/)
    }
  })

  it("cuts a word longer than the line where the line ends", () => {
    expect(wrapLine(`see ${"x".repeat(30)} now`, 12)).toEqual(["see", "xxxxxxxxxxxx", "xxxxxxxxxxxx", "xxxxxx now"])
    expect(wrapLine("中文中文中文", 5)).toEqual(["中文", "中文", "中文"])
  })
})
