#!/usr/bin/env node
// The tool tables of the docs and the method table of core's README, rendered from core's operation
// catalogue (the built packages/core/dist) into the region between `<!-- tool-table:begin -->` and `<!-- tool-table:end -->` of each file below;
// the prose around the markers is hand-written. Deterministic: the same catalogue gives the same bytes,
// and a file whose table is current is not touched.
//   node scripts/tool-tables.mjs           rewrite the stale tables (part of `npm run generate`)
//   node scripts/tool-tables.mjs --check   exit 1 naming each stale file (run by npm test)
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..")
export const BEGIN = "<!-- tool-table:begin -->"
export const END = "<!-- tool-table:end -->"
export const FIX = "npm run generate"

const code = (text) => `\`${text}\``
const cell = (text) => String(text).replace(/\|/g, "\\|").replace(/\n/g, " ")
const table = (header, rows) =>
  [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n")

const cliPath = (command) => `inspire ${command.path.join(" ")}`

// As the CLI declares them: `<job-id>`, and `[key]` for a last argument that may be left out.
const cliUsage = (command) =>
  [
    cliPath(command),
    ...command.positional.map((field, i) => {
      const name = command.names?.[field] ?? field.replace(/_/g, "-")
      return command.lastOptional && i === command.positional.length - 1 ? `[${name}]` : `<${name}>`
    }),
    ...(command.rest !== undefined ? [`[-- ${command.rest.replace(/_/g, "-")}…]`] : []),
  ].join(" ")

// A plugin-only tool has no title: the first clause of its description stands in for one.
const firstClause = (description) => description.split(/\.\s|\s\(|:\s/)[0].replace(/\.$/, "")

// An operation's input fields, as `{ job_id, lines? }`: a field the schema lets a caller leave out has `?`.
const optional = (schema) => typeof schema?.safeParse !== "function" || schema.safeParse(undefined).success
const inputOf = (op, fields, fixed = {}) => {
  const shape = op.input.shape
  const named = [
    ...Object.entries(fixed).map(([k, v]) => `${k}: ${JSON.stringify(v)}`),
    ...fields.filter((f) => !(f in fixed) && f in shape).map((f) => (optional(shape[f]) ? `${f}?` : f)),
  ]
  return named.length === 0 ? "none" : code(`{ ${named.join(", ")} }`)
}

// The top-level fields of a result, as `{ jobId, status, … }`; of the union member for one action.
const resultOf = (op, outputJsonSchema, fixed = {}) => {
  if (op.output === undefined) return "see its result type"
  const schema = outputJsonSchema(op)
  const by = op.effects.by
  const members = schema.anyOf ?? schema.oneOf ?? [schema]
  const picks = (m) => {
    const p = m.properties?.[by]
    return p?.const === fixed[by] || (p?.enum ?? []).includes(fixed[by])
  }
  const member = (by !== undefined && members.find(picks)) || members[0]
  const keys = Object.keys(member?.properties ?? {})
  const shown = keys.slice(0, 5)
  return code(`{ ${shown.join(", ")}${keys.length > shown.length ? ", …" : ""} }`)
}

// One row per facade method, and per action of a multiplexed operation (`client.notebook` with
// `action: "create"`): the operation's own fields, or the fields that action reads.
const facadeRows = (op, { methodName, outputJsonSchema }) => {
  const method = code(`client.${methodName(op.name)}`)
  const by = op.effects.by
  if (by === undefined || op.actions === undefined)
    return [[method, inputOf(op, Object.keys(op.input.shape)), resultOf(op, outputJsonSchema), op.title]]
  // An action that writes also takes the fields every write may (`dry_run`, `confirm`), which no action lists.
  const writes = (value) =>
    op.effects.writes === true || (Array.isArray(op.effects.writes) && op.effects.writes.includes(value))
  return Object.entries(op.actions).map(([value, action]) => [
    method,
    inputOf(op, [...action.fields, ...(writes(value) ? ["dry_run", "confirm"] : [])], { [by]: value }),
    resultOf(op, outputJsonSchema, { [by]: value }),
    action.summary,
  ])
}

/**
 * The table of each document, keyed by its path under the repository. `catalogue` holds the operations,
 * core's `commandsOf`, `methodName` and `outputJsonSchema`, and `pluginOnly`: the plugin's tools that are
 * no operation ({ id, description }).
 */
export const renderTables = ({ operations, commandsOf, pluginOnly, methodName, outputJsonSchema }) => ({
  "skills/sii-inspire/references/tools.md": table(
    ["MCP tool", "Synergy tool", "CLI", "what it does"],
    operations.map((op) => [
      code(`inspire_${op.name}`),
      code(`plugin__inspire__${op.name}`),
      commandsOf(op)
        .map((c) => code(cliPath(c)))
        .join(", "),
      op.title,
    ]),
  ),
  "apps/synergy-plugin/README.md": table(
    ["Tool", "What it does"],
    [
      ...operations.map((op) => [code(`plugin__inspire__${op.name}`), op.title]),
      ...pluginOnly.map((t) => [code(`plugin__inspire__${t.id}`), firstClause(t.description)]),
    ],
  ),
  "apps/cli/README.md": table(
    ["Command", "What it does", "Tool"],
    operations.flatMap((op) => commandsOf(op).map((c) => [code(cliUsage(c)), c.summary, code(`inspire_${op.name}`)])),
  ),
  "packages/core/README.md": table(
    ["Method", "Input", "Result", "What it does"],
    operations.flatMap((op) => facadeRows(op, { methodName, outputJsonSchema })),
  ),
})

/** `text` with the region between the markers holding `body`; throws when the markers are missing. */
export const withTable = (text, body, file) => {
  const begin = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  if (begin < 0 || end < begin)
    throw new Error(`${file} has no ${BEGIN} … ${END} region: put the two markers where its tool table belongs.`)
  return `${text.slice(0, begin + BEGIN.length)}\n${body}\n${text.slice(end)}`
}

/** The documents whose table differs from the catalogue's, each with the text it should have. */
export const staleTables = (root, catalogue) =>
  Object.entries(renderTables(catalogue)).flatMap(([file, body]) => {
    const text = readFileSync(join(root, file), "utf8")
    const want = withTable(text, body, file)
    return want === text ? [] : [{ file, text: want }]
  })

/** The message of a check that found stale tables. */
export const staleMessage = (files) =>
  [
    `The tool tables of ${files.join(", ")} differ from the operation catalogue.`,
    `Regenerate them with \`${FIX}\` and commit the result; edit only the prose outside ${BEGIN} … ${END}.`,
  ].join("\n")

/** Core's catalogue and the plugin's own tools, as the built packages give them. */
export const loadCatalogue = async (root = ROOT) => {
  const entry = join(root, "packages", "core", "dist", "index.js")
  if (!existsSync(entry))
    throw new Error("packages/core is not built: run `pnpm exec turbo run build --filter=@holos-inspire/core` first.")
  const { OPERATIONS, commandsOf, methodName, outputJsonSchema } = await import(pathToFileURL(entry).href)
  const names = new Set(OPERATIONS.map((op) => op.name))
  const manifest = join(root, "apps", "synergy-plugin", "dist", "plugin.json")
  const tools = existsSync(manifest)
    ? JSON.parse(readFileSync(manifest, "utf8")).contributions.filter((c) => c.kind === "tool")
    : []
  return {
    operations: OPERATIONS,
    commandsOf,
    methodName,
    outputJsonSchema,
    pluginOnly: tools.filter((t) => !names.has(t.id)),
  }
}

const write = (root, { file, text }) => {
  const path = join(root, file)
  writeFileSync(`${path}.tmp`, text)
  renameSync(`${path}.tmp`, path)
}

const main = async () => {
  const mode = process.argv[2] ?? "--write"
  if (!["--write", "--check"].includes(mode)) {
    console.error(`unknown option ${mode}; use --check or nothing (rewrite the tables)`)
    process.exit(2)
  }
  const stale = staleTables(ROOT, await loadCatalogue())
  if (stale.length === 0) return
  const files = stale.map((s) => s.file)
  if (mode === "--check") {
    console.error(staleMessage(files))
    process.exit(1)
  }
  for (const s of stale) write(ROOT, s)
  console.error(`tool tables regenerated from the catalogue: ${files.join(", ")}`)
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
