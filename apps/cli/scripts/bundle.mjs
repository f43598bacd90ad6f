#!/usr/bin/env node
// Bundles the CLI and everything it uses (core, effect, zod, undici, commander) into one CommonJS file,
// dist/cli.cjs, so `inspire` starts without resolving hundreds of modules and V8 can cache its code;
// dockerode (with grpc and ssh2, 2 MB) goes to dist/docker.cjs, read only by `image push`; jq-wasm (1.3 MB)
// to dist/jq.cjs, read only by `--jq`.
// dist/inspire.mjs is the small entry point: it answers --version alone and loads the bundle for the rest.
import { createHash } from "node:crypto"
import { chmodSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { asciiOnly, besideBundle, nodeCjsBundleOptions } from "../../../scripts/esbuild-node.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dist = join(root, "dist")
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const outfile = join(dist, "inspire.mjs")
const cjs = nodeCjsBundleOptions()
rmSync(join(dist, "cli.mjs"), { force: true })

await build({
  ...cjs,
  entryPoints: [join(root, "src", "main.ts")],
  outfile: join(dist, "cli.cjs"),
  define: { ...cjs.define, __INSPIRE_VERSION__: JSON.stringify(version) },
  plugins: [...cjs.plugins, besideBundle("dockerode", "docker.cjs"), besideBundle("jq-wasm", "jq.cjs")],
})
await build({
  ...cjs,
  stdin: { contents: 'module.exports = require("jq-wasm")', resolveDir: root },
  outfile: join(dist, "jq.cjs"),
})
await build({
  ...cjs,
  // dockerode is the CLI's own dependency (only an optional peer of core), so it is resolved from here.
  stdin: { contents: 'module.exports = require("dockerode")', resolveDir: root },
  outfile: join(dist, "docker.cjs"),
})

// Pure ASCII (see asciiOnly): read by the launcher as a one-byte string.
const cliFile = join(dist, "cli.cjs")
const ascii = asciiOnly(cliFile)

// What shell completion knows of the command tree, beside the bundle: `inspire __complete` (every TAB)
// answers from it without loading the bundle (src/launch.ts).
const { completionSpec } = createRequire(import.meta.url)(cliFile)
writeFileSync(join(dist, "completion.json"), JSON.stringify(completionSpec()))

// The code cache is keyed by the bundle's content: a rebuilt bundle never runs a stale cache.
const bundleHash = createHash("sha256").update(ascii).digest("hex").slice(0, 16)
await build({
  entryPoints: [join(root, "src", "launch.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  define: { __INSPIRE_VERSION__: JSON.stringify(version), __INSPIRE_BUNDLE_HASH__: JSON.stringify(bundleHash) },
  banner: { js: "#!/usr/bin/env node" },
})
chmodSync(outfile, 0o755)

// The serving recipes shipped with core go next to the bundle (dist/recipes), where core looks first.
const recipesTarget = join(root, "dist", "recipes")
rmSync(recipesTarget, { recursive: true, force: true })
cpSync(join(root, "..", "..", "packages", "core", "recipes"), recipesTarget, { recursive: true })

// The agent skill ships next to the bundle (dist/skills/sii-inspire), where `inspire skill` looks first.
const skillSource = join(root, "..", "..", "skills", "sii-inspire")
const skillTarget = join(root, "dist", "skills", "sii-inspire")
if (!existsSync(join(skillSource, "SKILL.md"))) throw new Error(`no skill at ${skillSource}`)
rmSync(skillTarget, { recursive: true, force: true })
cpSync(skillSource, skillTarget, { recursive: true })
