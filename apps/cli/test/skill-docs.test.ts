// Doc lint for skills/sii-inspire: every tool, parameter, CLI command and flag the skill names must
// exist, and every catalogue operation must be named.
//
// The skill's conventions, which this lint relies on:
// - a tool call is written `inspire_<op>(param=value, …)` or `plugin__inspire__<op>(…)`; `…` and other
//   arguments without `=` are placeholders;
// - a parameter table has "`inspire_<op>` parameter" as its first header cell, and one `param` per row;
// - a CLI command is `inspire <words> [--flags] [args]` inside a code span or a fenced code block line
//   (after `|`, `&&` or `;` too); prose outside code is not read as a command.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { basename, dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { inputJsonSchema, type JsonSchema, OPERATIONS } from "@holos-inspire/core"
import type { Command } from "commander"
import { describe, expect, it } from "vitest"
import { operationOf } from "../src/command.js"
import { buildProgram } from "../src/program.js"

const SKILL_DIR = fileURLToPath(new URL("../../../skills/sii-inspire/", import.meta.url))

/** What a document may name: each operation's parameters, and the CLI's command tree. */
interface Catalogue {
  readonly params: ReadonlyMap<string, ReadonlyMap<string, JsonSchema>>
  readonly program: Command
}

interface Finding {
  readonly file: string
  readonly line: number
  readonly message: string
}

const catalogue = (): Catalogue => ({
  params: new Map(OPERATIONS.map((op) => [op.name, new Map(Object.entries(inputJsonSchema(op).properties ?? {}))])),
  program: buildProgram(),
})

const lineAt = (text: string, index: number): number => text.slice(0, index).split("\n").length

/** The text of a call's argument list, from just after `(` to its matching `)`, respecting quotes and brackets. */
const argumentText = (text: string, open: number): string => {
  let depth = 0
  let quote: string | undefined
  for (let i = open; i < text.length; i++) {
    const c = text[i]
    if (quote !== undefined) {
      if (c === "\\") i++
      else if (c === quote) quote = undefined
    } else if (c === '"' || c === "'") quote = c
    else if (c === "(" || c === "[" || c === "{") depth++
    else if (c === ")" || c === "]" || c === "}") {
      depth--
      if (depth === 0) return text.slice(open + 1, i)
    }
  }
  return text.slice(open + 1)
}

/** Splits at top-level commas (outside quotes and brackets). */
const splitTopLevel = (args: string): string[] => {
  const parts: string[] = []
  let depth = 0
  let quote: string | undefined
  let start = 0
  for (let i = 0; i < args.length; i++) {
    const c = args[i]
    if (quote !== undefined) {
      if (c === "\\") i++
      else if (c === quote) quote = undefined
    } else if (c === '"' || c === "'") quote = c
    else if (c === "(" || c === "[" || c === "{") depth++
    else if (c === ")" || c === "]" || c === "}") depth--
    else if (c === "," && depth === 0) {
      parts.push(args.slice(start, i))
      start = i + 1
    }
  }
  parts.push(args.slice(start))
  return parts
}

/** A call's arguments: `key=value, …`, or one JSON object `{"key": value, …}` as MCP clients write it. */
const callArguments = (args: string): string[] => {
  const parts = splitTopLevel(args)
  const only = parts[0]?.trim() ?? ""
  return parts.length === 1 && only.startsWith("{") && only.endsWith("}") ? splitTopLevel(only.slice(1, -1)) : parts
}

const enumOf = (schema: JsonSchema): ReadonlyArray<unknown> | undefined => schema.enum

const TOOL = /(?<![\w$/.-])(plugin__inspire__|inspire_)([a-z][a-z0-9_]*)/g

const lintTools = (file: string, text: string, cat: Catalogue): Finding[] => {
  const out: Finding[] = []
  for (const m of text.matchAll(TOOL)) {
    const [whole, prefix, name] = m as unknown as [string, string, string]
    const at = m.index ?? 0
    const params = cat.params.get(name)
    if (params === undefined) {
      out.push({ file, line: lineAt(text, at), message: `unknown tool ${prefix}${name}` })
      continue
    }
    if (text[at + whole.length] !== "(") continue
    for (const arg of callArguments(argumentText(text, at + whole.length))) {
      const kv = /^\s*"?([A-Za-z_]\w*)"?\s*[=:]\s*([\s\S]*?)\s*$/.exec(arg)
      if (kv === null) continue
      const [, key, value] = kv as unknown as [string, string, string]
      const schema = params.get(key)
      if (schema === undefined) {
        out.push({ file, line: lineAt(text, at), message: `${prefix}${name} has no parameter ${key}` })
        continue
      }
      const allowed = enumOf(schema)
      const literal = /^"([^"<>…]*)"$/.exec(value)?.[1]
      if (allowed !== undefined && literal !== undefined && !allowed.includes(literal))
        out.push({
          file,
          line: lineAt(text, at),
          message: `${prefix}${name}(${key}="${literal}"): ${key} is one of ${allowed.join(", ")}`,
        })
    }
  }
  return out
}

