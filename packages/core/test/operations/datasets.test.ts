import { beforeAll, describe, expect, it } from "vitest"
import { jobDetailOperation } from "../../src/operations/job-detail/index.js"
import { resubmitOperation } from "../../src/operations/resubmit.js"
import { submitOperation } from "../../src/operations/submit.js"
import { submitHpcOperation } from "../../src/operations/submit-hpc.js"
import { hpcInput, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform } from "./tasks-fixture.js"

// Jobs mount datasets named `ID` (the latest version) or `ID:VERSION`, checked by the platform before
// anything is created; the detail shows them and a resubmit carries them.

const emu = useEmulator()
let profile: ReturnType<typeof profileFor>

const training = (name: string) => {
  const t = trainingInput(emu.current, name, "python train.py")
  return {
    name,
    command: "python train.py",
    workspace: t.workspaceId,
    project: t.projectId,
    compute_group: t.groupId,
    spec: t.specId,
    image: t.image,
  }
}
const dataset = (name: string) => {
  const d = emu.current.control.state().datasets.find((x) => x.name === name)
  if (d === undefined) throw new Error(`no dataset ${name}`)
  return d
}
const creates = () => emu.current.control.requests().log.filter((q) => q.write && /create/i.test(q.surface))
const taskNamed = (name: string) => emu.current.control.state().tasks.find((t) => t.name === name)

beforeAll(() => {
  freshPlatform(emu.current)
  profile = profileFor(emu.current)
})

describe("datasets on a submit", () => {
  it("mounts the latest version of a dataset named by id, shows it in the detail, and a resubmit keeps it", async () => {
    const e = emu.current
    const episodes = dataset("robot-manipulation-episodes")
    const latest = episodes.versions.at(-1)?.id ?? ""
    const dry = succeeded(
      await call(e, submitOperation, { ...training("mnt-dry"), dataset: [episodes.id], dry_run: true }, profile),
    )
    expect(JSON.stringify(dry.result)).toContain(`"dataset_id":"${episodes.id}","version_id":"${latest}"`)
    const r = succeeded(await call(e, submitOperation, { ...training("mnt-1"), dataset: [episodes.id] }, profile))
    const detail = succeeded(await call(e, jobDetailOperation, { job_id: r.result.jobId }, profile))
    expect(detail.result.datasets?.[0]).toMatch(new RegExp(`^${episodes.id}:${latest} → `))
    expect(detail.text).toContain("Datasets")
    const again = succeeded(await call(e, resubmitOperation, { job_id: r.result.jobId }, profile))
    expect(again.result.jobId).toBeDefined()
    expect(JSON.stringify(taskNamed("mnt-1-r1")?.extra ?? {})).toContain(episodes.id)
  }, 60_000)

  it("refuses an unknown dataset, an unknown version and a malformed one before any create", async () => {
    const e = emu.current
    const coco = dataset("coco-2017")
    e.control.clearRequests()
    const unknown = failed(await call(e, submitOperation, { ...training("mnt-x"), dataset: ["dataset-nope"] }, profile))
    expect(unknown.reason).toBe("InvalidInput")
    expect(unknown.message).toContain("not there")
    expect(unknown.message).toContain("dataset-nope")
    expect(unknown.message).not.toMatch(/api\/v1|code 2000/)
    const version = failed(
      await call(e, submitOperation, { ...training("mnt-y"), dataset: [`${coco.id}:v9`] }, profile),
    )
    expect(version.message).toContain("no such version")
    const malformed = failed(await call(e, submitOperation, { ...training("mnt-z"), dataset: ["a:b:c"] }, profile))
    expect(malformed.message).toContain("ID:VERSION")
    expect(creates()).toEqual([])
  }, 60_000)
})

describe("datasets on an HPC submit", () => {
  const hpc = (name: string) => {
    const h = hpcInput(emu.current, name)
    return {
      name,
      entrypoint: "srun python preprocess.py",
      workspace: h.workspaceId,
      project: h.projectId,
      compute_group: h.groupId,
      spec: h.specId,
      image: h.image,
      priority: 3,
    }
  }

  it("go through the console's create, the one that mounts them, created once; a resubmit keeps them", async () => {
    const e = emu.current
    const coco = dataset("coco-2017")
    const plain = succeeded(await call(e, submitHpcOperation, { ...hpc("hd-plain"), dry_run: true }, profile))
    expect(plain.result.request?.surface).toBe("openapi/v1/hpc_jobs/create")
    const dry = succeeded(
      await call(e, submitHpcOperation, { ...hpc("hd-dry"), dataset: [coco.id], dry_run: true }, profile),
    )
    expect(dry.result.request?.surface).toBe("api/v1/hpc_jobs")
    expect(JSON.stringify(dry.result.request?.body)).toContain(`"dataset_info":[{"dataset_id":"${coco.id}"`)
    // The answer is lost after the platform acted: the marker in the script finds the job.
    e.control.faults.set({ answers: { "v1:POST /api/v1/hpc_jobs": { mode: "truncated", rate: 1 } } })
    const r = succeeded(await call(e, submitHpcOperation, { ...hpc("hd-1"), dataset: [coco.id] }, profile))
    e.control.faults.reset()
    expect(r.result.recovered).toBe(true)
    expect(e.control.state().tasks.filter((t) => t.name === "hd-1")).toHaveLength(1)
    const detail = succeeded(await call(e, jobDetailOperation, { job_id: r.result.jobId }, profile))
    expect(detail.result.datasets?.[0]).toMatch(new RegExp(`^${coco.id}:`))
    const again = succeeded(await call(e, resubmitOperation, { job_id: r.result.jobId }, profile))
    expect(again.result.request).toBeUndefined()
    expect(JSON.stringify(taskNamed("hd-1-r1")?.extra ?? {})).toContain(coco.id)
  }, 60_000)
})
