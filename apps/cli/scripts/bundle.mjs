#!/usr/bin/env node
// Bundles the CLI and everything it uses (core, effect, zod, undici, commander) into one ESM file,
// so `inspire` starts without resolving hundreds of modules.
import { chmodSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const outfile = join(root, "dist", "inspire.mjs")

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
  banner: {
    // Bundled CommonJS (undici) calls require(); ESM has none, so one is made for it.
    js: [
      "#!/usr/bin/env node",
      'import { createRequire as __inspireCreateRequire } from "node:module"',
      "const require = __inspireCreateRequire(import.meta.url)",
    ].join("\n"),
  },
})
chmodSync(outfile, 0o755)
