import { it } from "@effect/vitest"
import { Effect } from "effect"
import { describe, expect } from "vitest"
import { InspireError } from "../../src/errors.js"
import { createOnce } from "../../src/platform/create-once.js"
import { collectPages } from "../../src/platform/paging.js"
import { renderWords } from "../../src/words/render.js"
import { plain } from "../../src/words/text.js"

const list = Array.from({ length: 250 }, (_, i) => i)
const pager =
  (calls: number[], total: number | string | undefined = list.length, first = 1) =>
  (page: number, size: number) =>
    Effect.sync(() => {
      calls.push(page)
      return { items: list.slice((page - first) * size, (page - first + 1) * size), total }
    })

describe("collectPages", () => {
  it.effect("reads every page up to the total, beyond the first", () =>
    Effect.gen(function* () {
      const calls: number[] = []
      const r = yield* collectPages(pager(calls), { firstPage: 1, pageSize: 100 })
      expect(r.items).toHaveLength(250)
      expect(r).toMatchObject({ total: 250, truncated: false })
      expect(calls).toEqual([1, 2, 3])
    }),
  )

  it.effect("handles totals as strings, 0-based pages and a missing total", () =>
    Effect.gen(function* () {
      const calls: number[] = []
      const r = yield* collectPages(pager(calls, "250", 0), { firstPage: 0, pageSize: 100 })
      expect(r.items).toHaveLength(250)
      expect(calls).toEqual([0, 1, 2])
      const untold = yield* collectPages(pager([], undefined), { firstPage: 1, pageSize: 50 })
      expect(untold.items).toHaveLength(250)
    }),
  )

  it.effect("stops at the page cap and says the list was cut", () =>
    Effect.gen(function* () {
      const r = yield* collectPages(pager([], 10_000), { firstPage: 1, pageSize: 10, maxPages: 3 })
      expect(r).toMatchObject({ truncated: true })
      expect(r.items).toHaveLength(30)
    }),
  )
})

const ambiguous = new InspireError({
  reason: "PlatformUnreachable",
  message: plain("reset"),
  hint: plain(""),
  ambiguous: true,
})

describe("createOnce", () => {
  it.live("returns the task found after an ambiguous failure instead of creating another", () =>
    Effect.gen(function* () {
      let creates = 0
      const r = yield* createOnce({
        create: Effect.suspend(() => {
          creates++
          return Effect.fail(ambiguous)
        }),
        find: () => Effect.succeed("job-1"),
        lookups: ["1 millis"],
      })
      expect(r).toEqual({ value: "job-1", recovered: true, attempts: 1 })
      expect(creates).toBe(1)
    }),
  )

  it.live("sends again only after confirming that nothing was created", () =>
    Effect.gen(function* () {
      let creates = 0
      const r = yield* createOnce({
        create: Effect.suspend(() => (++creates === 1 ? Effect.fail(ambiguous) : Effect.succeed("job-2"))),
        find: () => Effect.succeed(undefined),
        lookups: ["1 millis", "1 millis"],
      })
      expect(r).toEqual({ value: "job-2", recovered: false, attempts: 2 })
    }),
  )

  it.live("passes a clear refusal through without looking or retrying", () =>
    Effect.gen(function* () {
      let looks = 0
      const refusal = new InspireError({ reason: "InvalidInput", message: plain("bad spec"), hint: plain("") })
      const e = yield* Effect.flip(
        createOnce({
          create: Effect.fail(refusal),
          find: () =>
            Effect.sync(() => {
              looks++
              return undefined
            }),
          lookups: ["1 millis"],
        }),
      )
      expect(e).toMatchObject({ message: refusal.message, reason: refusal.reason, created: "no" })
      expect(looks).toBe(0)
    }),
  )

  it.live("stops, saying the state is unknown, when the look-up itself fails", () =>
    Effect.gen(function* () {
      let creates = 0
      const e = yield* Effect.flip(
        createOnce({
          create: Effect.suspend(() => {
            creates++
            return Effect.fail(ambiguous)
          }),
          find: () =>
            Effect.fail(new InspireError({ reason: "PlatformUnreachable", message: plain("down"), hint: plain("") })),
          lookups: ["1 millis"],
        }),
      )
      expect(creates).toBe(1)
      expect(e.message).toMatch(/could not be checked/)
      expect(renderWords(e.hint, "library")).toMatch(/before submitting again/)
    }),
  )

  it.live("reports the checked true state when every attempt was lost", () =>
    Effect.gen(function* () {
      const e = yield* Effect.flip(
        createOnce({
          create: Effect.fail(ambiguous),
          find: () => Effect.succeed(undefined),
          attempts: 2,
          lookups: ["1 millis"],
        }),
      )
      expect(e.message).toMatch(/was not created \(checked after each of 2 attempts\)/)
      expect(e.ambiguous).toBeUndefined()
    }),
  )
})
