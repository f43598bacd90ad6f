import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { LIMIT, oversized } from "./file-size-gate.mjs"

const lines = (n) => `${Array.from({ length: n }, (_, i) => `const x${i} = ${i}`).join("\n")}\n`

describe("file-size gate", () => {
  it("flags a source file just over the limit and passes one at the limit", () => {
    const root = mkdtempSync(join(tmpdir(), "gate-"))
    mkdirSync(join(root, "packages/a/src"), { recursive: true })
    writeFileSync(join(root, "packages/a/src/ok.ts"), lines(LIMIT))
    writeFileSync(join(root, "packages/a/src/big.ts"), lines(LIMIT + 1))
    expect(oversized(root, ["packages"])).toEqual([{ file: join("packages/a/src/big.ts"), lines: LIMIT + 1 }])
  })

  it("exempts tests, fixtures, generated files, declarations and build output", () => {
    const root = mkdtempSync(join(tmpdir(), "gate-"))
    for (const dir of ["packages/a/test", "packages/a/src/fixtures", "packages/a/dist", "packages/a/src/generated"]) {
      mkdirSync(join(root, dir), { recursive: true })
      writeFileSync(join(root, dir, "x.ts"), lines(LIMIT + 50))
    }
    writeFileSync(join(root, "packages/a/src/fixtures/../y.test.ts"), lines(LIMIT + 50))
    writeFileSync(join(root, "packages/a/src/types.d.ts"), lines(LIMIT + 50))
    writeFileSync(join(root, "packages/a/src/api.generated.ts"), lines(LIMIT + 50))
    writeFileSync(join(root, "packages/a/src/notes.md"), lines(LIMIT + 50))
    expect(oversized(root, ["packages"])).toEqual([])
  })
})
