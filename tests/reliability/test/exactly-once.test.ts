// Exactly-once creates through the library (core's catalogue, as the MCP server and the plugin call it):
// training creates under the fault mix of support/exactly-once.ts, the platform's clock ±10 min off, every
// name shared by two submits. 0 duplicates, 0 jobs lost, 0 wrong ids, and every failure says whether the
// job exists and what to do. 60 creates in npm test, 300 at full size.
import { type InspireClient, InspireError, invoke, type Operation, submitOperation } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FULL, report, size } from "./suite.js"
import {
  expectExactlyOnce,
  FAULT_METHOD,
  type Outcome,
  pairName,
  runSkewed,
  summary,
  TAG,
  tally,
  tallyRows,
} from "./support/exactly-once.js"
import { createTargets, loggedInClient } from "./support/platform.js"

const CREATES = size(60, 300)
const CONCURRENCY = 6

let emu: RunningEmulator
let client: InspireClient
beforeAll(async () => {
  // A running clock: the platform's time moves on, offset by the fault API.
  emu = await startEmulator({ port: 0 })
  client = (await loggedInClient(emu)).client
})
afterAll(async () => {
  await client?.close()
  await emu?.close()
})

const submit = async (i: number): Promise<Outcome> => {
  const raw = {
    ...createTargets(emu.control.state()).submit(pairName(i), "python train.py"),
    envs: { [TAG]: String(i) },
  }
  try {
    const { result } = await client.run(invoke(submitOperation as unknown as Operation, raw))
    return { i, jobId: (result as { jobId: string }).jobId }
  } catch (e) {
    const error = e instanceof InspireError ? e : undefined
    return {
      i,
      error: {
        ...(error?.created !== undefined ? { created: error.created } : {}),
        message: e instanceof Error ? e.message : String(e),
        hint: error === undefined ? "" : String(error.hint),
      },
    }
  }
}

describe("exactly-once creates through the library", () => {
  it(
    `${CREATES} training creates under faults, skew and shared names: 0 duplicates, 0 lost, 0 wrong ids`,
    async () => {
      const outcomes = await runSkewed(emu, CREATES, CONCURRENCY, submit)
      const t = tally(emu, outcomes)
      console.log(summary("exactly-once (library)", t))
      report({
        id: "exactly-once",
        title: "Exactly-once creates through the library",
        method: `${CREATES} \`inspire_submit\` calls through core's catalogue, ${CONCURRENCY} at a time. ${FAULT_METHOD}`,
        rows: tallyRows(t),
      })
      expect(outcomes).toHaveLength(CREATES)
      expectExactlyOnce(t)
    },
    FULL ? 900_000 : 240_000,
  )
})
