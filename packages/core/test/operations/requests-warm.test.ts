import { beforeEach, describe, expect, it } from "vitest"
import { registerImage } from "../../src/api/images/platform.js"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { submitOperation } from "../../src/operations/submit.js"
import { submitHpcOperation } from "../../src/operations/submit-hpc.js"
import { submitRayOperation } from "../../src/operations/submit-ray.js"
import { hpcInput, rayPlace, syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, h100SpecId, succeeded } from "./harness.js"

// What a warm create (its discovery and image list kept by an earlier call) asks the platform, counted
// in the emulator's request log: under the gateway's burst of 3 every request past the third waits.

const emu = useEmulator()
const IMAGE_LIST = "v1:POST /api/v1/image/list"

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

const surfaces = () => ({ ...emu.current.control.requests().bySurface })
/** The API requests (V1, V2, OpenAPI) per surface made by `run`. */
const counted = async (run: () => Promise<unknown>): Promise<Record<string, number>> => {
  const before = surfaces()
  await run()
  return Object.fromEntries(
    Object.entries(surfaces())
      .filter(([k, v]) => /^(v1|v2|oa):/.test(k) && v !== (before[k] ?? 0))
      .map(([k, v]) => [k, v - (before[k] ?? 0)]),
  )
}
const total = (n: Record<string, number>) => Object.values(n).reduce((a, b) => a + b, 0)

const submit = (name: string) => {
  const t = trainingInput(emu.current, name, "python train.py #emu:idle")
  const input = { name, command: t.command, workspace: "分布式训练空间", project: t.projectId }
  return { ...input, compute_group: "H100", spec: t.specId, image: t.image }
}
const hpcSubmit = (name: string) => {
  const h = hpcInput(emu.current, name, "srun hostname #emu:idle")
  const input = { name, entrypoint: h.entrypoint, workspace: "高性能计算", project: h.projectId }
  return { ...input, spec: h.specId, image: h.image }
}
const notebook = (name: string, image = trainingInput(emu.current, "nb").image) => ({
  action: "create",
  name,
  workspace: "分布式训练空间",
  project: trainingInput(emu.current, "nb").projectId,
  compute_group: "H100",
  spec: h100SpecId(emu.current, "DSW"),
  image,
})

/** A ready image registered in 分布式训练空间 now, after the earlier calls kept the list. */
const registerFresh = async (profile: ReturnType<typeof profileFor>, name: string): Promise<string> => {
  const ws = trainingInput(emu.current, "x").workspaceId
  const slot = registerImage({ name, version: "v1", workspaceId: ws, addMethod: 0, visibility: "VISIBILITY_PRIVATE" })
  const exit = await profile.run(slot)
  const registered = succeeded(exit)
  emu.current.control.harborPush("qb", name, "v1")
  return registered.address
}

