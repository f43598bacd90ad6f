import { beforeEach, describe, expect, it } from "vitest"
import { inferenceOperation } from "../../src/operations/inference/index.js"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { submitOperation } from "../../src/operations/submit.js"
import { submitHpcOperation } from "../../src/operations/submit-hpc.js"
import { hpcInput, syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, succeeded, trainingSpaceProfile } from "./harness.js"

// A create to a compute group that cannot start it now is warned about before it is sent (and in its dry
// run), naming where in the workspace it could start now; a group with room says nothing.

const emu = useEmulator()
type State = ReturnType<typeof emu.current.control.state>

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

const TRAINING = "分布式训练空间"

const state = () => emu.current.control.state() as State
const groupOf = (name: string, workspace = TRAINING) => {
  const ws = state().workspaces.find((w) => w.name === workspace)
  const g = state().groups.find((x) => x.workspaceId === ws?.id && x.name === name)
  if (g === undefined) throw new Error(`no group ${name}`)
  return g
}
const specOf = (group: string, type: string, gpus: number) => {
  const id = groupOf(group).id
  const s = state().specs.find(
    (x) => x.type === `SCHEDULE_CONFIG_TYPE_${type}` && x.lcgIds.includes(id) && x.gpuCount === gpus,
  )
  if (s === undefined) throw new Error(`no ${type} spec of ${gpus} GPUs in ${group}`)
  return s
}

/** Another tenant's priority-6 work (never pre-empted) takes every GPU, core and GiB left on the group's nodes. */
const fill = (group: string, workspace = TRAINING) => {
  const s = state()
  const g = groupOf(group, workspace)
  const used = new Map<string, { gpus: number; cpus: number; memGib: number }>()
  const hold = (node: string, gpus: number, cpus: number, memGib: number) => {
    const u = used.get(node) ?? { gpus: 0, cpus: 0, memGib: 0 }
    used.set(node, { gpus: u.gpus + gpus, cpus: u.cpus + cpus, memGib: u.memGib + memGib })
  }
  for (const f of s.foreign) for (const x of f.slots) hold(x.node, x.gpus, x.cpus, x.memGib)
  for (const t of s.tasks) {
    const spec = s.specs.find((x) => x.id === t.specId)
    for (const a of t.alloc) hold(a.node, a.gpus, spec?.cpuCount ?? 0, spec?.memGib ?? 0)
  }
  const slots = s.nodes
    .filter((n) => n.lcgId === g.id)
    .map((n) => {
      const u = used.get(n.name) ?? { gpus: 0, cpus: 0, memGib: 0 }
      const left = (total: number, taken: number) => Math.max(0, total - taken)
      return {
        node: n.name,
        gpus: left(n.gpuTotal, u.gpus),
        cpus: left(n.cpuTotal, u.cpus),
        memGib: left(n.memGib, u.memGib),
      }
    })
  s.foreign.push({
    id: `job-fill-${g.id}`,
    name: `fill-${group}`,
    kind: "train",
    priority: 6,
    workspaceId: g.workspaceId,
    lcgId: g.id,
    projectId: s.projects[0]?.id ?? "",
    projectName: "other",
    userId: "someone-else",
    userName: "someone-else",
    createdAt: emu.current.control.clock.now(),
    gpuUsageRate: 0.9,
    slots,
  })
}

const submit = (name: string, group: string, gpus: number, extra: Record<string, unknown> = {}) => {
  const t = trainingInput(emu.current, name)
  return {
    name,
    command: "python train.py",
    workspace: TRAINING,
    project: t.projectId,
    compute_group: group,
    spec: specOf(group, "TRAIN", gpus).id,
    image: t.image,
    priority: 6,
    ...extra,
  }
}

const surfaces = () => ({ ...emu.current.control.requests().bySurface })
// Requests per surface since `before`.
const since = (before: Record<string, number>): Record<string, number> =>
  Object.fromEntries(
    Object.entries(surfaces())
      .filter(([k, v]) => v !== (before[k] ?? 0))
      .map(([k, v]) => [k, v - (before[k] ?? 0)]),
  )

