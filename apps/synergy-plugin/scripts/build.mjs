#!/usr/bin/env node
// Builds the Synergy plugin package (Plugin API 4) into dist/, byte for byte the same on every run:
//   runtime/           index.js, a small ESM entry that declares the plugin, and chunks/ with core and
//                      everything it uses (effect, zod, undici, dockerode), imported on the first call;
//                      waiter.js, the process a call with notify or recover leaves
//   plugin.json        the manifest the host reads before running any code, with the bundle's sha256
//   skills/sii-inspire the agent skill, copied from the repository's skills/ when it is there
//   package.json       so that the host (and Node) see an ES module package with the runtime as entry
// Usage: node scripts/build.mjs [--out <dir>]   (check-dist.mjs builds into a temporary folder)
import { createHash } from "node:crypto"
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { build } from "esbuild"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const repo = join(root, "..", "..")
const outFlag = process.argv.indexOf("--out")
const out = outFlag > 0 ? resolve(process.argv[outFlag + 1] ?? "") : join(root, "dist")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))

const SKILL = "sii-inspire"
const SKILL_SOURCE = join(repo, "skills", SKILL)
const SKILL_TARGET = `skills/${SKILL}`
const SKILL_FILES = ["SKILL.md", "Skill.md", "content.md", "content.txt"]
const FALLBACK_SKILL_DESCRIPTION =
  "Use the SII Inspire (启智平台) GPU/HPC platform safely: pick resources, submit and watch training and HPC jobs, read logs and metrics, push images, run notebooks and inference."

const json = (value) => `${JSON.stringify(value, null, 2)}\n`
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex")

// The two front-matter keys the manifest needs; values on one line, quoted or not, or a folded block.
const frontMatter = (markdown) => {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(markdown)
  if (m === null) return { fields: {}, body: markdown }
  const fields = {}
  const lines = m[1].split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const kv = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(lines[i])
    if (kv === null) continue
    let value = kv[2].trim()
    if (value === ">" || value === "|" || value === ">-" || value === "|-") {
      const block = []
      while (i + 1 < lines.length && /^\s+\S|^\s*$/.test(lines[i + 1])) block.push(lines[++i].trim())
      value = block.filter((l) => l !== "").join(value.startsWith(">") ? " " : "\n")
    } else if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1)
    fields[kv[1]] = value
  }
  return { fields, body: markdown.slice(m[0].length) }
}

// The skill as the manifest declares it, or null when skills/sii-inspire holds no skill file yet.
const readSkill = () => {
  const file = SKILL_FILES.map((f) => join(SKILL_SOURCE, f)).find((f) => existsSync(f))
  if (file === undefined) return null
  const { fields } = frontMatter(readFileSync(file, "utf8"))
  const description = (fields.description ?? "").trim()
  return {
    name: SKILL,
    description: description !== "" ? description.slice(0, 1024) : FALLBACK_SKILL_DESCRIPTION,
    dir: SKILL_TARGET,
  }
}

const skill = readSkill()

const files = (dir, prefix = "") =>
  readdirSync(dir)
    .sort()
    .flatMap((name) =>
      statSync(join(dir, name)).isDirectory() ? files(join(dir, name), `${prefix}${name}/`) : [`${prefix}${name}`],
    )

/**
 * The chunk files under names that do not change with their content, so that a change of the
 * committed bundle shows as a diff of the same files. esbuild names a chunk after its content hash
 * (a shared chunk has no other name to give); here a chunk loaded by import() keeps its module's
 * name (impl, docker) and a shared chunk is named after the entry points that load it, which is
 * what esbuild splits on, so no two shared chunks get one name. Returns the files to write.
 */
const stableChunkNames = ({ metafile, outputFiles }) => {
  const abs = (p) => resolve(root, p)
  const outputs = Object.entries(metafile.outputs).map(([p, o]) => ({ path: abs(p), ...o }))
  const entries = outputs.filter((o) => o.entryPoint !== undefined)
  const hashless = (path) => path.replace(/-[A-Z0-9]{8}\.js$/, ".js")
  const loads = new Map(outputs.map((o) => [o.path, o.imports.filter((i) => i.kind === "import-statement")]))
  const reach = (path, seen = new Set()) => {
    if (seen.has(path)) return seen
    seen.add(path)
    for (const i of loads.get(path) ?? []) reach(abs(i.path), seen)
    return seen
  }
  const loadedBy = new Map()
  for (const e of entries) {
    const name = basename(hashless(e.path), ".js")
    for (const p of reach(e.path)) loadedBy.set(p, [...(loadedBy.get(p) ?? []), name])
  }
  const renamed = new Map(
    outputs.map((o) => [
      o.path,
      o.entryPoint !== undefined
        ? hashless(o.path)
        : join(dirname(o.path), `shared-${[...(loadedBy.get(o.path) ?? [])].sort().join("-")}.js`),
    ]),
  )
  if (new Set(renamed.values()).size !== renamed.size) throw new Error("Two chunks would get the same name.")
  const names = [...renamed].map(([from, to]) => [basename(from), basename(to)])
  return outputFiles.map(({ path, text }) => {
    let rewritten = text
    for (const [from, to] of names) rewritten = rewritten.replaceAll(`/${from}"`, `/${to}"`)
    const stale = names.find(([from, to]) => from !== to && rewritten.includes(from))
    if (stale !== undefined) throw new Error(`${basename(path)} still names ${stale[0]} after renaming the chunks.`)
    return { path: renamed.get(path) ?? path, text: rewritten }
  })
}

