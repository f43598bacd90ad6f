import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import {
  callWord,
  confirmWord,
  dryRunWord,
  fieldWord,
  hasWords,
  parseWords,
  renderDeep,
  renderWords,
} from "../../src/index.js"

describe("words", () => {
  it("carries references inside ordinary strings and gives them back as data", () => {
    const text = `Pass ${fieldWord("spec", "<ID>")} or repeat with ${confirmWord()}; see ${callWord("jobs", { type: "train" })}.`
    expect(hasWords(text)).toBe(true)
    expect(parseWords(text)).toEqual([
      "Pass ",
      { kind: "field", name: "spec", value: "<ID>" },
      " or repeat with ",
      { kind: "confirm" },
      "; see ",
      { kind: "call", op: "jobs", input: { type: "train" } },
      ".",
    ])
    expect(parseWords("plain text")).toEqual(["plain text"])
  })

  it("never takes user text for a reference, and keeps markers inside values intact", () => {
    const tricky = callWord("jobs", { name: "a\uE001b\uE000c" })
    expect(parseWords(tricky)).toEqual([{ kind: "call", op: "jobs", input: { name: "a\uE001b\uE000c" } }])
    expect(renderWords('inspire_jobs(type="x") {"kind":"call"}', "cli")).toBe('inspire_jobs(type="x") {"kind":"call"}')
  })

  it("words each reference in the frontend's own terms", () => {
    const text = [
      callWord("jobs", { type: "train", status: "all" }),
      callWord("login", { target: "harbor", registry: "sj" }),
      callWord("notebook", { action: "list" }),
      callWord("wait", { job_id: "job-1" }),
      callWord("inference", { action: "stop", serving_id: "sv-1", confirm: true }),
      callWord("status"),
      fieldWord("spec", "<ID>"),
      confirmWord(),
      dryRunWord(),
      callWord("config", { action: "set", key: "commandPrefix", value: "conda activate x && cd …" }),
    ].join("\n")
    expect(renderWords(text, "cli").split("\n")).toEqual([
      "inspire job list --type train --status all",
      "inspire harbor-login --registry sj",
      "inspire notebook list",
      "inspire job wait job-1",
      "inspire serve stop sv-1 --yes",
      "inspire status",
      "--spec <ID>",
      "--yes",
      "--dry-run",
      "inspire config set commandPrefix 'conda activate x && cd …'",
    ])
    expect(renderWords(text, "mcp").split("\n")).toEqual([
      'inspire_jobs(type="train", status="all")',
      'inspire_login(target="harbor", registry="sj")',
      'inspire_notebook(action="list")',
      'inspire_wait(job_id="job-1")',
      'inspire_inference(action="stop", serving_id="sv-1", confirm=true)',
      "inspire_status",
      "spec=<ID>",
      "confirm=true",
      "dry_run=true",
      'inspire_config(action="set", key="commandPrefix", value="conda activate x && cd …")',
    ])
    expect(renderWords(text, "library").split("\n")).toEqual([
      'client.jobs({ type: "train", status: "all" })',
      'client.login({ target: "harbor", registry: "sj" })',
      'client.notebook({ action: "list" })',
      'client.wait({ job_id: "job-1" })',
      'client.inference({ action: "stop", serving_id: "sv-1", confirm: true })',
      "client.status()",
      'spec: "<ID>"',
      "confirm: true",
      "dry_run: true",
      'client.config({ action: "set", key: "commandPrefix", value: "conda activate x && cd …" })',
    ])
  })

  it("renders every string inside a result, keeping other values as they are", () => {
    const at = new Date(0)
    const result = { hint: `Use ${confirmWord()}`, list: [fieldWord("spec", "<ID>"), 3], at, nested: { ok: true } }
    const rendered = renderDeep(result, "cli")
    expect(rendered).toEqual({ hint: "Use --yes", list: ["--spec <ID>", 3], at, nested: { ok: true } })
    expect(rendered.at).toBe(at)
  })
})

// Messages must name calls, fields and confirmation as words, so that each frontend can say them in its
// own terms: a string of core outside the words module that spells an MCP call is a CLI user told to
// type one. Comments may name MCP tools; strings may not.
describe("core's texts", () => {
  const SRC = fileURLToPath(new URL("../../src", import.meta.url))
  const MCP_SYNTAX = /inspire_[a-z][a-z_]*(?=[(\s.,;:)'"`]|$)|\b\w+=true\b|action="|\b\w+=</
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) return name === "words" ? [] : files(path)
      return name.endsWith(".ts") ? [path] : []
    })
  // Comments are blanked out (their line breaks kept); what is left is code and its strings.
  const withoutComments = (source: string): string =>
    source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1")

  it("spell no MCP call syntax outside the words module", () => {
    const found: string[] = []
    for (const file of files(SRC)) {
      withoutComments(readFileSync(file, "utf8"))
        .split("\n")
        .forEach((line, i) => {
          const m = MCP_SYNTAX.exec(line)
          if (m !== null) found.push(`${file.slice(SRC.length + 1)}:${i + 1}: ${m[0]}`)
        })
    }
    expect(found).toEqual([])
  })
})

// The tables are generated from the catalogue (scripts/tool-tables.mjs): they show text as people read it.
describe("the generated tool tables", () => {
  const ROOT = fileURLToPath(new URL("../../../../", import.meta.url))
  it.each([
    "skills/sii-inspire/references/tools.md",
    "apps/cli/README.md",
    "apps/synergy-plugin/README.md",
    "packages/core/README.md",
  ])("%s holds no raw reference", (file) => {
    expect(readFileSync(join(ROOT, file), "utf8")).not.toMatch(/[\uE000-\uE004]/)
  })
})
