import { beforeEach, describe, expect, it } from "vitest"
import { availabilityOperation } from "../../src/operations/availability/index.js"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { submitOperation } from "../../src/operations/submit.js"
import { submitHpcOperation } from "../../src/operations/submit-hpc.js"
import { hpcInput, syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, h100SpecId, succeeded } from "./harness.js"

// What an everyday create asks the platform, counted in the emulator's request log: the groups and specs
// that the call (or one of the last minutes) already read are not asked for again.

const emu = useEmulator()

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

const surfaces = () => ({ ...emu.current.control.requests().bySurface })
/** Requests per surface made by `run`. */
const counted = async (run: () => Promise<unknown>): Promise<Record<string, number>> => {
  const before = surfaces()
  await run()
  return Object.fromEntries(
    Object.entries(surfaces())
      .filter(([k, v]) => v !== (before[k] ?? 0))
      .map(([k, v]) => [k, v - (before[k] ?? 0)]),
  )
}

const submit = (name: string, extra: Record<string, unknown> = {}) => {
  const t = trainingInput(emu.current, name, "python train.py #emu:idle")
  return {
    name,
    command: t.command,
    workspace: "分布式训练空间",
    project: t.projectId,
    compute_group: "H100",
    spec: t.specId,
    image: t.image,
    ...extra,
  }
}

const hpcSubmit = (name: string) => {
  const h = hpcInput(emu.current, name, "srun hostname #emu:idle")
  // No group: the workspace's first one, from the kept list.
  return {
    name,
    entrypoint: h.entrypoint,
    workspace: "高性能计算",
    project: h.projectId,
    spec: h.specId,
    image: h.image,
  }
}

const SPEC_READS = ["v2:workspace.GetScheduleConfig", "v1:POST /api/v1/resource_prices/logic_compute_groups/"]
const specReads = (n: Record<string, number>) => SPEC_READS.map((s) => n[s] ?? 0)

describe("requests of an everyday create", () => {
  it("a first submit asks nothing twice: the groups and specs its name and spec need are the placement check's", async () => {
    const n = await counted(async () => succeeded(await call(emu.current, submitOperation, submit("cold-1"))))
    expect(Object.entries(n).filter(([surface, k]) => /^(v1|v2|oa):/.test(surface) && k > 1)).toEqual([])
    expect(n["v2:workspace.GetBasicInfo"]).toBe(1)
    expect(n["v2:workspace.GetScheduleConfig"]).toBe(1)
    // The placement check reads the groups and nodes, not who the user is.
    expect(n["v2:user.GetUserDetail"]).toBeUndefined()
    expect(n["oa:/openapi/v1/train_job/create"]).toBe(1)
  })

  it("a first HPC submit reads each group's HPC specs once", async () => {
    const s = emu.current.control.state()
    const ws = s.workspaces.find((w) => w.name === "高性能计算")
    const hpcGroups = s.groups.filter(
      (g) =>
        g.workspaceId === ws?.id &&
        s.specs.some((x) => x.type === "SCHEDULE_CONFIG_TYPE_HPC" && x.lcgIds.includes(g.id)),
    )
    const n = await counted(async () => succeeded(await call(emu.current, submitHpcOperation, hpcSubmit("hpc-cold"))))
    expect(n["v1:POST /api/v1/resource_prices/logic_compute_groups/"]).toBe(hpcGroups.length)
    expect(n["v2:workspace.GetBasicInfo"]).toBe(1)
    expect(n["oa:/openapi/v1/hpc_jobs/create"]).toBe(1)
  })

  it("availability read cold asks for the workspace's groups, specs and nodes, not for the user", async () => {
    const n = await counted(async () =>
      succeeded(await call(emu.current, availabilityOperation, { workspace: "整节点任务空间" })),
    )
    expect(n["v2:user.GetUserDetail"]).toBeUndefined()
    expect(n["v2:workspace.GetBasicInfo"]).toBe(1)
  })

  it("a submit after another takes its spec from the kept discovery: no spec listing", async () => {
    const profile = profileFor(emu.current)
    succeeded(await call(emu.current, submitOperation, submit("warm-1"), profile))
    const n = await counted(async () => succeeded(await call(emu.current, submitOperation, submit("warm-2"), profile)))
    expect(specReads(n)).toEqual([0, 0])
    expect(n["v2:workspace.GetBasicInfo"]).toBeUndefined()
    expect(n["oa:/openapi/v1/train_job/create"]).toBe(1)
  })

  it("an HPC submit after another reads neither the groups nor the specs again", async () => {
    const profile = profileFor(emu.current)
    succeeded(await call(emu.current, submitHpcOperation, hpcSubmit("hpc-1"), profile))
    const n = await counted(async () =>
      succeeded(await call(emu.current, submitHpcOperation, hpcSubmit("hpc-2"), profile)),
    )
    expect(n["v2:workspace.GetBasicInfo"]).toBeUndefined()
    expect(specReads(n)).toEqual([0, 0])
    expect(n["oa:/openapi/v1/hpc_jobs/create"]).toBe(1)
  })

  it("a notebook create after a submit takes its DSW spec from the kept discovery", async () => {
    const profile = profileFor(emu.current)
    succeeded(await call(emu.current, submitOperation, submit("before-nb"), profile))
    const t = trainingInput(emu.current, "nb")
    const n = await counted(async () =>
      succeeded(
        await call(
          emu.current,
          notebookOperation,
          {
            action: "create",
            name: "nb-warm",
            workspace: "分布式训练空间",
            project: t.projectId,
            compute_group: "H100",
            spec: h100SpecId(emu.current, "DSW"),
            image: t.image,
          },
          profile,
        ),
      ),
    )
    expect(specReads(n)).toEqual([0, 0])
    expect(n["v2:notebook.CreateNotebook"]).toBe(1)
  })

  it("a spec the kept discovery does not hold is refused on a fresh listing, with its candidates", async () => {
    const profile = profileFor(emu.current)
    succeeded(await call(emu.current, submitOperation, submit("kept"), profile))
    let error: ReturnType<typeof failed> | undefined
    const n = await counted(async () => {
      error = failed(await call(emu.current, submitOperation, submit("wrong", { spec: "no-such-spec" }), profile))
    })
    expect(error?.reason).toBe("InvalidInput")
    expect(error?.candidates?.length).toBeGreaterThan(0)
    expect(n["v2:workspace.GetScheduleConfig"]).toBeGreaterThan(0)
    expect(n["oa:/openapi/v1/train_job/create"]).toBeUndefined()
  })
})
