#!/usr/bin/env node
// Builds the Synergy plugin package (Plugin API 4) into dist/, byte for byte the same on every run:
//   runtime/           index.js, a small ESM entry that declares the plugin, and chunks/ with core and
//                      everything it uses (effect, zod, undici, dockerode), imported on the first call
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
import { dirname, join, resolve } from "node:path"
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
try {
  const file = join(scratch, "declarations.mjs")
  await build({ ...common, entryPoints: [join(root, "src", "declarations.ts")], outfile: file })
  tools = (await import(pathToFileURL(file).href)).default
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

// 2. The runtime: a small entry that only declares, and a chunk with core that its handlers import on
// the first call. The host allows a plugin process only a few seconds to start.
const runtimeDir = join(out, "runtime")
const runtime = join(runtimeDir, "index.js")
await build({
  ...common,
  entryPoints: { index: join(root, "src", "index.ts") },
  outdir: runtimeDir,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  define: {
    __INSPIRE_PLUGIN_VERSION__: JSON.stringify(pkg.version),
    __INSPIRE_SKILL__: JSON.stringify(skill),
    __INSPIRE_TOOLS__: JSON.stringify(tools),
  },
})

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
