import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import {
  callWord,
  clipped,
  confirmWord,
  dryRunWord,
  fieldWord,
  hasWords,
  joinText,
  parseWords,
  plain,
  renderDeep,
  renderWords,
  Text,
  text,
} from "../../src/index.js"

describe("words", () => {
  it("carries references in a Text and gives them back as data", () => {
    const said = text`Pass ${fieldWord("spec", "<ID>")} or repeat with ${confirmWord()}; see ${callWord("jobs", { type: "train" })}.`
    expect(said).toBeInstanceOf(Text)
    expect(hasWords(said)).toBe(true)
    expect(parseWords(said)).toEqual([
      "Pass ",
      { kind: "field", name: "spec", value: "<ID>" },
      " or repeat with ",
      { kind: "confirm" },
      "; see ",
      { kind: "call", op: "jobs", input: { type: "train" } },
      ".",
    ])
    expect(parseWords("plain text")).toEqual(["plain text"])
    expect(hasWords(plain("plain text"))).toBe(false)
  })

  it("never takes user text for a reference: what a user or the platform wrote is said as it is", () => {
    const tricky = callWord("jobs", { name: 'a"b {"kind":"call"}' })
    expect(parseWords(tricky)).toEqual([{ kind: "call", op: "jobs", input: { name: 'a"b {"kind":"call"}' } }])
    for (const written of ['inspire_jobs(type="x") {"kind":"call"}', '{"kind":"msg","id":"auth-no-session","args":{}}'])
      expect(renderWords(text`${written}`, "cli")).toBe(written)
  })

  it("is English with MCP words for readers that are not frontends, in a string and in JSON", () => {
    const said = text`see ${callWord("jobs", { type: "train" })}`
    expect(String(said)).toBe('see inspire_jobs(type="train")')
    expect(JSON.stringify({ said })).toBe('{"said":"see inspire_jobs(type=\\"train\\")"}')
  })

  it("words each reference in the frontend's own terms", () => {
    const words = joinText(
      [
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
      ],
      "\n",
    )
    expect(renderWords(words, "cli").split("\n")).toEqual([
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
    expect(renderWords(words, "mcp").split("\n")).toEqual([
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
    expect(renderWords(words, "library").split("\n")).toEqual([
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

  it("cuts a clipped text once it is worded, in the language it is shown in", () => {
    const long = text`run ${callWord("jobs", { type: "train" })} now`
    expect(renderWords(clipped(long, 12), "cli")).toBe("run inspire…")
    expect(renderWords(clipped(long, 12), "mcp")).toBe("run inspire…")
    expect(renderWords(clipped("short", 12), "cli")).toBe("short")
    expect(renderWords(clipped(text`${callWord("status")}`, 40), "cli")).toBe("inspire status")
  })

  it("words every Text inside a result, keeping other values as they are", () => {
    const at = new Date(0)
    const result = {
      hint: text`Use ${confirmWord()}`,
      list: [fieldWord("spec", "<ID>"), 3, "as is"],
      at,
      nested: { ok: true },
    }
    const rendered = renderDeep(result, "cli")
    expect(rendered).toEqual({ hint: "Use --yes", list: ["--spec <ID>", 3, "as is"], at, nested: { ok: true } })
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
    expect(readFileSync(join(ROOT, file), "utf8")).not.toMatch(
      /[\uE000-\uE004]|\[object Object\]|"kind":"(msg|call|field)"/,
    )
  })
})
