// The esbuild options shared by the apps that ship as bundles for Node 20 (the CLI, the MCP server).
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"

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

/**
 * esbuild drops the members of a namespace nobody reads only when the namespace is imported directly
 * (`import * as Effect from "effect/Effect"`): one re-exported as a value (core's src/effect.ts,
 * `export * as Effect from …`) or zod's `{ z }` keeps every member, and so every module they reach. So
 * in our TypeScript, names imported from a namespace barrel (a module of `export * as X from "m"` lines
 * only) become `import * as X from "m"`, and zod's `{ z }` becomes `import * as z from "zod"`: the
 * same objects, with the unused parts of Effect and zod left out (of core's bundle, 436 → 275 kB of
 * Effect and 289 → 153 kB of zod: less to compile and run on every import). Lines are kept, for the
 * source maps.
 */
export const directNamespaces = {
  name: "direct-namespaces",
  setup(b) {
    const barrels = new Map()
    // The namespaces a module re-exports, if it is nothing but `export * as X from "package/module"` lines
    // (a package's module resolves alike from the importing file; a relative path would not).
    const barrelOf = (file) => {
      if (!barrels.has(file)) {
        const text = existsSync(file) ? readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "") : ""
        const names = new Map()
        for (const m of text.matchAll(/^\s*export \* as (\w+) from "([^".][^"]*)"\s*$/gm)) names.set(m[1], m[2])
        barrels.set(
          file,
          names.size > 0 && text.split("\n").filter((line) => line.trim() !== "").length === names.size
            ? names
            : undefined,
        )
      }
      return barrels.get(file)
    }
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined
      const source = readFileSync(args.path, "utf8")
      const contents = source.replace(/\bimport\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g, (statement, list, from) => {
        const barrel = from.startsWith(".")
          ? barrelOf(join(dirname(args.path), from.replace(/\.js$/, ".ts")))
          : undefined
        const direct = (name) => (from === "zod" && name === "z" ? "zod" : barrel?.get(name))
        const names = list
          .split(",")
          .map((n) => n.trim())
          .filter(Boolean)
        const moved = names.filter((n) => direct(n) !== undefined)
        if (moved.length === 0) return statement
        const kept = names.filter((n) => direct(n) === undefined)
        return [
          ...moved.map((n) => `import * as ${n} from ${JSON.stringify(direct(n))};`),
          ...(kept.length > 0 ? [`import { ${kept.join(", ")} } from ${JSON.stringify(from)};`] : []),
        ]
          .join(" ")
          .concat("\n".repeat(statement.split("\n").length - 1))
      })
      return contents === source ? undefined : { contents, loader: "ts" }
    })
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
    // Its own specifier only: another besideBundle in the same build loads its own.
    b.onLoad({ filter: exact(specifier), namespace: "beside-bundle" }, () => ({
      contents: `module.exports = require(${JSON.stringify(`./${file}`)})`,
      loader: "js",
    }))
    b.onResolve({ filter: exact(`./${file}`) }, () => ({ path: `./${file}`, external: true }))
  },
})

/**
 * Rewrites a bundle as pure ASCII, so that Node reads it into a one-byte string: half the memory of the
 * two-byte string a few Chinese strings or a typographic quote in a comment would force, and no UTF-8
 * decoding of megabytes at every start. Every other character becomes a \u escape, valid in strings,
 * regexes, identifiers and comments. Returns the text written.
 */
export const asciiOnly = (file) => {
  const ascii = readFileSync(file, "utf8").replace(
    /[^\0-\x7f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )
  writeFileSync(file, ascii)
  return ascii
}
