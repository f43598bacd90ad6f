import { beforeAll, describe, expect, it } from "vitest"
import { createTrainingJob } from "../../src/api/jobs/index.js"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import { quietContext } from "../../src/operations/catalogue/operation.js"
import { jobExecOperation } from "../../src/operations/job-exec/index.js"
import { syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

// inspire_job_exec against the emulator's worker PTY: commands really run under /bin/sh on a
// pseudo-terminal in the pod's folder; the exit code comes from the marker printed after the command.

const emu = useEmulator()
let profile: ReturnType<typeof profileFor>
let single: string
let pair: string

const created = async (name: string, instanceCount: number, command = "python train.py #emu:idle") => {
  const exit = await profile.run(createTrainingJob({ ...trainingInput(emu.current, name, command), instanceCount }))
  if (exit._tag !== "Success") throw new Error(`create failed: ${JSON.stringify(exit)}`)
  return exit.value.jobId
}

const exec = (input: Record<string, unknown>) => call(emu.current, jobExecOperation, input, profile)

beforeAll(async () => {
  const e = emu.current
  e.control.reset()
  syncClock(e)
  profile = profileFor(e, { INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间" })
  single = await created("exec-one", 1)
  pair = await created("exec-two", 2)
  e.control.clock.advance(20)
})

describe("job exec", () => {
  it("returns the command's output and its own exit code, stdout and stderr as one stream", async () => {
    const ok = succeeded(await exec({ job_id: single, command: "echo hello; echo oops >&2; printf 'no newline'" }))
    expect(ok.result.pod).toBe(`${single}-worker-0`)
    expect(ok.result.exitCode).toBe(0)
    expect(ok.result.ended).toBe("exited")
    expect(ok.result.output).toBe("hello\noops\nno newline")
    const bad = succeeded(await exec({ job_id: single, command: "echo failing; exit 3" }))
    expect(bad.result.exitCode).toBe(3)
    expect(bad.result.output).toBe("failing\n")
    expect(bad.text).toContain("exit code 3")
  }, 60_000)

  it("streams the output as it comes, before the command ends", async () => {
    const chunks: string[] = []
    let beforeEnd = ""
    const exit = await profile.run(
      invoke(
        jobExecOperation,
        { job_id: single, command: "echo first; while [ ! -e go ]; do sleep 0.1; done; echo second" },
        {
          ...quietContext,
          output: (t) => {
            chunks.push(t)
            // The command waits for a file only this callback makes: the first line came while it ran.
            if (chunks.join("").includes("first") && beforeEnd === "") {
              beforeEnd = chunks.join("")
              void profile.run(invoke(jobExecOperation, { job_id: single, command: "touch go" }))
            }
          },
        },
      ),
    )
    expect(exit._tag).toBe("Success")
    expect(beforeEnd).toContain("first")
    expect(beforeEnd).not.toContain("second")
    expect(chunks.join("")).toBe("first\nsecond\n")
  }, 60_000)

  it("stops a command at its timeout with Ctrl-C and reports 124", async () => {
    const r = succeeded(await exec({ job_id: single, command: "echo started; sleep 30; echo never", timeout: 2 }))
    expect(r.result.exitCode).toBe(124)
    expect(r.result.ended).toBe("timed-out")
    expect(r.result.output).toContain("started")
    expect(r.result.output).not.toContain("never")
  }, 60_000)

  it("runs in the pod named by number or name, and lists the pods when a job of several names none", async () => {
    const none = failed(await exec({ job_id: pair, command: "true" }))
    expect(none.reason).toBe("InvalidInput")
    expect(none.message).toContain(`${pair}-worker-0`)
    expect(none.message).toContain(`${pair}-worker-1`)
    expect(none.hint).toContain("pod")
    const byNumber = succeeded(await exec({ job_id: pair, pod: "1", command: "echo $MY_POD_NAME" }))
    expect(byNumber.result.output).toBe(`${pair}-worker-1\n`)
    const byName = succeeded(await exec({ job_id: pair, pod: `${pair}-worker-0`, command: "echo $MY_POD_NAME" }))
    expect(byName.result.output).toBe(`${pair}-worker-0\n`)
    const unknown = failed(await exec({ job_id: pair, pod: "7", command: "true" }))
    expect(unknown.reason).toBe("InvalidInput")
    expect(unknown.message).toMatch(/no pod 7/)
  }, 60_000)

  it("falls back to /api/v1 when the platform serves the socket there", async () => {
    emu.current.control.rules.set({ workerPty: "v1" })
    try {
      const r = succeeded(await exec({ job_id: single, command: "echo via-v1" }))
      expect(r.result.output).toBe("via-v1\n")
    } finally {
      emu.current.control.rules.reset()
    }
  }, 60_000)

  it("says the connection was cut when the socket drops before the command ends", async () => {
    emu.current.control.faults.set({ terminalSocketDropMs: 500 })
    try {
      const r = failed(await exec({ job_id: single, command: "echo begun; sleep 10" }))
      expect(r.reason).toBe("PlatformError")
      expect(r.message).toMatch(/connection to pod .* was cut/)
      expect(r.hint).toMatch(/nohup/)
    } finally {
      emu.current.control.faults.reset()
    }
  }, 60_000)

  it("plans without connecting on a dry run", async () => {
    const r = succeeded(await exec({ job_id: single, command: "rm -rf x", dry_run: true }))
    expect(r.result.plan?.requests[0]?.surface).toContain("/api/v2/train_job/remote_cmd")
    expect(r.result.output).toBeUndefined()
  }, 60_000)

  it("refuses a finished job with the reason, before any socket", async () => {
    const done = await created("exec-done", 1, "python train.py")
    emu.current.control.clock.advance(400)
    const r = failed(await exec({ job_id: done, command: "true" }))
    expect(r.reason).toBe("InvalidInput")
    expect(r.message).toMatch(/not running/)
    expect(r.hint).toContain("inspire_job_detail")
  }, 60_000)
})
