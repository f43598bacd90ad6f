// isoInstants (a log download's times) works a minute out once and reuses it; it must give exactly what
// isoInstant gives, across a change of offset and for the odd offsets of old local mean times.
import { describe, expect, it } from "vitest"
import { isoInstant, isoInstants } from "../../src/domain/time.js"

const agree = (zone: string, from: number, to: number, step: number) => {
  const stamp = isoInstants(zone)
  const wrong: string[] = []
  for (let t = from; t <= to; t += step) if (stamp(t) !== isoInstant(t, zone)) wrong.push(`${t}: ${stamp(t)}`)
  return wrong
}

describe("isoInstants", () => {
  it("agrees with isoInstant through a change of offset, in whole-hour and half-hour zones", () => {
    // New York moves its clocks at 2026-03-08 07:00Z; the walk crosses it in steps that are not whole seconds.
    const change = Date.UTC(2026, 2, 8, 7)
    expect(agree("America/New_York", change - 3_600_000, change + 3_600_000, 1_999)).toEqual([])
    expect(agree("Asia/Kolkata", change, change + 600_000, 2_001)).toEqual([])
    expect(agree("Asia/Shanghai", change, change + 600_000, 997)).toEqual([])
  })

  it("agrees with isoInstant where the offset has seconds (local mean time)", () => {
    const old = Date.UTC(1899, 0, 1)
    expect(agree("Asia/Shanghai", old, old + 300_000, 1_234)).toEqual([])
  })
})
