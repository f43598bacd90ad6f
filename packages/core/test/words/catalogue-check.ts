// Checks of a package's message catalogue, shared by core's and the CLI's tests: each file parses, a
// translation uses the same values as its English, and the code names only messages that exist.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { FluentResource } from "@fluent/bundle"

type Node = unknown

// The variables a pattern uses ($name), at any depth (selectors, variants, function arguments).
const varsOf = (node: Node, into: Set<string>): Set<string> => {
  if (Array.isArray(node)) for (const n of node) varsOf(n, into)
  else if (typeof node === "object" && node !== null) {
    const n = node as { type?: string; name?: string }
    if (n.type === "var" && typeof n.name === "string") into.add(n.name)
    for (const v of Object.values(node)) if (typeof v === "object") varsOf(v, into)
  }
  return into
}

interface Entry {
  readonly id: string
  readonly value: Node
  readonly attributes: Readonly<Record<string, Node>>
}

/** One language's messages: id → the variables its value and attributes use; and the parse errors. */
export const readLanguage = (
  files: Readonly<Record<string, string>>,
): {
  readonly messages: Map<string, ReadonlySet<string>>
  readonly entries: Map<string, Entry>
  readonly problems: string[]
} => {
  const messages = new Map<string, ReadonlySet<string>>()
  const entries = new Map<string, Entry>()
  const problems: string[] = []
  for (const [file, text] of Object.entries(files)) {
    const resource = new FluentResource(text)
    const body = (resource as unknown as { body: Entry[] }).body
    // A line Fluent could not read is dropped from the body: count the entries the text declares.
    const declared = text.split("\n").filter((l) => /^-?[a-zA-Z][\w-]*\s*=/.test(l)).length
    if (declared !== body.length) problems.push(`${file}: ${declared - body.length} entries do not parse`)
    for (const entry of body) {
      if (entry.id.startsWith("-")) continue
      if (messages.has(entry.id)) problems.push(`${file}: ${entry.id} is defined twice`)
      messages.set(entry.id, varsOf([entry.value, entry.attributes], new Set()))
      entries.set(entry.id, entry)
    }
  }
  return { messages, entries, problems }
}

const listed = (vars: ReadonlySet<string>): string => [...vars].sort().join(", ")

/**
 * What is wrong between two languages of one catalogue: a file that does not parse, a message defined
 * twice, a translation whose values differ from its English (the English message, or for a help text
 * the English its `.en` attribute records). A message not translated yet, or no longer in English, is
 * not wrong: the translator's list (scripts/translations.mjs) names it, and English is said meanwhile.
 */
export const compareLanguages = (
  catalogue: Readonly<Record<string, Readonly<Record<string, string>>>>,
): ReadonlyArray<string> => {
  const en = readLanguage(catalogue.en ?? {})
  const zh = readLanguage(catalogue["zh-CN"] ?? {})
  const out = [...en.problems.map((p) => `en/${p}`), ...zh.problems.map((p) => `zh-CN/${p}`)]
  for (const [id, vars] of en.messages) {
    const other = zh.messages.get(id)
    if (other !== undefined && listed(vars) !== listed(other))
      out.push(`${id}: en uses {${listed(vars)}}, zh-CN {${listed(other)}}`)
  }
  for (const [id, entry] of zh.entries) {
    const english = entry.attributes.en
    if (english === undefined) continue
    const said = listed(varsOf(entry.value, new Set()))
    const source = listed(varsOf(english, new Set()))
    if (said !== source) out.push(`${id}: its English uses {${source}}, zh-CN {${said}}`)
  }
  return out
}

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const path = join(dir, f)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(f) && !f.endsWith(".d.ts") && !f.includes(".generated.") ? [path] : []
  })

/**
 * What the code under `dir` says through `msg`: ids named literally, prefixes of ids built in a template
 * (`msg(\`verdict-${v}\`)`), and calls whose id is neither (which no check could follow).
 */
export const idsInCode = (
  dir: string,
): { readonly ids: Map<string, string>; readonly prefixes: string[]; readonly opaque: string[] } => {
  const ids = new Map<string, string>()
  const prefixes: string[] = []
  const opaque: string[] = []
  for (const file of sources(dir)) {
    // Comments may show a call (`msg(id, args)`) without making one.
    const text = readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:])\/\/.*$/gm, "$1")
    for (const m of text.matchAll(/\bmsg\(\s*(?:"([a-z0-9-]+)"|`([a-z0-9-]*)\$\{|([^)\s]))/g)) {
      if (m[1] !== undefined) ids.set(m[1], file)
      else if (m[2] !== undefined && m[2] !== "") prefixes.push(m[2])
      else opaque.push(`${file}: msg(${m[3] ?? ""}…`)
    }
  }
  return { ids, prefixes, opaque }
}
