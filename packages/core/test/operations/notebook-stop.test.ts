import { beforeEach, describe, expect, it } from "vitest"
import { confirmationOf } from "../../src/operations/common/plan.js"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { renderWords } from "../../src/words/render.js"
import { plain } from "../../src/words/text.js"
import { syncClock } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { call, succeeded, trainingSpaceProfile } from "./harness.js"

// Stopping a notebook deletes what its container holds outside mounted storage (the console's manual:
// "underlying data will be deleted upon stopping"): its dry run, the question asked before it, and its
// result say so, and what is kept.

const emu = useEmulator()

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

const LOST = /outside mounted storage/
const KEPT = /\/inspire\/hdd\/…, \/inspire\/ssd\/…/

// The result's warnings (a notebook result is a union over its actions).
const warningsOf = (r: object): ReadonlyArray<string> =>
  "warnings" in r && Array.isArray(r.warnings) ? (r.warnings as string[]) : []

describe("notebook stop", () => {
  it("the dry run, the confirmation and the result say what is lost and what is kept", async () => {
    const { id } = emu.current.control.jupyter.runningNotebook()
    const profile = trainingSpaceProfile(emu.current)
    const dry = succeeded(
      await call(emu.current, notebookOperation, { action: "stop", notebook_id: id, dry_run: true }, profile),
    )
    expect(dry.text).toMatch(LOST)
    expect(dry.text).toMatch(KEPT)
    expect(warningsOf(dry.result)).toContainEqual(expect.stringMatching(LOST))
    // The question the CLI asks before the stop, from the dry run's plan as it reads it.
    const plan = "plan" in dry.result ? dry.result.plan : undefined
    const question = renderWords(
      confirmationOf({
        summary: plain(plan?.summary ?? ""),
        targets: (plan?.targets ?? []).map((t) => ({ ...t, change: plain(t.change) })),
        requests: [],
      }),
      "mcp",
    )
    expect(question).toMatch(LOST)
    expect(question).toMatch(KEPT)
    expect(question).toMatch(/\?$/)

    const stop = succeeded(await call(emu.current, notebookOperation, { action: "stop", notebook_id: id }, profile))
    expect(stop.result).toMatchObject({ action: "stop", sent: true })
    expect(warningsOf(stop.result)).toContainEqual(expect.stringMatching(LOST))
    expect(stop.text).toMatch(/warning: Stopping deletes what the container holds outside mounted storage/)
    expect(stop.text).toMatch(KEPT)

    // A notebook already stopped loses nothing more: nothing is said.
    emu.current.control.clock.advance(60)
    const again = succeeded(await call(emu.current, notebookOperation, { action: "stop", notebook_id: id }, profile))
    expect(again.result).toMatchObject({ sent: false })
    expect(warningsOf(again.result)).toEqual([])
  })
})