describe("placement before a create", () => {
  it("a submit to a full group warns and names the group where it starts now; the dry run says it too", async () => {
    fill("H100")
    const h200 = specOf("H200", "TRAIN", 8).name
    const dry = succeeded(await call(emu.current, submitOperation, submit("full-dry", "H100", 8, { dry_run: true })))
    const warning = dry.result.warnings.find((w) => w.startsWith("H100 cannot start it now"))
    expect(warning).toBeDefined()
    expect(warning).toContain(`Another group of ${TRAINING} could start it now: H200 (${h200});`)
    // The group without a free node is not named.
    expect(warning).not.toContain("H200-3号机房")
    expect(warning).toContain(`inspire_availability(workspace="${TRAINING}", gpus=8, priority=6)`)
    expect(dry.text).toContain("warning: H100 cannot start it now")
    // Sent all the same: the warning never blocks.
    const made = succeeded(await call(emu.current, submitOperation, submit("full-run", "H100", 8)))
    expect(made.result.jobId).toMatch(/^job-/)
    expect(made.result.warnings).toContainEqual(expect.stringContaining(`could start it now: H200 (${h200})`))
  })

  it("says when no group of the workspace can start it now", async () => {
    for (const g of ["H100", "H200", "H200-3号机房"]) fill(g)
    // At priority 3 nothing is pre-empted: H200's low-priority work holds its last GPUs.
    const r = succeeded(
      await call(emu.current, submitOperation, submit("none-dry", "H100", 8, { dry_run: true, priority: 3 })),
    )
    expect(r.result.warnings).toContainEqual(
      expect.stringMatching(
        new RegExp(`^H100 cannot start it now \\(.*\\), and no other group of ${TRAINING} can start it now either`),
      ),
    )
  })

  it("a group with room says nothing; the check reads what availability reads, once", async () => {
    const profile = profileFor(emu.current)
    const input = submit("fits", "H100", 8, { dry_run: true })
    const first = succeeded(await call(emu.current, submitOperation, input, profile))
    expect(first.result.warnings.filter((w) => /start it now|Could not check/.test(w))).toEqual([])
    // Once the groups and specs are kept, a submit reads anew only the nodes and the queued jobs.
    const before = surfaces()
    succeeded(await call(emu.current, submitOperation, input, profile))
    const added = since(before)
    expect([added["v2:workspace.ListNodeDimension"], added["v2:train.ListJobs"]]).toEqual([1, 1])
    expect([added["v2:workspace.GetBasicInfo"], added["v2:user.GetUserDetail"]]).toEqual([undefined, undefined])
    // auto reads the nodes to choose the group: that reading answers, nothing is read again.
    const mid = surfaces()
    const auto = { ...input, compute_group: "auto", spec: specOf("H100", "TRAIN", 8).name }
    succeeded(await call(emu.current, submitOperation, auto, profile))
    expect(since(mid)["v2:workspace.ListNodeDimension"]).toBe(1)
  })

  it("a node listing that fails is said, and the create goes on", async () => {
    fill("H100")
    emu.current.control.faults.set({
      surfaces: {
        "v2:workspace.ListNodeDimension": "AccessForbidden",
        "v1:POST /api/v1/cluster_metric/list_node_dimension": "AccessForbidden",
      },
    })
    const r = succeeded(await call(emu.current, submitOperation, submit("unread", "H100", 8, { dry_run: true })))
    expect(r.result.warnings).toContainEqual(expect.stringMatching(/^Could not check whether H100 can start it now: /))
  })

  it("an HPC submit and a serving's dry run warn the same way", async () => {
    fill("高性能计算", "高性能计算")
    const h = hpcInput(emu.current, "hpc-full")
    const hpc = succeeded(
      await call(emu.current, submitHpcOperation, {
        name: "hpc-full",
        entrypoint: "srun python preprocess.py",
        workspace: "高性能计算",
        compute_group: h.groupId,
        spec: h.specId,
        project: "具身智能基础模型",
        image: h.image,
        priority: 6,
        dry_run: true,
      }),
    )
    expect(hpc.result.warnings).toContainEqual(expect.stringMatching(/^高性能计算 cannot start it now/))
    fill("H100")
    const model = state().models.find((m) => m.name === "qwen2.5-7b-instruct")
    const serving = succeeded(
      await call(
        emu.current,
        inferenceOperation,
        {
          action: "create",
          name: "chat-full",
          model_id: model?.id,
          model_version: 2,
          image: "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4",
          command: "python -m vllm.entrypoints.openai.api_server --port 2400",
          compute_group: "H100",
          spec: specOf("H100", "SERVING", 1).id,
          priority: 6,
          dry_run: true,
        },
        trainingSpaceProfile(emu.current),
      ),
    )
    expect("warnings" in serving.result ? serving.result.warnings : []).toContainEqual(
      expect.stringContaining("H100 cannot start it now"),
    )
  })

  it("notebook create warns the same way", async () => {
    fill("H100")
    const r = succeeded(
      await call(
        emu.current,
        notebookOperation,
        {
          action: "create",
          name: "nb-full",
          compute_group: "H100",
          spec: specOf("H100", "DSW", 1).id,
          image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
          priority: 6,
          dry_run: true,
        },
        trainingSpaceProfile(emu.current),
      ),
    )
    expect("warnings" in r.result ? r.result.warnings : []).toContainEqual(
      expect.stringContaining("H100 cannot start it now"),
    )
  })
})
