#!/usr/bin/env node
// The translator's list: what each language other than English still lacks, in the form its .ftl files
// take, ready to translate in place. A missing or stale translation is never a failure: the programs say
// the English meanwhile. What is wrong (a file Fluent cannot read, a translation whose values differ from
// the English) is failed by the packages' catalogue tests, not here.
// Two sources of English: each package's locales/en/*.ftl, and for core's help.ftl the catalogue's own
// help texts (command summaries, flag descriptions: `helpTexts`, read from core's build), whose every
// translation records the English it was made from in its `.en` attribute, so a changed text is seen.
//   node scripts/translations.mjs            the whole list, on stdout
//   node scripts/translations.mjs --summary  one line per package and language on stderr, when anything
//                                            is left (each package's build prints it)
//   --package <folder>                       only this package (packages/core, apps/cli)
//   --root <folder>                          another copy of the repository (the tests use one)
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { parseArgs } from "node:util"

const { values: flags } = parseArgs({
  options: { summary: { type: "boolean" }, package: { type: "string" }, root: { type: "string" } },
})
const root = resolve(flags.root ?? join(dirname(fileURLToPath(import.meta.url)), ".."))
const PACKAGES = ["packages/core", "apps/cli"]
const HELP = "help.ftl"

// The source text of each message of a file, with the attribute `.en` apart.
const sourcesOf = (text) => {
  const out = new Map()
  let current
  for (const line of text.split("\n")) {
    const m = /^([a-z][a-z0-9-]*)\s*=\s?(.*)$/.exec(line)
    if (m !== null) {
      current = { value: m[2], en: undefined }
      out.set(m[1], current)
    } else if (current !== undefined && /^\s+\.en\s*=/.test(line)) current.en = line.replace(/^\s+\.en\s*=\s?/, "")
    else if (current !== undefined && /^\s/.test(line) && line.trim() !== "" && current.en === undefined)
      current.value += `\n${line}`
    else if (!/^\s/.test(line)) current = undefined
  }
  return out
}

const read = (dir) =>
  existsSync(dir)
    ? Object.fromEntries(
        readdirSync(dir)
          .filter((f) => f.endsWith(".ftl"))
          .map((f) => [f, readFileSync(join(dir, f), "utf8")]),
      )
    : {}

// The catalogue's help texts (core only), from its build; undefined when core is not built.
const helpTextsOf = async (pkg) => {
  const built = join(root, pkg, "dist", "internal.js")
  if (pkg !== "packages/core" || !existsSync(built)) return undefined
  const { OPERATIONS, helpTexts } = await import(pathToFileURL(built).href)
  return helpTexts(OPERATIONS)
}

/** What one language of one package lacks: `{ missing, stale, extra }`, each a list of { file, id, ... }. */
const gapsOf = async (pkg, lang) => {
  const locales = join(root, pkg, "locales")
  const en = read(join(locales, "en"))
  const theirs = read(join(locales, lang))
  const gaps = { missing: [], stale: [], extra: [] }
  const known = new Set()
  for (const [file, text] of Object.entries(en)) {
    const mine = sourcesOf(theirs[file] ?? "")
    for (const [id, source] of sourcesOf(text)) {
      known.add(id)
      if (!mine.has(id)) gaps.missing.push({ file, id, english: source.value })
    }
  }
  const help = await helpTextsOf(pkg)
  if (help !== undefined) {
    const mine = sourcesOf(theirs[HELP] ?? "")
    for (const [id, { pattern: english }] of help) {
      known.add(id)
      const found = mine.get(id)
      if (found === undefined) gaps.missing.push({ file: HELP, id, english, help: true })
      else if (found.en !== english) gaps.stale.push({ file: HELP, id, english, was: found.value, help: true })
    }
  }
  for (const [file, text] of Object.entries(theirs))
    for (const id of sourcesOf(text).keys())
      if (!known.has(id) && (file !== HELP || help !== undefined)) gaps.extra.push({ file, id })
  return gaps
}

const languagesOf = (pkg) =>
  readdirSync(join(root, pkg, "locales"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== "en")
    .map((d) => d.name)

const entryText = (g) =>
  [
    ...(g.was !== undefined ? [`# was: ${g.was}`] : []),
    `${g.id} = ${g.english}`,
    ...(g.help === true ? [`    .en = ${g.english}`] : []),
  ].join("\n")

const packages = flags.package !== undefined ? [flags.package.replace(/\/$/, "")] : PACKAGES
const out = []
for (const pkg of packages.map((p) => resolve(root, p).slice(root.length + 1)))
  for (const lang of languagesOf(pkg)) {
    const gaps = await gapsOf(pkg, lang)
    const count = gaps.missing.length + gaps.stale.length + gaps.extra.length
    if (count === 0) continue
    if (flags.summary) {
      const parts = [
        gaps.missing.length > 0 ? `${gaps.missing.length} to translate` : "",
        gaps.stale.length > 0 ? `${gaps.stale.length} whose English changed` : "",
        gaps.extra.length > 0 ? `${gaps.extra.length} no longer used` : "",
      ].filter((p) => p !== "")
      process.stderr.write(`translations: ${pkg} ${lang}: ${parts.join(", ")} (npm run translations lists them)\n`)
      continue
    }
    const byFile = new Map()
    for (const g of [...gaps.missing, ...gaps.stale]) byFile.set(g.file, [...(byFile.get(g.file) ?? []), g])
    for (const [file, list] of byFile)
      out.push(
        `# ${pkg}/locales/${lang}/${file}: translate the English value${file === HELP ? " (keep .en as it is)" : ""}`,
        ...list.map(entryText),
        "",
      )
    if (gaps.extra.length > 0)
      out.push(`# ${pkg}/locales/${lang}: no longer used, remove`, ...gaps.extra.map((g) => `# ${g.file}: ${g.id}`), "")
  }
if (!flags.summary) process.stdout.write(out.length > 0 ? out.join("\n") : "Nothing to translate.\n")
