import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { formatPoints } from "../../src/domain/points.js"

describe("formatPoints", () => {
  it("writes points as the console does: thousands separators and two decimals, rounded", () => {
    expect(formatPoints(1234567.891)).toBe("1,234,567.89")
    expect(formatPoints(999.999)).toBe("1,000.00")
    expect(formatPoints(12.5)).toBe("12.50")
    expect(formatPoints(0)).toBe("0.00")
    expect(formatPoints(-1234.5)).toBe("-1,234.50")
    expect(formatPoints(-0.001)).toBe("0.00")
    expect(formatPoints(undefined)).toBeUndefined()
  })
})

// A number formatted through ICU (toLocaleString, Intl.NumberFormat) loads its number formatting on first
// use: about 18 ms and 9 MB of resident memory, in a CLI call that only prints a table.
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url))
const SOURCES = ["packages/core/src", "apps/cli/src", "apps/mcp/src", "apps/synergy-plugin/src"]
const THROUGH_ICU = [/\.toLocaleString\s*\(/, /Intl\.NumberFormat\s*\(/]

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts") ? [path] : []
  })

describe("numbers are formatted without ICU", () => {
  it("finds no toLocaleString or Intl.NumberFormat in the sources", () => {
    const found = SOURCES.flatMap((src) => files(join(ROOT, src))).flatMap((path) =>
      readFileSync(path, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          THROUGH_ICU.some((re) => re.test(line)) ? [`${relative(ROOT, path)}:${i + 1}: ${line.trim()}`] : [],
        ),
    )
    expect(found, "format points with formatPoints (src/domain/points.ts)").toEqual([])
  })
})
