#!/usr/bin/env node
// Bundles the MCP server and everything it uses (core, effect, zod, undici, the MCP SDK) into one ESM
// file, and copies the skill's documents beside it so the server can offer them as resources.
import { chmodSync, cpSync, existsSync, readFileSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { asciiOnly, besideBundle, nodeBundleOptions, nodeCjsBundleOptions } from "../../../scripts/esbuild-node.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const outfile = join(root, "dist", "inspire-mcp.mjs")

const options = nodeBundleOptions({ shebang: true })
// dockerode (with ssh2, gRPC and protobuf: a third of the server's code) serves only image pushes: it is
// a file of its own beside the bundle, read on the first push instead of being parsed at every start.
await build({
  ...options,
  entryPoints: [join(root, "src", "main.ts")],
  outfile,
  define: { __INSPIRE_VERSION__: JSON.stringify(version) },
  plugins: [...options.plugins, besideBundle("dockerode", "docker.cjs")],
})
const cjs = nodeCjsBundleOptions()
await build({
  ...cjs,
  stdin: { contents: 'module.exports = require("dockerode")', resolveDir: root },
  outfile: join(root, "dist", "docker.cjs"),
})
// Pure ASCII (see asciiOnly): no UTF-8 decoding of the whole bundle at every start.
asciiOnly(outfile)
chmodSync(outfile, 0o755)

// The skill is written beside the apps; without it the server simply offers no resources.
const skill = join(root, "..", "..", "skills", "sii-inspire")
const copy = join(root, "dist", "skills", "sii-inspire")
rmSync(copy, { recursive: true, force: true })
if (existsSync(skill)) cpSync(skill, copy, { recursive: true })
else console.warn(`bundle: ${skill} not found; the server will offer no skill resources`)
