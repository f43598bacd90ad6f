// Importing core loads nothing heavy it does not need yet: the Docker client comes with the first image
// push and undici with a client's first request, and Effect is read module by module, not through its
// root index (which loads every Effect module and fast-check). And it reads a handful of files: the
// build bundles core's entry points with Effect and zod (scripts/bundle.mjs), as resolving and compiling
// ~490 separate modules was most of the import's time. Checked on the build, in a fresh node.
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const trace = fileURLToPath(new URL("./fixtures/import-trace.mjs", import.meta.url))

const loadedByImport = (): ReadonlyArray<string> => {
  const out = execFileSync(process.execPath, [trace], { encoding: "utf8", env: { PATH: process.env.PATH } })
  return (JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { modules: string[] }).modules
}

const packageOf = (file: string): string | undefined =>
  /node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file)?.[1]

describe("importing core", () => {
  it("loads neither dockerode nor undici, nor Effect's root index", () => {
    const modules = loadedByImport()
    // The trace itself works: core's entry is in it.
    expect(modules.some((m) => m.endsWith("/core/dist/index.js"))).toBe(true)
    const heavy = ["dockerode", "docker-modem", "undici", "fast-check"]
    expect([...new Set(modules.map(packageOf))].filter((p) => p !== undefined && heavy.includes(p))).toEqual([])
    expect(modules.filter((m) => /[\\/]effect[\\/]dist[\\/]esm[\\/]index\.js$/.test(m))).toEqual([])
  })

  it("reads only core's bundle: no module from node_modules, a few files of dist/", () => {
    const files = loadedByImport().filter((m) => !m.startsWith("node:"))
    expect(files.filter((m) => packageOf(m) !== undefined)).toEqual([])
    expect(files.every((m) => /[\\/]core[\\/]dist[\\/](index|chunks[\\/][\w-]+)\.js$/.test(m))).toBe(true)
    expect(files.length).toBeLessThanOrEqual(12)
  })

  // Every byte read is compiled on each import, so the bundle holds only the parts of Effect and zod that
  // core calls: a namespace re-exported as a value (src/effect.ts's `Effect`, zod's `{ z }`) would bring
  // all of its module (scripts/esbuild-node.mjs, directNamespaces). These three are never called by core.
  it("compiles no part of Effect or zod that core never calls", () => {
    const code = loadedByImport()
      .filter((m) => !m.startsWith("node:"))
      .map((m) => readFileSync(m.startsWith("file:") ? fileURLToPath(m) : m, "utf8"))
      .join("\n")
    expect(code).toContain("createInspireClient")
    expect(["fromJSONSchema", "compileValidator", "CronProto"].filter((unused) => code.includes(unused))).toEqual([])
  })
})
