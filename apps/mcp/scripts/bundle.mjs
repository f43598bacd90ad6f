#!/usr/bin/env node
// Bundles the MCP server and everything it uses (core, effect, zod, undici, the MCP SDK) into one ESM
// file, and copies the skill's documents beside it so the server can offer them as resources.
import { chmodSync, cpSync, existsSync, readFileSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const outfile = join(root, "dist", "inspire-mcp.mjs")

await build({
  entryPoints: [join(root, "src", "main.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: false,
  legalComments: "none",
  logLevel: "warning",
  define: { __INSPIRE_VERSION__: JSON.stringify(version) },
  // dockerode's ssh2 loads this native module inside try/catch; bundled, its missing binary fails the build.
  external: ["cpu-features"],
  banner: {
    // Bundled CommonJS (undici, ajv) calls require(); ESM has none, so one is made for it.
    js: [
      "#!/usr/bin/env node",
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

// The skill is written beside the apps; without it the server simply offers no resources.
const skill = join(root, "..", "..", "skills", "sii-inspire")
const copy = join(root, "dist", "skills", "sii-inspire")
rmSync(copy, { recursive: true, force: true })
if (existsSync(skill)) cpSync(skill, copy, { recursive: true })
else console.warn(`bundle: ${skill} not found; the server will offer no skill resources`)
