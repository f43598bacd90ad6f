// The esbuild options shared by the apps that ship as one ESM file for Node 20 (the CLI, the MCP server).

/** Options for a self-contained ESM bundle that runs on Node 20; `shebang` makes it executable. */
export const nodeBundleOptions = ({ shebang }) => ({
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: false,
  legalComments: "none",
  logLevel: "warning",
  // dockerode's ssh2 loads this native module inside try/catch; bundled, its missing binary fails the build.
  external: ["cpu-features"],
  banner: {
    js: [
      ...(shebang ? ["#!/usr/bin/env node"] : []),
      // Bundled CommonJS (undici, ajv) calls require(); ESM has none, so one is made for it.
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