const lintParamTables = (file: string, text: string, cat: Catalogue): Finding[] => {
  const out: Finding[] = []
  const lines = text.split("\n")
  lines.forEach((header, i) => {
    const op = /^\|\s*`inspire_([a-z_]+)` parameter\s*\|/.exec(header)?.[1]
    if (op === undefined) return
    const params = cat.params.get(op)
    for (let j = i + 2; j < lines.length && lines[j]?.startsWith("|"); j++) {
      const name = /^\|\s*`([^`]+)`/.exec(lines[j] ?? "")?.[1]
      if (name === undefined) out.push({ file, line: j + 1, message: `parameter table row without a \`name\`` })
      else if (params !== undefined && !params.has(name))
        out.push({ file, line: j + 1, message: `inspire_${op} has no parameter ${name}` })
    }
  })
  return out
}

/** Shell words of one command line, with its `|`, `&&`, `||` and `;` segments apart and comments dropped. */
const shellSegments = (line: string): string[][] => {
  const segments: string[][] = [[]]
  let word: string | undefined
  let quote: string | undefined
  const end = () => {
    if (word !== undefined) segments.at(-1)?.push(word)
    word = undefined
  }
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    if (quote !== undefined) {
      if (c === quote) quote = undefined
      else word = (word ?? "") + c
    } else if (c === '"' || c === "'") {
      quote = c
      word = word ?? ""
    } else if (/\s/.test(c)) end()
    else if (c === "#" && word === undefined) break
    else if (c === "|" || c === ";" || c === "&") {
      end()
      if ((c === "|" || c === "&") && line[i + 1] === c) i++
      segments.push([])
    } else word = (word ?? "") + c
  }
  end()
  return segments.filter((s) => s.length > 0)
}

