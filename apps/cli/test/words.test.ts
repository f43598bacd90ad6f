import { catalogueCommands, cliCall, OPERATIONS, renderWords } from "@holos-inspire/core"
import type { Command } from "commander"
import { describe, expect, it } from "vitest"
import { fieldsOf } from "../src/adapt.js"
import { materialize } from "../src/command.js"
import { examplesOf } from "../src/examples.js"
import { buildProgram } from "../src/program.js"
import { inspire } from "./harness.js"

// MCP call syntax a CLI user must never be told to type: tool names, `x=true`, `action="…"`, `x=<…>`.
const MCP_SYNTAX = /inspire_[a-z_]+|\b\w+=true\b|action="|\b\w+=</
const TOKEN = /[\uE000-\uE004]/

const mcpIn = (text: string): string | undefined => MCP_SYNTAX.exec(text)?.[0] ?? TOKEN.exec(text)?.[0]

const walk = (command: Command, path: ReadonlyArray<string> = [], out: Array<ReadonlyArray<string>> = []) => {
  out.push(path)
  for (const c of command.commands) walk(c, [...path, c.name()], out)
  return out
}

// A command line as the shell splits it: words, with single-quoted parts taken literally.
const shellSplit = (line: string): ReadonlyArray<string> => {
  const words: string[] = []
  let word = ""
  let quoted = false
  let started = false
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i)
    if (quoted) {
      if (c === "'") quoted = false
      else word += c
    } else if (c === "'") {
      quoted = true
      started = true
    } else if (c === "\\" && i + 1 < line.length) {
      word += line.charAt(++i)
      started = true
    } else if (c === " ") {
      if (started) words.push(word)
      word = ""
      started = false
    } else {
      word += c
      started = true
    }
  }
  if (started) words.push(word)
  return words
}

// Parses a command line with the real command tree, without running it: the command its words name,
// then its flags and arguments; an unknown command, an unknown flag or a surplus argument fails.
const parses = (program: Command, line: string): string | undefined => {
  const words = shellSplit(line)
  if (words[0] !== "inspire") return `not an inspire command: ${line}`
  let command = program
  let i = 1
  for (; i < words.length; i++) {
    const sub = command.commands.find((c) => c.name() === words[i])
    if (sub === undefined) break
    command = sub
  }
  if (command === program) return `unknown command: ${line}`
  if (command.commands.length > 0) return `a group, not a command: ${line}`
  materialize(command)
  const { operands, unknown } = command.parseOptions(words.slice(i))
  if (unknown.length > 0) return `unknown ${unknown.join(" ")} in: ${line}`
  const registered = command.registeredArguments
  if (operands.length > registered.length && registered.at(-1)?.variadic !== true)
    return `too many arguments in: ${line}`
  const required = registered.filter((a) => a.required).length
  if (operands.length < required) return `missing arguments in: ${line}`
  return undefined
}

// A value of each kind of field, as a call word would carry it.
const sampleOf = (kind: string, choices?: ReadonlyArray<string>): unknown => {
  if (kind === "boolean") return true
  if (kind === "number") return 2
  if (kind === "enum") return choices?.[0] ?? "x"
  if (kind === "list") return ["a b", "c"]
  if (kind === "record") return { KEY: "a value" }
  if (kind === "string-or-number") return 3
  return "some value's"
}

describe("the CLI speaks its own language", () => {
  const program = buildProgram()

  it("prints no MCP call syntax and no raw token in any help text (`inspire <path> --help`)", async () => {
    const paths = walk(program)
    const found: string[] = []
    // A few at a time: each is a process of the built binary.
    for (let i = 0; i < paths.length; i += 6) {
      const runs = await Promise.all(
        paths.slice(i, i + 6).map((p) => inspire({ PATH: process.env.PATH, NO_COLOR: "1" }, [...p, "--help"])),
      )
      runs.forEach((r, j) => {
        const bad = mcpIn(r.stdout + r.stderr)
        if (bad !== undefined) found.push(`inspire ${paths[i + j]?.join(" ")} --help: ${bad}`)
      })
    }
    expect(found).toEqual([])
  }, 180_000)

  it("renders every operation's description and every field description without MCP syntax", () => {
    const found: string[] = []
    for (const op of OPERATIONS) {
      const texts = [op.title, op.description, op.agent?.note ?? "", ...fieldsOf(op).map((f) => f.description)]
      for (const text of texts) {
        const bad = mcpIn(renderWords(text, "cli"))
        if (bad !== undefined) found.push(`${op.name}: ${bad} in ${renderWords(text, "cli").slice(0, 120)}`)
      }
    }
    expect(found).toEqual([])
  })

  it("words every call of every operation and action, with each of its fields, as a command the CLI accepts", () => {
    const failures: string[] = []
    for (const entry of catalogueCommands(OPERATIONS)) {
      const fields = fieldsOf(entry.operation).filter((f) => entry.fields.includes(f.name) && f.name !== "password")
      const base = { ...entry.fixed, ...Object.fromEntries(entry.positional.map((p) => [p, `<${p}>`])) }
      const calls = [
        base,
        ...fields.map((f) => ({ ...base, [f.name]: sampleOf(f.kind, f.choices) })),
        ...(entry.writes ? [{ ...base, dry_run: true }] : []),
        ...(entry.confirm ? [{ ...base, confirm: true }] : []),
      ]
      for (const input of calls) {
        const line = cliCall({ op: entry.operation.name, input })
        const problem = parses(program, line)
        if (problem !== undefined) failures.push(problem)
        // A command that also stands in another group (`serve exec`) is worded as its first (`job exec`).
        const also = entry.operation.cliAlso?.some((p) => p.path?.join(" ") === entry.path.join(" ")) === true
        if (!also && !line.startsWith(`inspire ${entry.path.join(" ")}`))
          failures.push(`${line} is not inspire ${entry.path.join(" ")}`)
      }
      for (const example of examplesOf(entry)) {
        const problem = parses(program, example)
        if (problem !== undefined) failures.push(`example: ${problem}`)
      }
    }
    expect(failures).toEqual([])
  })

  it("shows an Examples section on every catalogue command's help, from its operation's examples", () => {
    for (const entry of catalogueCommands(OPERATIONS)) {
      const lines = examplesOf(entry)
      expect(lines.length, entry.path.join(" ")).toBeGreaterThan(0)
      for (const line of lines) {
        expect(line).not.toMatch(/\{[a-z_]+\}/)
        expect(mcpIn(line)).toBeUndefined()
      }
    }
  })

  it("words the Harbor login as the CLI's harbor-login command", () => {
    expect(cliCall({ op: "login", input: { target: "harbor", registry: "sj" } })).toBe(
      "inspire harbor-login --registry sj",
    )
    expect(cliCall({ op: "jobs", input: { type: "train", status: "all" } })).toBe(
      "inspire job list --type train --status all",
    )
    expect(cliCall({ op: "wait", input: { job_id: "job-1" } })).toBe("inspire job wait job-1")
  })
})
