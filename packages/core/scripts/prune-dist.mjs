#!/usr/bin/env node
// Removes from dist/ what no source file emits any more. `tsc -b` writes outputs but never deletes one,
// so a module moved or deleted in src/ would live on in dist/: importable by a deep path, and packed
// into the tarball `npm pack` makes. Run after each build (core's `build` script).
import { existsSync, readdirSync, rmdirSync, rmSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dist = join(root, "dist")
const src = join(root, "src")
const OUTPUT = /(\.d\.ts\.map|\.d\.ts|\.js\.map|\.js)$/

// Every file tsc emits for src/a/b.ts is dist/a/b.{js,js.map,d.ts,d.ts.map}.
const sourceOf = (file) => join(src, relative(dist, file).replace(OUTPUT, ".ts"))

const prune = (dir) => {
  let kept = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    // dist/chunks holds the code the entry points' bundle shares (scripts/bundle.mjs), not tsc's output.
    if (entry.isDirectory() && path === join(dist, "chunks")) kept++
    else if (entry.isDirectory()) {
      if (prune(path) === 0) rmdirSync(path)
      else kept++
    } else if (OUTPUT.test(entry.name) && !existsSync(sourceOf(path))) {
      rmSync(path)
      console.error(`removed ${relative(root, path)}: its source is gone`)
    } else kept++
  }
  return kept
}

if (existsSync(dist)) prune(dist)
