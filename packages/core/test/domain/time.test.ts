import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { formatClock } from "../../src/domain/metrics/clock.js"
import { formatClockTime, formatInstant, isoInstant, isTimeZone } from "../../src/domain/time.js"
import { inFreshNode } from "../helpers.js"

// 2026-12-04 00:29:01.250 UTC = 08:29:01 in Shanghai.
const AT = Date.UTC(2026, 11, 4, 0, 29, 1, 250)

describe("one rule for times", () => {
  it("renders the same instant with the right offset in each zone", () => {
    expect(formatInstant(AT, { zone: "UTC" })).toBe("2026-12-04 00:29 +00:00")
    expect(formatInstant(AT, { zone: "Asia/Shanghai" })).toBe("2026-12-04 08:29 +08:00")
    expect(formatInstant(AT, { zone: "Asia/Shanghai", seconds: true })).toBe("2026-12-04 08:29:01 +08:00")
    expect(formatInstant(AT, { zone: "America/St_Johns" })).toBe("2026-12-03 20:59 -03:30")
    expect(formatInstant(AT, { zone: "Asia/Kolkata", seconds: true })).toBe("2026-12-04 05:59:01 +05:30")
    expect(formatClockTime(AT, "Asia/Shanghai")).toBe("08:29 +08:00")
    expect(isoInstant(AT, "UTC")).toBe("2026-12-04T00:29:01.250+00:00")
    expect(isoInstant(AT, "Asia/Shanghai")).toBe("2026-12-04T08:29:01.250+08:00")
    // The ISO text is the same instant wherever it is read.
    expect(Date.parse(isoInstant(AT, "Asia/Shanghai"))).toBe(AT)
    expect(Date.parse(isoInstant(AT, "America/St_Johns"))).toBe(AT)
  })

  it("uses the process's zone by default and knows summer time", () => {
    const local = formatInstant(AT)
    expect(local).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d$/)
    expect(Date.parse(isoInstant(AT))).toBe(AT)
    const july = Date.UTC(2026, 6, 1, 12, 0)
    expect(formatInstant(july, { zone: "Europe/Berlin" })).toBe("2026-07-01 14:00 +02:00")
    expect(formatInstant(AT, { zone: "Europe/Berlin" })).toBe("2026-12-04 01:29 +01:00")
    expect(isTimeZone("Asia/Shanghai")).toBe(true)
    expect(isTimeZone("Mars/Olympus")).toBe(false)
  })

  // The process's zone is read through Date's local fields (no ICU formatter for a log download); it must
  // say exactly what a formatter for the same named zone says, across summer time, half- and quarter-hour
  // offsets and a historical offset with seconds. Each zone in a fresh node, on the build.
  it("reads the process's zone (TZ) as the named zone reads", { timeout: 60_000 }, () => {
    const built = fileURLToPath(new URL("../../dist/domain/time.js", import.meta.url))
    const script = `
      const { formatInstant, isoInstant, isoInstants } = await import(${JSON.stringify(built)})
      const zone = process.env.TZ
      const stamp = isoInstants()
      const diff = []
      const at = [Date.UTC(1900, 0, 1, 12), Date.UTC(1970, 0, 1), -1, Date.UTC(2026, 11, 4, 0, 29, 1, 250)]
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 37 * 60_000 + 1_234) at.push(t)
      for (const t of at) {
        const named = [formatInstant(t, { zone, seconds: true }), isoInstant(t, zone)]
        const local = [formatInstant(t, { seconds: true }), isoInstant(t)]
        if (named.join() !== local.join() || stamp(t) !== named[1]) diff.push([t, named, local, stamp(t)])
      }
      console.log(JSON.stringify({ checked: at.length, diff: diff.slice(0, 3) }))
    `
    const zones = ["UTC", "Asia/Shanghai", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe", "Europe/Berlin"]
    for (const zone of zones) {
      const { checked, diff } = inFreshNode(script, { TZ: zone }) as { checked: number; diff: unknown[] }
      expect(checked, zone).toBeGreaterThan(14_000)
      expect(diff, zone).toEqual([])
    }
  })

  it("gives metrics' clock times the offset and refuses an unknown zone", () => {
    expect(Either.getOrThrow(formatClock(AT / 1000, "Asia/Shanghai"))).toBe("08:29 +08:00")
    expect(Either.getOrThrow(formatClock(AT / 1000, "UTC"))).toBe("00:29 +00:00")
    expect(Either.isLeft(formatClock(AT / 1000, "Mars/Olympus"))).toBe(true)
  })
})

// Every date shown or written goes through src/domain/time.ts; formatting by hand anywhere else (a UTC
// ISO string, a Date getter, an Intl formatter) brings back zone-less or wrong-zone times.
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url))
const SOURCES = ["packages/core/src", "apps/cli/src", "apps/mcp/src", "apps/synergy-plugin/src"]
const THE_HELPER = "packages/core/src/domain/time.ts"
const BY_HAND = [
  /\.to(ISO|UTC|Date|Time|LocaleDate|LocaleTime)String\s*\(/,
  /Intl\.DateTimeFormat/,
  /\.get(UTC)?(FullYear|Month|Date|Day|Hours|Minutes|Seconds)\s*\(/,
  /\.getTimezoneOffset\s*\(/,
  /new Date\([^)]*\)\s*\.\s*(?!getTime\b)\w+/,
]

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts") ? [path] : []
  })

describe("times are formatted in one place", () => {
  it("finds no date formatted by hand outside the helper", () => {
    const found = SOURCES.flatMap((src) => files(join(ROOT, src)))
      .filter((path) => relative(ROOT, path) !== THE_HELPER)
      .flatMap((path) =>
        readFileSync(path, "utf8")
          .split("\n")
          .flatMap((line, i) =>
            BY_HAND.some((re) => re.test(line)) ? [`${relative(ROOT, path)}:${i + 1}: ${line.trim()}`] : [],
          ),
      )
    expect(found, "format times with formatInstant/isoInstant/formatClockTime (src/domain/time.ts)").toEqual([])
  })

  it("would catch a hand-made date", () => {
    expect(BY_HAND.some((re) => re.test("const s = new Date(ms).toISOString()"))).toBe(true)
    expect(BY_HAND.some((re) => re.test("d.getHours()"))).toBe(true)
    expect(BY_HAND.some((re) => re.test("const t = new Date(ms).getTime()"))).toBe(false)
  })
})
