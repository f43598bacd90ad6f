import { Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { createTrainingJob } from "../../src/api/jobs/index.js"
import { availabilityOperation } from "../../src/operations/availability/index.js"
import { inferenceOperation } from "../../src/operations/inference/index.js"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { submitOperation } from "../../src/operations/submit.js"
import { submitHpcOperation } from "../../src/operations/submit-hpc.js"
import { hpcInput, syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, h100SpecId, succeeded, trainingSpaceProfile } from "./harness.js"

// compute_group "auto": the group the fit ranks first, said in a warning, for every create.

const emu = useEmulator()
type State = ReturnType<typeof emu.current.control.state>

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

const WHOLE = "整节点任务空间"
const H100_8 = "8*H100 160核 1800GiB"

const wholeSubmit = (name: string, extra: Record<string, unknown> = {}) => {
  const s = emu.current.control.state() as State
  const ws = s.workspaces.find((w) => w.name === WHOLE)
  const project = s.projects.find((p) => p.spaceIds.includes(ws?.id ?? ""))
  return {
    name,
    command: "python train.py",
    workspace: WHOLE,
    project: project?.id,
    compute_group: "auto",
    spec: H100_8,
    image: trainingInput(emu.current, name).image,
    ...extra,
  }
}

// Notebook and serving results are unions over their actions; a create's carries warnings.
const warningsOf = (r: object): ReadonlyArray<string> => ("warnings" in r ? (r.warnings as string[]) : [])

const groupName = (id: string | undefined) =>
  (emu.current.control.state() as State).groups.find((g) => g.id === id)?.name

describe("compute_group auto", () => {
  it("submit picks the group availability ranks first, says why, and the job starts there", async () => {
    const fit = succeeded(await call(emu.current, availabilityOperation, { workspace: WHOLE, spec: H100_8 }))
    const first = fit.result.fit?.ranked[0]
    expect(first?.computeGroup.name).toBe("H100-整节点")
    const dry = succeeded(await call(emu.current, submitOperation, wholeSubmit("auto-dry", { dry_run: true })))
    expect(dry.result.computeGroup.name).toBe("H100-整节点")
    expect(dry.result.warnings).toContainEqual(
      expect.stringMatching(
        /^compute_group="auto": picked H100-整节点 \(ranked first of 2\): 1 instance of 8 GPUs fit now/,
      ),
    )
    const made = succeeded(await call(emu.current, submitOperation, wholeSubmit("auto-run")))
    emu.current.control.clock.advance(5)
    const task = (emu.current.control.state() as State).tasks.find((t) => t.id === made.result.jobId)
    expect(groupName(task?.lcgId)).toBe("H100-整节点")
    // Placed at once, never queued (the clock runs on from the submit).
    expect(task?.alloc).toHaveLength(1)
    expect(task?.events.map((e) => e.reason)).not.toContain("Unschedulable")
  })

  it("warns before sending when no group can start it now, and sends it anyway", async () => {
    const r = succeeded(
      await call(emu.current, submitOperation, wholeSubmit("auto-queue", { instance_count: 3, priority: 3 })),
    )
    expect(r.result.jobId).toMatch(/^job-/)
    expect(r.result.warnings).toContainEqual(
      expect.stringContaining(`No compute group of ${WHOLE} can start it now: it will queue in`),
    )
  })

  it("refuses an instance no group can ever hold, and auto without a spec", async () => {
    const never = failed(await call(emu.current, submitOperation, wholeSubmit("auto-never", { instance_count: 9 })))
    expect(never.reason).toBe("InvalidInput")
    expect(never.message).toContain("can ever run 9")
    const bare = failed(await call(emu.current, submitOperation, wholeSubmit("auto-bare", { spec: undefined })))
    expect(bare.message).toContain("needs a spec")
  })

  it("notebook create, serving create and hpc submit take auto too, in their dry runs", async () => {
    const profile = trainingSpaceProfile(emu.current)
    const nb = succeeded(
      await call(
        emu.current,
        notebookOperation,
        {
          action: "create",
          name: "auto-nb",
          compute_group: "auto",
          spec: h100SpecId(emu.current, "DSW"),
          image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
          dry_run: true,
        },
        profile,
      ),
    )
    expect(JSON.stringify(nb.result)).toContain('"H100"')
    expect(warningsOf(nb.result)).toContainEqual(expect.stringContaining("picked H100"))
    const model = emu.current.control.state().models.find((m) => m.name === "qwen2.5-7b-instruct")
    const sv = succeeded(
      await call(
        emu.current,
        inferenceOperation,
        {
          action: "create",
          name: "auto-chat",
          model_id: model?.id,
          model_version: 2,
          image: "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4",
          command: "python -m vllm.entrypoints.openai.api_server --port 2400",
          compute_group: "auto",
          spec: h100SpecId(emu.current, "SERVING"),
          dry_run: true,
        },
        profile,
      ),
    )
    expect(warningsOf(sv.result)).toContainEqual(expect.stringContaining("picked H100"))
    const h = hpcInput(emu.current, "auto-hpc")
    const hpc = succeeded(
      await call(emu.current, submitHpcOperation, {
        name: "auto-hpc",
        entrypoint: "srun python preprocess.py",
        workspace: "高性能计算",
        compute_group: "auto",
        spec: h.specId,
        project: "具身智能基础模型",
        image: h.image,
        dry_run: true,
      }),
    )
    expect(hpc.result.computeGroup.id).toBe(h.groupId)
    expect(hpc.result.warnings).toContainEqual(expect.stringContaining("picked 高性能计算"))
  })
})

describe("compute_group auto without a workspace in the call", () => {
  const nodeListings = () =>
    Object.entries(emu.current.control.requests().bySurface)
      .filter(([k]) => /ListNodeDimension|list_node_dimension/.test(k))
      .reduce((n, [, v]) => n + v, 0)

  it("searches every workspace of the project, reads nodes only where the spec is offered, and says what it chose", async () => {
    const everywhere = succeeded(await call(emu.current, availabilityOperation, { spec: H100_8, instances: 2 }))
    const best = everywhere.result.fit?.ranked[0]
    // Two whole free nodes: only 分布式训练空间's H100 group has them.
    expect([best?.workspace.name, best?.computeGroup.name, best?.verdict]).toEqual(["分布式训练空间", "H100", "now"])
    const before = nodeListings()
    const { workspace: _w, ...anywhere } = wholeSubmit("auto-anywhere", { instance_count: 2, dry_run: true })
    const r = succeeded(await call(emu.current, submitOperation, anywhere, profileFor(emu.current)))
    expect(r.result.computeGroup.name).toBe("H100")
    expect(r.result.warnings[0]).toMatch(
      /^compute_group="auto": picked H100 in 分布式训练空间, searched \d+ workspaces \(no workspace named: every enabled workspace of 具身智能基础模型\) \(ranked first of 4\): 2 instances of 8 GPUs fit now/,
    )
    // The three workspaces whose groups offer the spec, not all ten enabled ones.
    expect(nodeListings() - before).toBe(3)
  })

  it("a default workspace is not a named one: the search still goes wide; a named workspace keeps it narrow", async () => {
    // Our own job takes the free node of the default workspace's H200 group: there, an 8-GPU H200 instance now
    // only starts by pre-empting, while 整节点任务空间's H200 group has a free node.
    const s = emu.current.control.state() as State
    const training = s.workspaces.find((w) => w.name === "分布式训练空间")
    const h200 = s.groups.find((g) => g.workspaceId === training?.id && g.name === "H200")
    const spec8 = s.specs.find(
      (x) => x.lcgIds.includes(h200?.id ?? "") && x.gpuCount === 8 && x.type === "SCHEDULE_CONFIG_TYPE_TRAIN",
    )
    const base = trainingInput(emu.current, "hold-h200", "python train.py #emu:duration=100000")
    const held = await profileFor(emu.current).run(
      createTrainingJob({ ...base, groupId: h200?.id ?? "", specId: spec8?.id ?? "", priority: 6 }),
    )
    expect(Exit.isSuccess(held)).toBe(true)
    emu.current.control.clock.advance(10)
    const profile = trainingSpaceProfile(emu.current)
    const input = wholeSubmit("auto-default", { spec: "8*H200 160核 1800GiB", dry_run: true })
    const { workspace: _w, ...unnamed } = input
    const wide = succeeded(await call(emu.current, submitOperation, unnamed, profile))
    expect(wide.result.computeGroup.name).toBe("H200-整节点")
    expect(wide.result.warnings[0]).toMatch(
      /^compute_group="auto": picked H200-整节点 in 整节点任务空间, searched \d+ workspaces/,
    )
    const named = succeeded(
      await call(emu.current, submitOperation, { ...unnamed, workspace: "分布式训练空间" }, profile),
    )
    expect(named.result.computeGroup.name).toBe("H200")
    expect(named.result.warnings[0]).not.toMatch(/searched/)
    expect(named.result.warnings[1]).toBe("It starts in H200 only by pre-empting low-priority work.")
  })
})
