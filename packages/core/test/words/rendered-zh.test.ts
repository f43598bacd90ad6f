import { FluentResource } from "@fluent/bundle"
import type { Pattern } from "@fluent/bundle/esm/ast.js"
import { Exit } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import type { Operation } from "../../src/operations/catalogue/operation.js"
import { OPERATIONS } from "../../src/operations/registry.js"
import { wordIn } from "../../src/words/dialect.js"
import { CATALOGUE } from "../../src/words/locales.generated.js"
import { renderWords } from "../../src/words/render.js"
import { isText, parseWords, type Text } from "../../src/words/text.js"
import { useEmulator } from "../emulator.js"
import { type ExampleVars, exampleWorld, fillExample, tryCalls } from "../operations/examples-fixture.js"
import { trainingSpaceProfile } from "../operations/harness.js"
import { freshPlatform } from "../operations/tasks-fixture.js"

// What a zh-CN reader sees of every operation's result holds no English that the catalogue did not
// put there: each call the catalogue-wide tests try (examples-fixture.ts) runs on the emulator and is
// rendered in zh-CN, as the CLI shows it. A run of Latin letters in that text must be
//  (a) data of the result: inside some string the result carries (ids, names, statuses, paths, commands);
//  (b) text of a zh-CN message: inside an occurrence, in the rendered text, of a literal piece of a zh-CN
//      message that holds Latin letters (GPU, Harbor, shm, …) — so a Latin word the catalogue uses in
//      one sentence does not excuse the same word written into a render as a label;
//  (c) a call or flag word: part of how the CLI words a reference the text carries (`inspire job list`);
//  (d) a key or literal of a request body a dry run shows as JSON (`"auto_stop": false`).
// Anything else was written in English in the code, e.g. `["profile", r.profile]` in a renderFields.
// What it cannot tell: English that is also data of the result, or a piece of Latin letters only
// (`{ $size } GB`), whose word it then takes as the catalogue's wherever it stands.

const emu = useEmulator()
type Profile = ReturnType<typeof trainingSpaceProfile>

// ---- (b) the literal pieces of the zh-CN messages that hold Latin letters

const LATIN = /[A-Za-z]+/g

/** The literal texts of a pattern: runs of text between its placeables, every variant's included. */
const literals = (pattern: Pattern, out: string[]): void => {
  if (typeof pattern === "string") {
    out.push(pattern)
    return
  }
  let run = ""
  const flush = () => {
    out.push(run)
    run = ""
  }
  for (const element of pattern) {
    if (typeof element === "string") run += element
    else if (element.type === "str") run += element.value
    else {
      flush()
      if (element.type === "select") for (const v of element.variants) literals(v.value, out)
    }
  }
  flush()
}

const catalogueLiterals = async (): Promise<ReadonlyArray<string>> => {
  const load = CATALOGUE.load["zh-CN"]
  if (load === undefined) throw new Error("no zh-CN catalogue")
  const out: string[] = []
  // Attributes are left out: a help text's `.en` records the English it was translated from.
  for (const text of Object.values(await load()))
    for (const entry of new FluentResource(text).body) if (entry.value !== null) literals(entry.value, out)
  // A piece is found line by line: tables and lists lay a message out again around its lines.
  const pieces = out.flatMap((s) => s.split("\n")).map((s) => s.trim())
  return [...new Set(pieces.filter((s) => /[A-Za-z]/.test(s)))].sort((a, b) => b.length - a.length)
}

// ---- (a) data of the result, (c) the references a text carries

/** Every text the result carries as data: string and number values at any depth, messages' values included. */
const dataOf = (value: unknown, out: string[]): void => {
  if (typeof value === "number" || typeof value === "string") out.push(String(value))
  else if (isText(value))
    for (const part of value.parts) {
      // A message made while the call ran is the catalogue's, not data; its values are data.
      if (typeof part === "string") out.push(part)
      else if (part.kind === "msg") for (const arg of Object.values(part.args)) dataOf(arg, out)
      else if (part.kind === "table") dataOf([...part.headers, ...part.rows.flat()], out)
      else if (part.kind === "fields") dataOf(part.fields.flat(), out)
      else if (part.kind === "clip") dataOf(part.text, out)
    }
  else if (Array.isArray(value)) for (const v of value) dataOf(v, out)
  else if (typeof value === "object" && value !== null) for (const v of Object.values(value)) dataOf(v, out)
}

/** The Latin words of every call, flag and confirmation a text refers to, as the CLI words them. */
const referenceWords = (text: Text | string, out: Set<string>): void => {
  for (const part of parseWords(text)) {
    if (typeof part === "string") continue
    if (part.kind === "msg") {
      for (const arg of Object.values(part.args)) if (typeof arg !== "number") referenceWords(arg, out)
    } else if (part.kind === "table") {
      for (const cell of [...part.headers, ...part.rows.flat()]) referenceWords(cell, out)
    } else if (part.kind === "fields") {
      for (const cell of part.fields.flat()) referenceWords(cell, out)
    } else if (part.kind === "clip") {
      referenceWords(part.text, out)
    } else for (const word of wordIn("cli", part).match(LATIN) ?? []) out.add(word)
  }
}

// ---- the check

const JSON_KEY = /"[\w.-]+"\s*:\s*(?:true|false|null)?/g

interface Finding {
  readonly word: string
  readonly line: string
}

