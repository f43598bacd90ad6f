import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { beforeAll, describe, expect, it } from "vitest"
import { BEGIN, END, loadCatalogue, renderTables, staleTables, withTable } from "./tool-tables.mjs"

// The tool tables of the docs are generated from core's catalogue (scripts/tool-tables.mjs); these
// tests need the built core, which the turbo task running them builds first.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..")
const SCRIPT = join(ROOT, "scripts", "tool-tables.mjs")

let catalogue
beforeAll(async () => {
  catalogue = await loadCatalogue(ROOT)
}, 30_000)

/** The documents copied into a temporary repository, `edit` applied to each. */
const copyDocs = (edit = (_file, text) => text) => {
  const root = mkdtempSync(join(tmpdir(), "inspire-tool-tables-"))
  for (const file of Object.keys(renderTables(catalogue))) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), edit(file, readFileSync(join(ROOT, file), "utf8")))
  }
  return root
}

describe("the tool tables", () => {
  it("are current in the repository (else: npm run generate)", { timeout: 30_000 }, () => {
    const r = spawnSync(process.execPath, [SCRIPT, "--check"], { cwd: ROOT, encoding: "utf8" })
    expect(r.status, r.stderr).toBe(0)
  })

  it("name every operation and CLI command of the catalogue, and the plugin's own tools", () => {
    const tables = renderTables(catalogue)
    const tools = tables["skills/sii-inspire/references/tools.md"]
    const plugin = tables["apps/synergy-plugin/README.md"]
    const cli = tables["apps/cli/README.md"]
    const library = tables["packages/core/README.md"]
    for (const op of catalogue.operations) {
      expect(library).toContain(`| \`client.${catalogue.methodName(op.name)}\` |`)
      expect(tools).toContain(`| \`inspire_${op.name}\` | \`plugin__inspire__${op.name}\` |`)
      expect(plugin).toContain(`| \`plugin__inspire__${op.name}\` | ${op.title} |`)
      for (const c of catalogue.commandsOf(op)) {
        expect(tools).toContain(`\`inspire ${c.path.join(" ")}\``)
        expect(cli).toContain(`| \`inspire ${c.path.join(" ")}`)
      }
    }
    expect(catalogue.pluginOnly.map((t) => t.id)).toContain("poll")
    expect(plugin).toContain("| `plugin__inspire__poll` |")
  })

  it("list a new operation in every table with no other edit", () => {
    const whoami = {
      name: "whoami",
      title: "Show who you are logged in as",
      input: { shape: {} },
      annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
      effects: { writes: false },
      cli: { path: ["auth", "whoami"] },
    }
    const withNew = { ...catalogue, operations: [...catalogue.operations, whoami] }
    const tables = renderTables(withNew)
    expect(tables["skills/sii-inspire/references/tools.md"]).toContain(
      "| `inspire_whoami` | `plugin__inspire__whoami` | `inspire auth whoami` | Show who you are logged in as |",
    )
    expect(tables["apps/synergy-plugin/README.md"]).toContain("| `plugin__inspire__whoami` |")
    expect(tables["apps/cli/README.md"]).toContain("| `inspire auth whoami` | Show who you are logged in as |")
    expect(tables["packages/core/README.md"]).toContain("| `client.whoami` | none |")
    expect(staleTables(copyDocs(), withNew).map((s) => s.file)).toEqual(Object.keys(tables))
  })

  it("find a table edited by hand, and rewrite only the region between the markers", () => {
    const file = "skills/sii-inspire/references/tools.md"
    const root = copyDocs((f, text) => (f === file ? text.replace(/^\| `inspire_events` .*\n/m, "") : text))
    const stale = staleTables(root, catalogue)
    expect(stale.map((s) => s.file)).toEqual([file])
    const fixed = withTable(readFileSync(join(ROOT, file), "utf8"), renderTables(catalogue)[file], file)
    expect(stale[0].text).toBe(fixed)
  })

  it("refuse a document without the markers, naming it", () => {
    expect(() => withTable("# no table here\n", "| a |", "README.md")).toThrow(
      `README.md has no ${BEGIN} … ${END} region`,
    )
    expect(withTable(`before\n${BEGIN}\nold\n${END}\nafter\n`, "new", "x.md")).toBe(
      `before\n${BEGIN}\nnew\n${END}\nafter\n`,
    )
  })
})
