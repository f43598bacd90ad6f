import { FluentResource } from "@fluent/bundle"
import { describe, expect, it } from "vitest"
import { catalogueCommands } from "../../src/operations/catalogue/commands.js"
import { helpPattern, helpTexts } from "../../src/operations/catalogue/help.js"
import { OPERATIONS } from "../../src/operations/registry.js"
import { CATALOGUE } from "../../src/words/locales.generated.js"
import type { Language } from "../../src/words/message.js"
import { renderWords } from "../../src/words/render.js"
import {
  callWord,
  confirmWord,
  dryRunWord,
  fieldWord,
  type MessageArg,
  messageText,
  type Text,
} from "../../src/words/text.js"

// Every message of the catalogue, in both languages, said through the CLI and through MCP, speaks only
// that frontend's syntax: the CLI never shows how MCP calls a tool (`compute_group`, `overwrite: true`,
// `name="dev-env"`, `Pass image`, `inspire_jobs`), MCP never shows the CLI's (`--overwrite`,
// `inspire job list`). A field, a call, the confirmation or a dry run is a value of the message that each
// frontend words in its own terms (fieldWord, callWord, confirmWord, dryRunWord): the check renders each
// message with such values and reads what is left, the message's own text, in every variant.

type Node = unknown
interface Entry {
  readonly id: string
  readonly value: Node
}

// ---- what the catalogue's operations take

const FIELDS: ReadonlyArray<string> = [...new Set(OPERATIONS.flatMap((op) => Object.keys(op.input.shape)))]
const SNAKE = FIELDS.filter((f) => f.includes("_"))
const FLAGS = [...FIELDS.map((f) => f.replace(/_/g, "-")), "yes", "dry-run"]
const COMMANDS = [...new Set(catalogueCommands(OPERATIONS).map((c) => c.path[0] ?? ""))].filter((c) => c !== "")

const any = (names: ReadonlyArray<string>): string => names.map((n) => n.replace(/[-.]/g, "\\$&")).join("|")

// A name stands alone: not part of a longer word, a path (/x/), a key path (limits.max_jobs), a URL's
// query (?notebook_id=), a flag of a program the job runs (--rdzv_backend) or a placeholder (<en_name>).
const alone = (names: ReadonlyArray<string>): string => `(?<![\\w./<{?&-])(?:${any(names)})(?![\\w/>}-])`

const CLI_WRONG: ReadonlyArray<readonly [string, RegExp]> = [
  ["an MCP tool name", /\binspire_[a-z]/],
  ["a snake_case field name", new RegExp(alone(SNAKE))],
  ["name: value", new RegExp(`${alone(FIELDS)}: (?:true|false|"|\\d|<|\\[|\\{)`)],
  ["name=value", new RegExp(`${alone(FIELDS)}=`)],
  ["Pass <field>", new RegExp(`\\b(?:[Pp]ass|[Ll]eave out) (?:${any(FIELDS)})\\b(?![-\\w])`)],
  ["needs <field>", new RegExp(`\\b(?:needs|[Nn]o|says|with) (?:${any(FIELDS)})(?: given| or |[.:])`)],
  // "notebook" is also the product's name, which Chinese leaves untranslated.
  ["传入 <field>", new RegExp(`(?:传入|传|省略|需要|未指定|带上|可用) ?(?!notebook)(?:${any(FIELDS)})(?![-\\w])`)],
]

// What a message shows on purpose, by id and dialect, and why.
const MEANT: Readonly<Record<string, { readonly dialect: "cli" | "mcp"; readonly why: string }>> = {
  "auth-not-logged-in-hint": { dialect: "mcp", why: "a login is always typed at a terminal, with the CLI" },
  "auth-rejected-saved-hint": { dialect: "mcp", why: "a login is always typed at a terminal, with the CLI" },
  "inference-command-sleeps": { dialect: "mcp", why: "--port of the server's own command line" },
  "inference-vllm-port": { dialect: "mcp", why: "--port of the server's own command line" },
  "help-inference-field-command": { dialect: "mcp", why: "--port of the server's own command line" },
  "sweep-help-limits": { dialect: "cli", why: "the keys under limits: of a sweep file" },
}

const MCP_WRONG: ReadonlyArray<readonly [string, RegExp]> = [
  ["a CLI flag", new RegExp(`(?<![\\w-])--(?:${any(FLAGS)})(?![\\w-])`)],
  ["a CLI command", new RegExp(`(?<![\\w/.-])inspire (?:${any(COMMANDS)})\\b`)],
]

/** What `said` shows of the other frontend's syntax, in `dialect`. */
const wrongSyntax = (said: string, dialect: "cli" | "mcp"): ReadonlyArray<string> =>
  (dialect === "cli" ? CLI_WRONG : MCP_WRONG).flatMap(([what, re]) => {
    const m = re.exec(said)
    return m === null ? [] : [`${what} "${m[0]}"`]
  })

// ---- sample values for a message's variables

// Values that the code fills with a reference (callWord, fieldWord, confirmWord), by the names it gives them.
const CALLS = new Set(["call", "listHint", "set", "images", "notebooks", "notebook", "models", "logs", "list"])
for (const name of ["jobs", "inference", "events", "create"]) CALLS.add(name)
const REFS: Readonly<Record<string, () => Text>> = {
  field: () => fieldWord("workspace", "<W>"),
  resume: () => fieldWord("resume"),
  attach: () => fieldWord("attach", "<ID>"),
  confirm: () => confirmWord(),
  dryRun: () => dryRunWord(),
}
const sample = (name: string): MessageArg =>
  REFS[name]?.() ?? (CALLS.has(name) ? callWord("status") : /count|max|total|n$|size/i.test(name) ? 2 : "X")

