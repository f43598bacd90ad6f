// The esbuild options shared by the apps that ship as bundles for Node 20 (the CLI, the MCP server).

/**
 * zod's namespace object re-exports its 60-odd locales (370 kB of a 2.6 MB CLI bundle), and since
 * the namespace is used as a value esbuild cannot drop them. Only English is ever configured (zod
 * does it itself when it loads), so the bundles get a locales module that holds English alone.
 */
export const englishZodLocaleOnly = {
  name: "english-zod-locale-only",
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";\n',
      loader: "js",
    }))
  },
}

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  minify: false,
  legalComments: "none",
  logLevel: "warning",
  // Core from its sources (its package's "inspire-source" condition), not its own prebuilt bundle,
  // which carries its own copy of zod beside the app's.
  conditions: ["inspire-source"],
  // dockerode's ssh2 loads this native module inside try/catch; bundled, its missing binary fails the build.
  external: ["cpu-features"],
  plugins: [englishZodLocaleOnly],
}

/** Options for a self-contained ESM bundle that runs on Node 20; `shebang` makes it executable. */
export const nodeBundleOptions = ({ shebang }) => ({
  ...common,
  format: "esm",
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

/**
 * Options for a CommonJS bundle, the form V8 can keep a code cache of on Node 20 (vm.Script's
 * cachedData; ES modules have no such hook before Node 22). `import.meta.url` becomes the file's URL.
 */
export const nodeCjsBundleOptions = () => ({
  ...common,
  format: "cjs",
  define: { "import.meta.url": "__inspireImportMetaUrl" },
  banner: { js: 'var __inspireImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
})

/**
 * An esbuild plugin that leaves `specifier` out of a CommonJS bundle and has it required from `file`
 * beside the bundle instead, so a heavy module used by few commands is read only when one runs.
 * (A require, not an import(): code run through vm.Script has no dynamic-import hook on Node 20.)
 */
export const besideBundle = (specifier, file) => ({
  name: `beside-bundle:${specifier}`,
  setup(b) {
    const exact = (s) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`)
    b.onResolve({ filter: exact(specifier) }, () => ({ path: specifier, namespace: "beside-bundle" }))
    b.onLoad({ filter: /.*/, namespace: "beside-bundle" }, () => ({
      contents: `module.exports = require(${JSON.stringify(`./${file}`)})`,
      loader: "js",
    }))
    b.onResolve({ filter: exact(`./${file}`) }, () => ({ path: `./${file}`, external: true }))
  },
})
