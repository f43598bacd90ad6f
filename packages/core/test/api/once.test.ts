import type { RunningEmulator } from "@holos-inspire/emulator"
import { Cause, Effect, Exit, Option } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createTrainingJob } from "../../src/api/jobs/index.js"
import { createNotebook } from "../../src/api/notebooks/index.js"
import { createServing } from "../../src/api/servings/index.js"
import type { InspireError } from "../../src/errors.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { type Fault, type FaultProxy, startFaultProxy } from "../platform/fault-proxy.js"
import { countNamed, trainingInput } from "./jobs/fixture.js"
import { placement } from "./notebooks/fixture.js"
import { servingInput } from "./servings/fixture.js"

// Exactly once, through a fault proxy in front of the emulator: answers that do not parse, 4xx answers
// after the platform acted, and lost answers when the platform's time is unknown.

const emu = useEmulator()
let proxy: FaultProxy | undefined

beforeEach(() => {
  emu.current.control.reset()
  emu.current.control.faults.reset()
})

afterEach(async () => {
  await proxy?.close()
  proxy = undefined
})

const through = async (
  fault: (method: string, path: string) => Fault | undefined,
  options: { readonly noDate?: boolean } = {},
) => {
  proxy = await startFaultProxy(emu.current.url, { fault, ...options })
  return profileFor({ ...emu.current, url: proxy.url } as RunningEmulator)
}

const value = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${Cause.pretty(exit.cause)}`)
  return exit.value
}

const error = (exit: Exit.Exit<unknown, unknown>): InspireError => {
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`)
  const failure = Cause.failureOption(exit.cause)
  if (Option.isNone(failure)) throw new Error(`expected a failure, got ${Cause.pretty(exit.cause)}`)
  return failure.value as InspireError
}

/** A create's id, or how its failure says the create went. */
const result = (exit: Exit.Exit<string, unknown>): { readonly id?: string; readonly created?: string } =>
  Exit.isSuccess(exit) ? { id: exit.value } : { created: error(exit).created ?? "?" }

const notebookInput = (name: string) => {
  const p = placement(emu.current, "分布式训练空间", "DSW", 1)
  return {
    workspaceId: p.workspaceId,
    projectId: p.projectId,
    logicComputeGroupId: p.lcgId,
    name,
    spec: p.spec,
    image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
    priority: 4,
  }
}

const isCreate = (path: string) => /CreateNotebook|notebook\/create|inference_servings\/create/.test(path)
const isTrainCreate = (path: string) => path.includes("train_job/create") || path.includes("Action=CreateJob")

/** The create's answer with its id turned into a number, in either envelope. */
const numericId = (json: Record<string, unknown>) => {
  const inner = (json.Result ?? json.data) as Record<string, unknown>
  for (const key of ["job_id", "notebook_id", "inference_serving_id"]) if (key in inner) inner[key] = 12345
  return json
}

describe("a create answered with an id that does not parse", () => {
  it("is settled by a look-up, never reported as created with that id", async () => {
    const h = await through((_m, p) =>
      isTrainCreate(p) || isCreate(p) ? { kind: "rewrite", change: numericId } : undefined,
    )
    const job = value(await h.run(createTrainingJob(trainingInput(emu.current, "numeric"), { lookups: ["10 millis"] })))
    const nb = value(await h.run(createNotebook(notebookInput("numeric-nb"))))
    const sv = value(await h.run(createServing(servingInput(emu.current, "numeric-sv"))))
    expect(job.jobId).toMatch(/^job-/)
    expect(job.recovered).toBe(true)
    expect(nb.notebookId).not.toBe("12345")
    expect(nb.recovered).toBe(true)
    expect(sv.servingId).toMatch(/^sv-/)
    expect(sv.recovered).toBe(true)
    expect(countNamed(emu.current, "numeric") + countNamed(emu.current, "numeric-nb")).toBe(2)
    expect(countNamed(emu.current, "numeric-sv")).toBe(1)
  }, 30_000)
})

describe("a training create answered 4xx after the platform acted", () => {
  const cases: ReadonlyArray<readonly [string, number, string]> = [
    ["404 from a proxy", 404, "<html>not found</html>"],
    ["400 without the platform's refusal", 400, "<html>bad request</html>"],
    ["403 with an empty body", 403, ""],
  ]
  it.each(cases)("%s: settled by the marker, one job, never a V2 resend or 'not created'", async (_n, status, body) => {
    const h = await through((_m, p) => (isTrainCreate(p) ? { kind: "replace", status, body } : undefined))
    const name = `acted-${status}`
    const job = value(await h.run(createTrainingJob(trainingInput(emu.current, name), { lookups: ["10 millis"] })))
    expect(job.recovered).toBe(true)
    expect(countNamed(emu.current, name)).toBe(1)
  })

  it("the gateway's own 404 before anything acted still falls back to V2", async () => {
    const h = await through((_m, p) =>
      p.includes("train_job/create")
        ? { kind: "refuse", status: 404, body: "404 page not found", contentType: "text/plain" }
        : undefined,
    )
    const job = value(await h.run(createTrainingJob(trainingInput(emu.current, "no-route"))))
    expect(job.recovered).toBe(false)
    expect(countNamed(emu.current, "no-route")).toBe(1)
  })
})

describe("notebooks and servings without the platform's time (no Date header), the client clock ahead", () => {
  it("8 creates of each, answers lost or requests cut: never a second object, each adopted or 'unknown'", async () => {
    // Per create, in turn: the answer lost after the platform acted, the request cut before it arrived, no fault.
    const faults: ReadonlyArray<Fault | undefined> = [{ kind: "lose" }, { kind: "reset-before" }, undefined]
    let sent = 0
    const h = await through((_m, p) => (isCreate(p) ? faults[sent++ % faults.length] : undefined), { noDate: true })
    const outcomes: Array<{ readonly name: string; readonly id?: string; readonly created?: string }> = []
    for (let i = 0; i < 8; i++) {
      const nb = await h.run(Effect.map(createNotebook(notebookInput(`nodate-nb-${i}`)), (c) => c.notebookId))
      outcomes.push({ name: `nodate-nb-${i}`, ...result(nb) })
      const sv = await h.run(Effect.map(createServing(servingInput(emu.current, `nodate-sv-${i}`)), (c) => c.servingId))
      outcomes.push({ name: `nodate-sv-${i}`, ...result(sv) })
    }
    const tasks = emu.current.control.state().tasks
    for (const o of outcomes) {
      const made = tasks.filter((t) => t.name === o.name).map((t) => t.id)
      // Never two objects; a success names the one there is; a failure says "unknown", never "no".
      expect(made.length, o.name).toBeLessThanOrEqual(1)
      if (o.id !== undefined) expect(made, o.name).toEqual([o.id])
      else expect(o.created, o.name).toBe("unknown")
    }
    // One request in three was cut before it arrived: those five, and only those, are "unknown".
    expect(outcomes.filter((o) => o.created === "unknown")).toHaveLength(5)
  }, 60_000)

  it("a create reset before it arrived is reported 'unknown', not sent again", async () => {
    const h = await through((_m, p) => (isCreate(p) ? { kind: "reset-before" } : undefined), { noDate: true })
    const failure = error(await h.run(createNotebook(notebookInput("never-arrived"))))
    expect(failure.created).toBe("unknown")
    expect(proxy?.carried.filter(isCreate)).toEqual([])
    expect(countNamed(emu.current, "never-arrived")).toBe(0)
  }, 30_000)
})