/** The Latin words of `shown` that are neither data, nor a zh-CN message's text, nor a reference's words. */
const englishLeft = (
  shown: string,
  data: ReadonlyArray<string>,
  references: ReadonlySet<string>,
  pieces: ReadonlyArray<string>,
): ReadonlyArray<Finding> => {
  const covered = new Uint8Array(shown.length)
  for (const piece of pieces)
    for (let at = shown.indexOf(piece); at >= 0; at = shown.indexOf(piece, at + 1))
      covered.fill(1, at, at + piece.length)
  // The keys and literals of a request body a dry run shows (`"auto_stop": false`) are the platform's.
  for (const m of shown.matchAll(JSON_KEY)) covered.fill(1, m.index, m.index + m[0].length)
  // A value the render shows in capitals (a verdict's state `warming-up` as `WARMING-UP`).
  for (const value of new Set(data.map((d) => d.toUpperCase())))
    for (let at = value === "" ? -1 : shown.indexOf(value); at >= 0; at = shown.indexOf(value, at + 1))
      covered.fill(1, at, at + value.length)
  const blob = data.join("\n")
  const findings: Finding[] = []
  for (const m of shown.matchAll(LATIN)) {
    const word = m[0]
    if (covered.subarray(m.index, m.index + word.length).every((c) => c === 1)) continue
    if (references.has(word) || blob.includes(word)) continue
    const start = shown.lastIndexOf("\n", m.index) + 1
    const end = shown.indexOf("\n", m.index)
    findings.push({ word, line: shown.slice(start, end < 0 ? undefined : end).trim() })
  }
  return findings
}

/** One call rendered as a zh-CN reader of the CLI sees it, with its result. */
const shownInChinese = async (profile: Profile, op: Operation, raw: Record<string, unknown>) => {
  const exit = await profile.run(invoke(op, raw))
  if (Exit.isFailure(exit))
    throw new Error(
      `${op.name} ${JSON.stringify(raw)} failed, so its text could not be read: ${JSON.stringify(exit.cause)}`,
    )
  const { result, text } = exit.value
  return { result, text, shown: renderWords(text, "cli", "zh-CN") }
}

// Structure that must never reach a reader of any frontend: a value the code did not have, an object
// turned into a string, a worded message's JSON, or a marker of the words layer (private-use characters).
const RAW = /\bundefined\b|\bNaN\b|\[object \w+\]|\{"kind":|[\uE000-\uF8FF\uFDD0-\uFDEF]/

/** The raw structure a text shows in the CLI (English and zh-CN) and in MCP, or nothing: one line per finding. */
const rawIn = (op: Operation, raw: Record<string, unknown>, text: Text): ReadonlyArray<string> =>
  (
    [
      ["cli", "en"],
      ["cli", "zh-CN"],
      ["mcp", "en"],
    ] as const
  ).flatMap(([dialect, lang]) => {
    const shown = renderWords(text, dialect, lang)
    const m = RAW.exec(shown)
    if (m === null) return []
    const start = shown.lastIndexOf("\n", m.index) + 1
    const end = shown.indexOf("\n", m.index)
    return [
      `${op.name} ${JSON.stringify(raw)} (${dialect}, ${lang}) shows "${m[0]}" in "${shown.slice(start, end < 0 ? undefined : end).trim()}"`,
    ]
  })

/** What one call, rendered in zh-CN, shows in English that is not from the catalogue: one line per call. */
const problemsOf = async (
  profile: Profile,
  op: Operation,
  raw: Record<string, unknown>,
  pieces: ReadonlyArray<string>,
): Promise<ReadonlyArray<string>> => {
  const { result, text, shown } = await shownInChinese(profile, op, raw)
  const data: string[] = []
  dataOf(result, data)
  const references = new Set<string>()
  referenceWords(text, references)
  const found = englishLeft(shown, data, references, pieces)
  const raws = rawIn(op, raw, text)
  return found.length === 0
    ? raws
    : [
        ...raws,
        `${op.name} ${JSON.stringify(raw)} shows English that is not from the catalogue: ` +
          found.map((f) => `"${f.word}" in "${f.line}"`).join("; "),
      ]
}

describe("what an operation renders for a reader (zh-CN words; no raw structure in either language)", () => {
  let profile: Profile
  let vars: ExampleVars
  let pieces: ReadonlyArray<string>

  beforeAll(async () => {
    freshPlatform(emu.current)
    profile = trainingSpaceProfile(emu.current)
    vars = await exampleWorld(emu.current, profile)
    pieces = await catalogueLiterals()
  }, 60_000)

  it("finds an English label among Chinese ones, and not the catalogue's Latin terms or the data", () => {
    const refs = new Set<string>(["inspire", "job", "list"])
    const shown = [
      "配置档  default",
      "profile  default",
      "GPU 数量  8",
      "状态  RUNNING  WARMING-UP",
      '请求 {"auto_stop": false}',
      "请检查 profile 中的地址",
      "下一步：inspire job list",
    ].join("\n")
    // "profile" is a Latin word of the catalogue, but only inside its sentence.
    const found = englishLeft(shown, ["default", "RUNNING", "warming-up"], refs, ["GPU 数量", "请检查 profile 中的"])
    expect(found).toEqual([{ word: "profile", line: "profile  default" }])
  })

  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    "%s: every action's text is worded in Chinese, and no frontend shows raw structure",
    async (_, op) => {
      const problems: string[] = []
      for (const input of tryCalls(op))
        problems.push(...(await problemsOf(profile, op, fillExample(input, vars), pieces)))
      expect(problems, problems.join("\n")).toEqual([])
    },
  )
})