rmSync(out, { recursive: true, force: true })
mkdirSync(join(out, "runtime"), { recursive: true })

writeFileSync(
  join(out, "package.json"),
  json({
    name: pkg.name,
    version: pkg.version,
    description: pkg.description,
    private: true,
    type: "module",
    main: "./runtime/index.js",
    exports: { ".": "./runtime/index.js" },
  }),
)

if (skill !== null) cpSync(SKILL_SOURCE, join(out, SKILL_TARGET), { recursive: true })

// Shared by both bundles below.
const common = {
  // Path comments in the bundle are relative to this folder, so the bytes do not depend on where the
  // repository is checked out or which folder the build writes to.
  absWorkingDir: root,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Readable and line-based, so that a change of the committed bundle shows as a reviewable diff.
  minify: false,
  sourcemap: false,
  charset: "utf8",
  // Core from its sources (its package's "inspire-source" condition), not its own prebuilt bundle,
  // which carries its own copy of zod beside the plugin's.
  conditions: ["inspire-source"],
  legalComments: "none",
  logLevel: "warning",
  // Native add-ons cannot be bundled. The only ones (ssh2's optional crypto binding and cpu-features,
  // under dockerode) are loaded inside try/catch and have pure-JS fallbacks.
  external: ["*.node"],
  banner: {
    // Bundled CommonJS (undici) calls require(); ESM has none, so one is made for it.
    js: [
      'import { createRequire as __inspireCreateRequire } from "node:module"',
      "const require = __inspireCreateRequire(import.meta.url)",
    ].join("\n"),
  },
}

// 1. The tools' declarations, computed from the catalogue now rather than at every plugin start.
const scratch = mkdtempSync(join(tmpdir(), "inspire-plugin-declarations-"))
let tools
let settingsSchema
try {
  const file = join(scratch, "declarations.mjs")
  await build({ ...common, entryPoints: [join(root, "src", "declarations.ts")], outfile: file })
  const declared = await import(pathToFileURL(file).href)
  tools = declared.default
  settingsSchema = declared.settingsSchema
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

// 2. The runtime: a small entry that only declares, and a chunk with core that its handlers import on
// the first call. The host allows a plugin process only a few seconds to start. A second entry,
// waiter.js, is the detached process a call with notify or recover leaves.
const runtimeDir = join(out, "runtime")
const runtime = join(runtimeDir, "index.js")
const bundled = await build({
  ...common,
  entryPoints: { index: join(root, "src", "index.ts"), waiter: join(root, "src", "waiter.ts") },
  outdir: runtimeDir,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  metafile: true,
  write: false,
  define: {
    __INSPIRE_PLUGIN_VERSION__: JSON.stringify(pkg.version),
    __INSPIRE_SKILL__: JSON.stringify(skill),
    __INSPIRE_TOOLS__: JSON.stringify(tools),
    __INSPIRE_SETTINGS__: JSON.stringify(settingsSchema),
  },
})
for (const { path, text } of stableChunkNames(bundled)) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

for (const f of files(runtimeDir)) {
  const text = readFileSync(join(runtimeDir, f), "utf8")
  const leaked = [repo, root, out].find((p) => text.includes(p))
  if (leaked !== undefined)
    throw new Error(`runtime/${f} contains the absolute path ${leaked}; it would not be reproducible.`)
}
const bytes = readFileSync(runtime)

const { default: plugin } = await import(pathToFileURL(runtime).href)
if (plugin?.id !== "inspire" || plugin.version !== pkg.version)
  throw new Error("The runtime bundle does not export the inspire plugin definition.")

// Declarations only: handlers stay in the runtime; keys in a fixed order.
const declaration = (c) => {
  if (c.kind === "tool")
    return {
      kind: c.kind,
      id: c.id,
      description: c.description,
      input: c.input,
      ...(c.requires ? { requires: c.requires } : {}),
      ...(c.enabledWhen ? { enabledWhen: c.enabledWhen } : {}),
    }
  if (c.kind === "cli.command")
    return {
      kind: c.kind,
      id: c.id,
      description: c.description,
      options: c.options,
      ...(c.timeoutMs !== undefined ? { timeoutMs: c.timeoutMs } : {}),
      ...(c.requires ? { requires: c.requires } : {}),
    }
  if (c.kind === "skill") return { kind: c.kind, id: c.id, skill: c.skill }
  if (c.kind === "ui.settings")
    return { kind: c.kind, id: c.id, label: c.label, order: c.order, group: c.group, formSchema: c.formSchema }
  throw new Error(`Unexpected contribution kind ${c.kind}`)
}

const digest = sha256(bytes)
writeFileSync(
  join(out, "plugin.json"),
  json({
    manifestVersion: 1,
    apiVersion: "4.0",
    compatibility: plugin.compatibility,
    id: plugin.id,
    name: plugin.name,
    version: plugin.version,
    description: plugin.description,
    repository: plugin.repository,
    keywords: plugin.keywords,
    capabilities: plugin.capabilities,
    contributions: plugin.contributions.map(declaration),
    artifacts: {
      generation: `${plugin.version}-${digest.slice(0, 12)}`,
      runtime: { entry: "runtime/index.js", sha256: digest },
    },
  }),
)

console.error(
  `built ${out}: ${files(out).length} files, ${tools.length} tools, skill ${skill === null ? "absent" : "included"}, runtime sha256 ${digest.slice(0, 12)}`,
)
