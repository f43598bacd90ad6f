#!/usr/bin/env node
// Replaces the JavaScript of core's entry points in dist/ (index, internal and the store subpaths that
// package.json exports) with an esbuild bundle of them, so that importing core reads a handful of files
// instead of resolving, reading and compiling ~490 modules (core's, Effect's and zod's): that loading
// was three quarters of the import's time (bench/core-import.mjs). Code shared by the entries
// goes to dist/chunks/, so a program importing both `@holos-inspire/core` and a subpath has one copy of
// every class and service. Effect, zod and @fluent/bundle are inside (so an install of core needs none
// of them: Effect and zod are optional peers, for the types the .d.ts files name); yaml, undici and
// dockerode stay outside, imported when a call first needs them. The .d.ts files are tsc's, unchanged;
// package.json `files` packs them, these entries and dist/chunks, not tsc's other modules. Run after
// `tsc -b` (core's build).
// The apps bundle core from its sources instead (condition "inspire-source"), so they keep one zod.
import { readdirSync, readFileSync, rmSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
// zod keeps English alone (its other locales are never configured), as in the apps' bundles.
import { directNamespaces, englishZodLocaleOnly } from "../../../scripts/esbuild-node.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dist = join(root, "dist")
const chunks = join(dist, "chunks")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))

// Every exported subpath whose default is a module of dist/: its source is the same path under src/.
const entryPoints = {}
for (const target of Object.values(pkg.exports)) {
  const file = typeof target === "object" ? target.default : undefined
  const m = typeof file === "string" ? /^\.\/dist\/(.+)\.js$/.exec(file) : null
  if (m) entryPoints[m[1]] = join(root, "src", `${m[1]}.ts`)
}

// Chunks of an earlier build are removed only after this one wrote its own: a build that fails (or one
// read while another runs) never leaves entry files pointing at chunks that are gone.
const result = await build({
  metafile: true,
  entryPoints,
  outdir: dist,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Heavy, and each needed by few calls: loaded by core's own dynamic imports when one runs.
  external: ["yaml", "undici", "dockerode", "cpu-features"],
  // Pure ASCII: V8 then keeps the source as a one-byte string, with no UTF-8 decoding; no comments or
  // indentation make less to parse and ~15 MB less RSS. Names are kept, for readable stack traces.
  charset: "ascii",
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  // No source maps: they could only point at src/, which the package does not ship (nor the repository
  // read them), and an installed file would name a map that is not there.
  sourcemap: false,
  logLevel: "warning",
  // Effect and zod through their namespaces, so only the members core reads are bundled.
  plugins: [directNamespaces, englishZodLocaleOnly],
})
// The metafile names outputs relative to the working directory esbuild ran in.
const written = new Set(Object.keys(result.metafile.outputs).map((f) => resolve(f)))
for (const f of readdirSync(chunks)) if (!written.has(join(chunks, f))) rmSync(join(chunks, f), { force: true })