describe("requests of a warm create", () => {
  it("a training submit makes 3: the placement check's two reads and the create, its status and queue known", async () => {
    const profile = profileFor(emu.current)
    succeeded(await call(emu.current, submitOperation, submit("warm-a"), profile))
    let result: { status?: string | undefined; queue?: unknown } = {}
    const n = await counted(async () => {
      result = succeeded(await call(emu.current, submitOperation, submit("warm-b"), profile)).result
    })
    expect(n).toEqual({
      "v2:workspace.ListNodeDimension": 1,
      "v2:train.ListJobs": 1,
      "oa:/openapi/v1/train_job/create": 1,
    })
    expect(result.status).toBe("waiting")
    expect(result.queue).toMatchObject({ ahead: expect.any(Number) })
  })

  it("an HPC submit makes 3", async () => {
    const profile = profileFor(emu.current)
    succeeded(await call(emu.current, submitHpcOperation, hpcSubmit("hpc-a"), profile))
    const n = await counted(async () =>
      succeeded(await call(emu.current, submitHpcOperation, hpcSubmit("hpc-b"), profile)),
    )
    expect(n["oa:/openapi/v1/hpc_jobs/create"]).toBe(1)
    expect(n[IMAGE_LIST]).toBeUndefined()
    expect(n["oa:/openapi/v1/hpc_jobs/detail"]).toBeUndefined()
    expect(total(n)).toBe(3)
  })

  it("a Ray submit reads neither the image list nor the job back", async () => {
    const profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "CI-情境智能" })
    const p = rayPlace(emu.current)
    const ray = (name: string) => ({
      name,
      entrypoint: "python tune.py #emu:idle",
      compute_group: "CPU资源-2",
      spec: p.raySpec,
      image: p.image.address,
      worker: ["cpu:2-4"],
    })
    succeeded(await call(emu.current, submitRayOperation, ray("ray-a"), profile))
    const n = await counted(async () => succeeded(await call(emu.current, submitRayOperation, ray("ray-b"), profile)))
    // The group's Ray specs are not among the kept discovery: listed for each submit.
    expect(n).toEqual({
      "v1:POST /api/v1/resource_prices/logic_compute_groups/": 1,
      "v1:POST /api/v1/ray_job/create": 1,
    })
  })

  it("a notebook create makes 4: placement, the same-name look-up (no marker) and the create, no read-back", async () => {
    const profile = profileFor(emu.current)
    succeeded(await call(emu.current, notebookOperation, notebook("nb-a"), profile))
    const n = await counted(async () =>
      succeeded(await call(emu.current, notebookOperation, notebook("nb-b"), profile)),
    )
    expect(n[IMAGE_LIST]).toBeUndefined()
    expect(n["v2:notebook.GetNotebook"]).toBeUndefined()
    expect(n["v2:notebook.ListNotebooks"]).toBe(1)
    expect(n["v2:notebook.CreateNotebook"]).toBe(1)
    expect(total(n)).toBe(4)
  })
})

describe("the kept image list", () => {
  it("takes an image registered after it was kept: one fresh listing, then created", async () => {
    const profile = profileFor(emu.current)
    succeeded(await call(emu.current, notebookOperation, notebook("nb-first"), profile))
    const address = await registerFresh(profile, "just-registered")
    let result: unknown
    const n = await counted(async () => {
      result = succeeded(await call(emu.current, notebookOperation, notebook("nb-fresh", address), profile)).result
    })
    expect(n[IMAGE_LIST]).toBe(1)
    expect(n["v2:notebook.CreateNotebook"]).toBe(1)
    expect(result).toMatchObject({ action: "create", dryRun: false, notebookId: expect.any(String) })
    // A training submit after it finds the image in the list just kept: no listing, no warning.
    let job: { warnings?: ReadonlyArray<string> } = {}
    const m = await counted(async () => {
      job = succeeded(
        await call(emu.current, submitOperation, { ...submit("fresh-job"), image: address }, profile),
      ).result
    })
    expect(m[IMAGE_LIST]).toBeUndefined()
    expect(JSON.stringify(job.warnings)).not.toContain("not registered")
  })

  it("still refuses an unknown image, after one fresh listing, and nothing is created", async () => {
    const profile = profileFor(emu.current)
    succeeded(await call(emu.current, notebookOperation, notebook("nb-kept"), profile))
    const unknown = "docker.sii.shaipower.online/inspire-studio/no-such-image:v9"
    let error: ReturnType<typeof failed> | undefined
    const n = await counted(async () => {
      error = failed(await call(emu.current, notebookOperation, notebook("nb-unknown", unknown), profile))
    })
    expect(error?.reason).toBe("InvalidInput")
    expect(error?.message).toContain("no-such-image")
    expect(error?.hint).toContain("images")
    expect(n).toEqual({ [IMAGE_LIST]: 1 })
    // A training submit lists the images again too; the platform refuses the create.
    let jobError: ReturnType<typeof failed> | undefined
    const m = await counted(async () => {
      jobError = failed(await call(emu.current, submitOperation, { ...submit("unknown-job"), image: unknown }, profile))
    })
    expect(m[IMAGE_LIST]).toBe(1)
    expect(jobError?.message).toContain("no-such-image")
  })
})