// The variables of a pattern, and for each one the keys its select expressions choose among.
const variablesOf = (node: Node, into: Map<string, Set<string | number>>): Map<string, Set<string | number>> => {
  if (Array.isArray(node)) for (const n of node) variablesOf(n, into)
  else if (typeof node === "object" && node !== null) {
    const n = node as {
      type?: string
      name?: string
      selector?: { type?: string; name?: string }
      variants?: { key: { type: string; value: string | number } }[]
    }
    if (n.type === "var" && typeof n.name === "string" && !into.has(n.name)) into.set(n.name, new Set())
    if (n.type === "select" && n.selector?.type === "var" && typeof n.selector.name === "string") {
      const keys = into.get(n.selector.name) ?? new Set()
      for (const v of n.variants ?? []) keys.add(v.key.type === "num" ? Number(v.key.value) : v.key.value)
      into.set(n.selector.name, keys)
    }
    for (const v of Object.values(node)) if (typeof v === "object") variablesOf(v, into)
  }
  return into
}

const PLURAL_KEYS: Readonly<Record<string, number>> = { one: 1, other: 2, zero: 0, few: 3, many: 5 }

// The help texts' words are the references their English carries (help.ts): `$w0` of help-notebook-create-summary.
const HELP_WORDS = new Map([...helpTexts(OPERATIONS)].map(([id, t]) => [id, helpPattern(t.source).args]))

/** Each set of values to say a message with: the samples, then each variant of each select chosen once. */
const valueSets = (id: string, value: Node): ReadonlyArray<Record<string, MessageArg>> => {
  const vars = variablesOf(value, new Map())
  const base: Record<string, MessageArg> = {}
  for (const [name] of vars) base[name] = HELP_WORDS.get(id)?.[name] ?? sample(name)
  const sets = [base]
  for (const [name, keys] of vars)
    for (const key of keys)
      sets.push({ ...base, [name]: typeof key === "number" ? key : (PLURAL_KEYS[key] ?? String(key)) })
  return sets
}

const entriesOf = (files: Readonly<Record<string, string>>): ReadonlyArray<Entry> =>
  Object.values(files).flatMap((text) =>
    (new FluentResource(text) as unknown as { body: Entry[] }).body.filter((e) => !e.id.startsWith("-")),
  )

/** Every message of `lang` said in both dialects, with what each shows of the other's syntax. */
const findings = (lang: Language, files: Readonly<Record<string, string>>): ReadonlyArray<string> =>
  entriesOf(files).flatMap((entry) => {
    const found = new Set<string>()
    for (const values of valueSets(entry.id, entry.value))
      for (const dialect of ["cli", "mcp"] as const) {
        const said = renderWords(messageText(entry.id, values), dialect, lang)
        if (MEANT[entry.id]?.dialect === dialect) continue
        for (const wrong of wrongSyntax(said, dialect)) found.add(`${lang} ${entry.id} (${dialect}): ${wrong}`)
      }
    return [...found]
  })

// The help texts' English is in the operations' definitions (help.ts), said through each dialect as it is.
const helpFindings = (): ReadonlyArray<string> =>
  [...helpTexts(OPERATIONS)].flatMap(([id, { source }]) =>
    (["cli", "mcp"] as const).flatMap((dialect) =>
      MEANT[id]?.dialect === dialect
        ? []
        : wrongSyntax(renderWords(source, dialect), dialect).map((wrong) => `en ${id} (${dialect}): ${wrong}`),
    ),
  )

describe("every message in each frontend's own syntax", () => {
  it("the check tells one frontend's syntax from the other's", () => {
    expect(wrongSyntax("Pass overwrite: true to replace it.", "cli")).not.toEqual([])
    expect(wrongSyntax("No compute_group given", "cli")).not.toEqual([])
    expect(wrongSyntax('Pass name, e.g. name="dev-env".', "cli")).toHaveLength(2)
    expect(wrongSyntax("see inspire_jobs", "cli")).not.toEqual([])
    expect(wrongSyntax("Pass --compute-group H100; inspire job list lists them.", "cli")).toEqual([])
    expect(wrongSyntax("Pass --overwrite to replace it.", "mcp")).not.toEqual([])
    expect(wrongSyntax("run inspire job list", "mcp")).not.toEqual([])
    expect(wrongSyntax("Pass overwrite=true; inspire_jobs lists them; /inspire/hdd/x", "mcp")).toEqual([])
    expect(wrongSyntax("torchrun --rdzv_backend=c10d under /inspire/hdd/project/<en_name>", "cli")).toEqual([])
  })

  it("holds for every message of the English and the Chinese catalogue", async () => {
    const zh = await (CATALOGUE.load["zh-CN"] ?? (async () => ({})))()
    const found = [...findings("en", CATALOGUE.en), ...helpFindings(), ...findings("zh-CN", zh)]
    if (process.env.W_DUMP) console.log(found.join("\n"))
    expect(found).toEqual([])
  })
})
