// No call outlasts a host's patience unless asked: every action of every operation, called through the
// built server by the real SDK client at its default request timeout (60 s), on the emulator's paused
// clock (nothing ever finishes, so a wait runs to its end). The server's per-call wait cap is lowered
// to 2 s here (INSPIRE_MCP_WAIT_SECONDS) so that the walk is quick; a call that ignores the cap waits
// its own default and the client gives up. Progress is checked on every call that sends it.
import { OPERATIONS, sweepOperation } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  type ExampleVars,
  exampleWorld,
  fillExample,
  tryCalls,
} from "../../../packages/core/test/operations/examples-fixture.js"
import { trainingSpaceProfile } from "../../../packages/core/test/operations/harness.js"
import { startServing } from "../../../packages/core/test/operations/tasks-fixture.js"
import { type Connection, connectStdio, textOf } from "./harness.js"

let emu: RunningEmulator
let conn: Connection
let vars: ExampleVars
let profile: ReturnType<typeof trainingSpaceProfile>

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  profile = trainingSpaceProfile(emu)
  vars = await exampleWorld(emu, profile)
  conn = await connectStdio(
    {
      PATH: process.env.PATH,
      ...profile.env,
      NO_COLOR: "1",
      INSPIRE_MESSAGES_STRICT: "1",
      INSPIRE_MCP_WAIT_SECONDS: "2",
    },
    ["--toolsets", "all"],
  )
}, 120_000)

afterAll(async () => {
  await conn?.close()
  await emu?.close()
})

interface Called {
  readonly result?: CallToolResult
  readonly failure?: string
  readonly progress: ReadonlyArray<number>
}

/** One call at the SDK's default request timeout, with the progress values it received. */
const callTool = async (name: string, args: Record<string, unknown>): Promise<Called> => {
  const progress: number[] = []
  try {
    const result = (await conn.client.callTool({ name: `inspire_${name}`, arguments: args }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    })) as CallToolResult
    return { result, progress }
  } catch (e) {
    return { failure: e instanceof Error ? e.message : String(e), progress }
  }
}

/** Progress that only grows, in whole numbers or thousandths (no float noise such as 4.0009999999999994). */
const progressProblems = (values: ReadonlyArray<number>): string[] =>
  values.flatMap((v, i) => [
    ...(Math.round(v * 1000) / 1000 !== v ? [`${v} is not clean`] : []),
    ...(i > 0 && v <= (values[i - 1] ?? 0) ? [`${v} after ${values[i - 1]}`] : []),
  ])

describe("every call returns within the host's default timeout", () => {
  // The catalogue's calls without the short waits tryCalls adds: each wait at its default.
  const calls = OPERATIONS.flatMap((op) => {
    const { waitField: _, ...agent } = op.agent ?? {}
    return tryCalls({ ...op, agent }).map((input) => [op.name, input] as const)
  })

  it("walks every action of every operation", async () => {
    const late: string[] = []
    for (const [name, input] of calls) {
      const called = await callTool(name, fillExample(input, vars))
      if (called.failure !== undefined) late.push(`${name} ${JSON.stringify(input)}: ${called.failure}`)
      expect(progressProblems(called.progress), name).toEqual([])
    }
    expect(late).toEqual([])
  }, 600_000)

  it("cuts inspire_wait's default wait and says to call again", async () => {
    const called = await callTool("wait", { job_id: String(vars.train_job) })
    expect(called.failure).toBeUndefined()
    expect(called.result?.structuredContent).toMatchObject({ outcome: "timed-out" })
    expect(textOf(called.result as CallToolResult)).toContain("call inspire_wait again to keep waiting")
    expect(progressProblems(called.progress)).toEqual([])
  }, 90_000)

  it("cuts a serving's health wait asked without its length", async () => {
    // Created on the paused clock: it never gets past starting.
    const serving = await startServing(emu, profile, "patience-serving")
    const called = await callTool("inference", { action: "health", serving_id: serving, wait: true })
    expect(called.failure).toBeUndefined()
    expect(called.result?.structuredContent).toMatchObject({ outcome: "timed-out" })
    expect(textOf(called.result as CallToolResult)).toContain("call inspire_inference again to keep waiting")
    expect(progressProblems(called.progress)).toEqual([])
  }, 90_000)

  it("runs a long notebook command detached and reads it for as long as the client waits", async () => {
    // Longer than the client's 60 s: without the bound the client gives up first.
    const called = await callTool("notebook_exec", { notebook: String(vars.notebook), command: "sleep 75" })
    expect(called.failure).toBeUndefined()
    expect(called.result?.structuredContent).toMatchObject({ mode: "attach", state: "running", ended: "timed-out" })
    const { execId, next } = (called.result?.structuredContent ?? {}) as {
      execId: string
      next: Array<{ input: object }>
    }
    expect(next.map((n) => n.input)).toContainEqual(expect.objectContaining({ attach: execId }))
  }, 90_000)

  it("runs a sweep held back by max_running at once: what fits is sent, the rest on the next run", async () => {
    const definition = {
      ...(sweepOperation.examples?.[0]?.definition as Record<string, unknown>),
      name: "patience-sweep",
      grid: { LR: [0.3, 0.03, 0.003] },
    }
    const run = { action: "run", definition, max_running: 1 }
    const first = await callTool("sweep", run)
    expect(first.failure).toBeUndefined()
    expect(first.result?.structuredContent).toMatchObject({ counts: { created: 1, pending: 2 } })
    const { next } = (first.result?.structuredContent ?? {}) as { next: Array<{ operation: string; input: object }> }
    expect(next.map((n) => n.input)).toContainEqual(expect.objectContaining({ action: "run" }))
    expect(progressProblems(first.progress)).toEqual([])
    // Asked to wait for room: it waits at most the cap, the job still queued, and sends nothing more.
    const waited = await callTool("sweep", { ...run, wait_seconds: 3600 })
    expect(waited.failure).toBeUndefined()
    expect(waited.result?.structuredContent).toMatchObject({ counts: { created: 1, pending: 2 } })
    expect(textOf(waited.result as CallToolResult)).toContain("call inspire_sweep again to keep waiting")
  }, 90_000)
})