/** Every piece of code in a document: inline code spans, and fenced block lines with `\` continuations joined. */
const codeOf = (text: string): Array<{ readonly code: string; readonly line: number }> => {
  const out: Array<{ code: string; line: number }> = []
  let fenced = false
  let pending = ""
  text.split("\n").forEach((raw, i) => {
    if (/^\s*```/.test(raw)) {
      fenced = !fenced
      return
    }
    if (fenced) {
      const joined = pending + raw.replace(/^\s*\$\s+/, "")
      if (joined.endsWith("\\")) pending = `${joined.slice(0, -1)} `
      else {
        out.push({ code: joined, line: i + 1 })
        pending = ""
      }
      return
    }
    for (const m of raw.matchAll(/`([^`]+)`/g)) out.push({ code: m[1] ?? "", line: i + 1 })
  })
  return out
}

/** The command a CLI line reaches, or what is wrong with it. */
const resolveCli = (words: ReadonlyArray<string>, program: Command): { command?: Command; problem?: string } => {
  let command = program
  let i = 1
  for (; i < words.length; i++) {
    const sub = command.commands.find((c) => c.name() === words[i] || c.aliases().includes(words[i] ?? ""))
    if (sub === undefined) break
    command = sub
  }
  const path = words.slice(0, i).join(" ")
  let positionals = 0
  for (; i < words.length; i++) {
    const w = words[i] as string
    if (/^-{1,2}[A-Za-z]/.test(w)) {
      const flag = w.split("=")[0]
      if (flag === "--help" || flag === "-h" || (command === program && (flag === "--version" || flag === "-V")))
        continue
      const option = command.options.find((o) => o.long === flag || o.short === flag)
      if (option === undefined) return { problem: `\`${path}\` has no flag ${flag}` }
      if ((option.required || option.optional) && !w.includes("=")) i++
      continue
    }
    if (command.commands.length > 0) return { problem: `\`${path}\` has no command "${w}"` }
    positionals++
  }
  const args = command.registeredArguments
  if (positionals > args.length && args.at(-1)?.variadic !== true)
    return { problem: `\`${path}\` takes ${args.length} argument(s), not ${positionals}` }
  return { command }
}

const cliCommandsOf = (text: string): Array<{ readonly words: string[]; readonly line: number }> =>
  codeOf(text).flatMap(({ code, line }) =>
    shellSegments(code)
      .filter((words) => words[0] === "inspire")
      .map((words) => ({ words, line })),
  )

const lintCli = (file: string, text: string, cat: Catalogue): Finding[] =>
  cliCommandsOf(text).flatMap(({ words, line }) => {
    const { problem } = resolveCli(words, cat.program)
    return problem !== undefined ? [{ file, line, message: `${problem} (in "${words.join(" ")}")` }] : []
  })

/** Every finding of one Markdown document. */
const lintMarkdown = (file: string, text: string, cat: Catalogue): Finding[] => [
  ...lintTools(file, text, cat),
  ...lintParamTables(file, text, cat),
  ...lintCli(file, text, cat),
]

const walk = (command: Command, out: Command[] = []): Command[] => {
  out.push(command)
  for (const c of command.commands) walk(c, out)
  return out
}

/** The tools table must name every operation in all three frontends, with CLI commands that run it. */
const lintToolsTable = (file: string, text: string, cat: Catalogue): Finding[] => {
  const out: Finding[] = []
  const rows = text.split("\n").filter((l) => l.startsWith("| `inspire_"))
  for (const op of cat.params.keys()) {
    const row = rows.find((r) => r.startsWith(`| \`inspire_${op}\` |`))
    if (row === undefined) {
      out.push({ file, line: 0, message: `the tools table has no row for inspire_${op}` })
      continue
    }
    if (!row.includes(`\`plugin__inspire__${op}\``))
      out.push({ file, line: 0, message: `the row of inspire_${op} does not name plugin__inspire__${op}` })
    const reached = cliCommandsOf(row).map(({ words }) => resolveCli(words, cat.program).command)
    const ops = reached.map((c) => (c !== undefined ? operationOf.get(c)?.name : undefined))
    if (!ops.includes(op))
      out.push({ file, line: 0, message: `the row of inspire_${op} names no CLI command running it` })
    for (const [k, other] of ops.entries())
      if (other !== undefined && other !== op)
        out.push({ file, line: 0, message: `the row of inspire_${op} names a CLI command of ${other} (#${k + 1})` })
  }
  const listed = new Set(
    cliCommandsOf(text).flatMap(({ words }) => {
      const c = resolveCli(words, cat.program).command
      return c !== undefined ? [c] : []
    }),
  )
  for (const c of walk(cat.program).filter((x) => operationOf.has(x) && !listed.has(x))) {
    const path: string[] = []
    for (let x: Command | null = c; x !== null; x = x.parent) path.unshift(x.name())
    out.push({ file, line: 0, message: `the tools table does not list \`${path.join(" ")}\`` })
  }
  return out
}

/** Operations that no document of the skill names as a tool. */
const unmentioned = (texts: ReadonlyArray<string>, cat: Catalogue): string[] => {
  const named = new Set(texts.flatMap((t) => [...t.matchAll(TOOL)].map((m) => m[2])))
  return [...cat.params.keys()].filter((op) => !named.has(op))
}

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith(".md") ? [join(dir, e.name)] : [],
  )

const format = (findings: ReadonlyArray<Finding>): string[] =>
  findings.map((f) => `${relative(SKILL_DIR, f.file) || f.file}:${f.line}: ${f.message}`)

