import { beforeAll, describe, expect, it } from "vitest"
import { createServing } from "../../src/api/servings/servings.js"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import { quietContext } from "../../src/operations/catalogue/operation.js"
import { inferenceOperation } from "../../src/operations/inference/index.js"
import { jobExecOperation } from "../../src/operations/job-exec/index.js"
import { syncClock } from "../api/jobs/fixture.js"
import { servingInput } from "../api/servings/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

// inspire_job_exec in a serving's pods: the same operation, the serving known by its `sv-` id (or its
// name), its pods from V2 ListServingInstances, the socket the servings' worker PTY.

const emu = useEmulator()
let profile: ReturnType<typeof profileFor>
let single: string
let pair: string

const deployed = async (name: string, replicas: number): Promise<string> => {
  const exit = await profile.run(createServing({ ...servingInput(emu.current, name), replicas }))
  if (exit._tag !== "Success") throw new Error(`create failed: ${JSON.stringify(exit)}`)
  return exit.value.servingId
}

const exec = (input: Record<string, unknown>) => call(emu.current, jobExecOperation, input, profile)

beforeAll(async () => {
  syncClock(emu.current)
  profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间" })
  single = await deployed("exec-sv-one", 1)
  pair = await deployed("exec-sv-two", 2)
  emu.current.control.clock.advance(120)
})

describe("job exec in a serving's pod", () => {
  it("returns the command's output and exit code, streamed as it comes", async () => {
    const chunks: string[] = []
    const exit = await profile.run(
      invoke(
        jobExecOperation,
        { job_id: single, command: "echo in-$MY_POD_NAME; echo oops >&2; exit 4" },
        { ...quietContext, output: (t) => void chunks.push(t) },
      ),
    )
    if (exit._tag !== "Success") throw new Error(JSON.stringify(exit.cause))
    const r = exit.value.result
    expect(r.jobId).toBe(single)
    expect(r.pod).toBe(`${single}-replica-0`)
    expect(r.exitCode).toBe(4)
    expect(r.streamed).toBe(true)
    expect(chunks.join("")).toBe(`in-${single}-replica-0\noops\n`)
    // By its name, as any task.
    const named = succeeded(await exec({ job_id: "exec-sv-one", command: "echo named" }))
    expect(named.result.output).toBe("named\n")
    expect(named.result.exitCode).toBe(0)
  }, 60_000)

  it("lists the pods when a serving of several names none, and runs in the one named", async () => {
    const none = failed(await exec({ job_id: pair, command: "true" }))
    expect(none.reason).toBe("InvalidInput")
    expect(none.message).toContain(`${pair}-replica-0`)
    expect(none.message).toContain(`${pair}-replica-1`)
    expect(none.hint).toContain("pod")
    const one = succeeded(await exec({ job_id: pair, pod: "1", command: "echo $MY_POD_NAME" }))
    expect(one.result.output).toBe(`${pair}-replica-1\n`)
  }, 60_000)

  it("plans the servings' socket on a dry run, and serve show lists the pods", async () => {
    const r = succeeded(await exec({ job_id: pair, pod: "0", command: "ls", dry_run: true }))
    expect(r.result.plan?.requests[0]?.surface).toContain(`/api/v2/inference_servings/instances/exec?job_id=${pair}`)
    const shown = succeeded(
      await call(emu.current, inferenceOperation, { action: "detail", serving_id: pair }, profile),
    )
    const detail = shown.result as { pods?: ReadonlyArray<{ name: string; status: string }> }
    expect(detail.pods).toEqual([
      { name: `${pair}-replica-0`, status: "RUNNING" },
      { name: `${pair}-replica-1`, status: "RUNNING" },
    ])
    expect(shown.text).toContain(`${pair}-replica-1 (RUNNING)`)
  }, 60_000)

  it("refuses a stopped serving with a clear error, before any socket", async () => {
    const stopped = await deployed("exec-sv-stopped", 1)
    emu.current.control.clock.advance(120)
    succeeded(
      await call(emu.current, inferenceOperation, { action: "stop", serving_id: stopped, confirm: true }, profile),
    )
    emu.current.control.clock.advance(60)
    const r = failed(await exec({ job_id: stopped, command: "true" }))
    expect(r.reason).toBe("InvalidInput")
    expect(r.message).toMatch(/^Serving exec-sv-stopped is not running \(STOPPED\)/)
    expect(r.hint).toContain('inspire_inference(action="detail"')
  }, 60_000)

  it("sends a notebook's id to notebook exec", async () => {
    const f = failed(await exec({ job_id: "0b7f4c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e", command: "true" }))
    expect(f.reason).toBe("InvalidInput")
    expect(f.message).toContain("is a notebook")
    expect(f.hint).toMatch(/notebook.exec/)
  })
})
