#!/usr/bin/env node
// Bundles the CLI and everything it uses (core, effect, zod, undici, commander) into one ESM file,
// dist/cli.mjs, so `inspire` starts without resolving hundreds of modules; dist/inspire.mjs is the
// small entry point that answers --version alone and imports the bundle for everything else.
import { chmodSync, cpSync, existsSync, readFileSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { nodeBundleOptions } from "../../../scripts/esbuild-node.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const outfile = join(root, "dist", "inspire.mjs")
const define = { __INSPIRE_VERSION__: JSON.stringify(version) }

await build({
  entryPoints: [join(root, "src", "launch.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  define,
  banner: { js: "#!/usr/bin/env node" },
})

await build({
  ...nodeBundleOptions({ shebang: false }),
  entryPoints: [join(root, "src", "main.ts")],
  outfile: join(root, "dist", "cli.mjs"),
  define,
})
chmodSync(outfile, 0o755)

// The agent skill ships next to the bundle (dist/skills/sii-inspire), where `inspire skill` looks first.
const skillSource = join(root, "..", "..", "skills", "sii-inspire")
const skillTarget = join(root, "dist", "skills", "sii-inspire")
if (!existsSync(join(skillSource, "SKILL.md"))) throw new Error(`no skill at ${skillSource}`)
rmSync(skillTarget, { recursive: true, force: true })
cpSync(skillSource, skillTarget, { recursive: true })