describe("the sii-inspire skill", () => {
  const cat = catalogue()
  const files = markdownFiles(SKILL_DIR)
  const texts = new Map(files.map((f) => [f, readFileSync(f, "utf8")]))

  it("has SKILL.md with name sii-inspire and a description, in a folder of the same name", () => {
    const text = texts.get(join(SKILL_DIR, "SKILL.md")) ?? ""
    const front = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1]
    expect(front, "front matter").toBeDefined()
    const fields = new Map(
      (front ?? "").split("\n").map((l) => {
        const m = /^([a-z-]+): (.+)$/.exec(l)
        expect(m, `front matter line "${l}" is not key: value`).not.toBeNull()
        return [m?.[1] ?? "", m?.[2] ?? ""] as const
      }),
    )
    const allowed = ["name", "description", "license", "compatibility", "metadata", "allowed-tools"]
    expect([...fields.keys()].filter((k) => !allowed.includes(k))).toEqual([])
    expect(fields.get("name")).toBe("sii-inspire")
    expect(basename(SKILL_DIR.replace(/\/$/, ""))).toBe("sii-inspire")
    const description = fields.get("description") ?? ""
    expect(description.length).toBeGreaterThan(40)
    expect(description.length).toBeLessThanOrEqual(1024)
    // A plain YAML scalar may not hold ": " or " #", nor start with a YAML indicator.
    expect(description).not.toMatch(/: | #|^[-?:,[\]{}#&*!|>'"%@`]/)
  })

  it("links every reference from SKILL.md, and every link resolves", () => {
    const skill = texts.get(join(SKILL_DIR, "SKILL.md")) ?? ""
    for (const f of files.filter((x) => x.includes("/references/")))
      expect(skill, relative(SKILL_DIR, f)).toContain(`](references/${basename(f)})`)
    for (const [file, text] of texts)
      for (const m of text.matchAll(/\]\(([^)#:]+)(#[^)]*)?\)/g))
        expect(existsSync(join(dirname(file), m[1] ?? "")), `${relative(SKILL_DIR, file)} → ${m[1]}`).toBe(true)
  })

  it("names only tools, parameters, CLI commands and flags that exist", () => {
    const findings = [...texts].flatMap(([file, text]) => lintMarkdown(file, text, cat))
    expect(format(findings)).toEqual([])
  })

  it("names every operation of the catalogue", () => {
    expect(unmentioned([...texts.values()], cat)).toEqual([])
  })

  it("has a tools table naming each operation in MCP, Synergy and the CLI", () => {
    const file = join(SKILL_DIR, "references", "tools.md")
    expect(format(lintToolsTable(file, texts.get(file) ?? "", cat))).toEqual([])
  })

  it("keeps each document readable (under 400 lines)", () => {
    for (const [file, text] of texts) expect(text.split("\n").length, relative(SKILL_DIR, file)).toBeLessThan(400)
  })
})

describe("the doc lint", () => {
  const cat = catalogue()
  const lint = (text: string): string[] => lintMarkdown("doc.md", text, cat).map((f) => f.message)

  it("accepts correct calls, tables and commands", () => {
    const good = [
      'Call `inspire_submit(name="exp", command="python a.py, b", envs={"A": "1, 2"}, shm=64)` or `plugin__inspire__status()`.',
      '```\ninspire_jobs(status="failed", type="train")\ninspire_login(target="inspire", ...)\n```',
      'plugin__inspire__jobs({"status": "failed", "name": "exp-*"})',
      "| `inspire_submit` parameter | meaning |\n| --- | --- |\n| `instance_count` | nodes |",
      "```sh\necho x | inspire login --username 1 --password-stdin && inspire job logs job-1 --lines=5\n```",
      "`inspire job stop --status waiting --yes`, `inspire config set defaultShm 65536`, `inspire --version`",
    ].join("\n")
    expect(lint(good)).toEqual([])
  })

  it("reports a made-up tool, parameter, enum value, table row, command, flag and extra argument", () => {
    const bad = [
      "Use `inspire_frobnicate()` and `plugin__inspire__teleport`.", // 1, 2
      'inspire_submit(name="x", gpus=8, command="y")', // 3
      'inspire_jobs(status="done")', // 4
      'plugin__inspire__logs({"job_id": "job-1", "tail": 5})', // 5
      "| `inspire_logs` parameter | meaning |\n| --- | --- |\n| `tail` | lines |", // 6
      "```sh\ninspire job frobnicate job-1\ninspire job submit --gpus 8\ninspire status extra\n```", // 7, 8, 9
      "Then `inspire imagez list`.", // 10
    ].join("\n")
    const found = lint(bad)
    expect(found).toEqual([
      "unknown tool inspire_frobnicate",
      "unknown tool plugin__inspire__teleport",
      "inspire_submit has no parameter gpus",
      'inspire_jobs(status="done"): status is one of running, waiting, succeeded, failed, stopped, all',
      "plugin__inspire__logs has no parameter tail",
      "inspire_logs has no parameter tail",
      '`inspire job` has no command "frobnicate" (in "inspire job frobnicate job-1")',
      '`inspire job submit` has no flag --gpus (in "inspire job submit --gpus 8")',
      '`inspire status` takes 0 argument(s), not 1 (in "inspire status extra")',
      '`inspire` has no command "imagez" (in "inspire imagez list")',
    ])
  })

  it("reports an operation the skill never names, and a tools table missing a frontend or a command", () => {
    expect(unmentioned(["only inspire_status here"], cat)).toContain("submit")
    const table = [
      "| `inspire_status` | `plugin__inspire__status` | `inspire status` | x |",
      "| `inspire_submit` | `plugin__inspire__submit` | `inspire job list` | x |",
      "| `inspire_jobs` | | `inspire job list` | x |",
    ].join("\n")
    const found = lintToolsTable("tools.md", table, cat).map((f) => f.message)
    expect(found).toContain("the row of inspire_submit names no CLI command running it")
    expect(found).toContain("the row of inspire_submit names a CLI command of jobs (#1)")
    expect(found).toContain("the row of inspire_jobs does not name plugin__inspire__jobs")
    expect(found).toContain("the tools table has no row for inspire_logs")
    expect(found).toContain("the tools table does not list `inspire job logs`")
    expect(found).not.toContain("the tools table has no row for inspire_status")
  })
})
