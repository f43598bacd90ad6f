#!/usr/bin/env node
// Bundles the CLI and everything it uses (core, effect, zod, undici, commander) into one ESM file,
// dist/cli.mjs, so `inspire` starts without resolving hundreds of modules; dist/inspire.mjs is the
// small entry point that answers --version alone and imports the bundle for everything else.
import { chmodSync, cpSync, existsSync, readFileSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

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
  entryPoints: [join(root, "src", "main.ts")],
  outfile: join(root, "dist", "cli.mjs"),
  // dockerode's ssh2 loads this native module inside try/catch; bundled, its missing binary fails the build.
  external: ["cpu-features"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: false,
  legalComments: "none",
  logLevel: "warning",
  define,
  banner: {
    // Bundled CommonJS (undici) calls require(); ESM has none, so one is made for it.
    js: [
      'import { createRequire as __inspireCreateRequire } from "node:module"',
      "const require = __inspireCreateRequire(import.meta.url)",
      // ssh2 (under dockerode) is emscripten output that reads __dirname when it loads.
      'import { fileURLToPath as __inspireFileURLToPath } from "node:url"',
      'import { dirname as __inspireDirname } from "node:path"',
      "const __filename = __inspireFileURLToPath(import.meta.url)",
      "const __dirname = __inspireDirname(__filename)",
    ].join("\n"),
  },
})
chmodSync(outfile, 0o755)

// The agent skill ships next to the bundle (dist/skills/sii-inspire), where `inspire skill` looks first.
const skillSource = join(root, "..", "..", "skills", "sii-inspire")
const skillTarget = join(root, "dist", "skills", "sii-inspire")
if (!existsSync(join(skillSource, "SKILL.md"))) throw new Error(`no skill at ${skillSource}`)
rmSync(skillTarget, { recursive: true, force: true })
cpSync(skillSource, skillTarget, { recursive: true })
