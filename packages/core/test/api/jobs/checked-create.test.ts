import { Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import {
  checkHpcJob,
  checkTrainingJob,
  sendHpcJob,
  sendTrainingJob,
  withImageType,
} from "../../../src/api/jobs/index.js"
import { renderWords } from "../../../src/words/render.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { hpcInput, syncClock, trainingInput } from "./fixture.js"

const emu = useEmulator()

const ok = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
}

beforeEach(() => {
  emu.current.control.reset()
  emu.current.control.faults.reset()
  syncClock(emu.current)
})

// Never called: the compiler (`typecheck`) is the test. A sender takes only what a check made, so a
// create cannot be sent unchecked, and a caller that checked first has nothing to check again.
const uncheckedCannotBeSent = () => {
  const training = trainingInput(emu.current, "unchecked")
  // @ts-expect-error a raw create input is not a checked create
  sendTrainingJob(training)
  // @ts-expect-error nor is an object shaped like one
  sendTrainingJob({ input: training, name: training.name, image: training.image, warnings: [] })
  // @ts-expect-error a raw HPC input is not a checked create either
  sendHpcJob(hpcInput(emu.current, "unchecked"))
}

describe("checked creates", () => {
  it("are the only thing a sender takes (the compiler checks the lines marked @ts-expect-error)", () => {
    expect(uncheckedCannotBeSent).toBeTypeOf("function")
  })

  it("carry every warning of the checks, shared memory included, and the send reports those, not new ones", async () => {
    const h = profileFor(emu.current)
    const input = { ...trainingInput(emu.current, "shm-once"), instanceCount: 2, shmGi: 8, memoryGi: 4, priority: 2 }
    const checked = ok(await h.run(checkTrainingJob(input)))
    const said = checked.warnings.map((w) => renderWords(w, "library"))
    expect(said.filter((w) => w.startsWith("shm is 8 GiB for a job of 2 nodes"))).toHaveLength(1)
    expect(said.filter((w) => w.includes("larger than the spec's memory"))).toHaveLength(1)
    expect(said.filter((w) => w.includes("pre-emptible"))).toHaveLength(1)
    const created = ok(await h.run(sendTrainingJob(withImageType(checked, "SOURCE_PRIVATE"))))
    expect(created.jobId).toMatch(/^job-/)
    expect(created.warnings).toBe(checked.warnings)
  })

  it("refuse what the bare create refuses, before anything is sent", async () => {
    const h = profileFor(emu.current)
    expect(Exit.isFailure(await h.run(checkTrainingJob({ ...trainingInput(emu.current, "x"), shmGi: 0 })))).toBe(true)
    const sbatch = hpcInput(emu.current, "sbatch", "#SBATCH -n 4\nsrun hostname")
    expect(Exit.isFailure(await h.run(checkHpcJob(sbatch)))).toBe(true)
    expect(emu.current.control.state().tasks).toHaveLength(0)
  })
})
