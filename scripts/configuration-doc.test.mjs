import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

// docs/CONFIGURATION.md is where a user looks up a variable or a setting: every INSPIRE_* variable the
// sources read and every key of `inspire config` must be there.
const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const doc = readFileSync(join(root, "docs", "CONFIGURATION.md"), "utf8")
const SOURCE_DIRS = ["packages", "apps"].flatMap((d) => readdirSync(join(root, d)).map((p) => join(root, d, p, "src")))

const sourceFiles = (dir) => {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(path)
    return /\.(ts|mts|mjs|js)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : []
  })
}

// INSPIRE_ and upper-case words; `__INSPIRE_VERSION__`-style build-time constants end in `__` and are
// no variables (the word boundary excludes them).
const variablesIn = (text) => new Set([...text.matchAll(/\bINSPIRE_[A-Z0-9]+(?:_[A-Z0-9]+)*\b/g)].map((m) => m[0]))

const documented = (name, text) => text.includes(`\`${name}\``)

// The keys of core's config operation, as store/settings.ts lists them.
const settingKeys = () => {
  const source = readFileSync(join(root, "packages", "core", "src", "store", "settings.ts"), "utf8")
  const list = /export const SETTING_KEYS = \[([^\]]*)\]/.exec(source)?.[1] ?? ""
  return [...list.matchAll(/"([A-Za-z]+)"/g)].map((m) => m[1])
}

describe("docs/CONFIGURATION.md", () => {
  it("names every INSPIRE_* environment variable the sources read", () => {
    const read = new Set(SOURCE_DIRS.flatMap(sourceFiles).flatMap((f) => [...variablesIn(readFileSync(f, "utf8"))]))
    for (const known of ["INSPIRE_HOME", "INSPIRE_RATE_LIMIT", "INSPIRE_PROXY", "INSPIRE_DEBUG"])
      expect(read).toContain(known)
    expect([...read].filter((name) => !documented(name, doc)).sort()).toEqual([])
  })

  it("names every key of `inspire config`", () => {
    const keys = settingKeys()
    expect(keys).toContain("defaultWorkspace")
    expect(keys.length).toBeGreaterThanOrEqual(7)
    expect(keys.filter((key) => !doc.includes(`\`${key}\``))).toEqual([])
  })

  it("misses nothing without being caught", () => {
    expect(documented("INSPIRE_RATE_LIMIT", "`INSPIRE_RATE_LIMIT` sets the rate")).toBe(true)
    expect(documented("INSPIRE_RATE_LIMIT", "`INSPIRE_SHARED_RATE_LIMIT` only")).toBe(false)
    expect(documented("INSPIRE_NEW_THING", "`INSPIRE_*` everywhere")).toBe(false)
    expect([...variablesIn("__INSPIRE_VERSION__ and env.INSPIRE_X_Y")]).toEqual(["INSPIRE_X_Y"])
  })
})
