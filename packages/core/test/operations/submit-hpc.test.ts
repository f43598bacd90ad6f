import { beforeEach, describe, expect, it } from "vitest"
import { submitHpcOperation } from "../../src/operations/submit-hpc.js"
import { hpcInput, syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

const emu = useEmulator()

type State = ReturnType<typeof emu.current.control.state>

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

// The fixture's HPC spec of 高性能计算: 16 CPUs, 64 GiB per node.
const base = (name: string, entrypoint = "srun python preprocess.py") => {
  const h = hpcInput(emu.current, name, entrypoint)
  return {
    name,
    entrypoint,
    workspace: "高性能计算",
    compute_group: h.groupId,
    spec: h.specId,
    project: "具身智能基础模型",
    image: h.image,
  }
}

const tasks = () => (emu.current.control.state() as State).tasks

describe("submit_hpc", () => {
  it("creates a Slurm job whose tasks fit the spec", async () => {
    const r = succeeded(
      await call(emu.current, submitHpcOperation, {
        ...base("prep-1"),
        number_of_tasks: 2,
        cpus_per_task: 4,
        memory_per_cpu: "8G",
      }),
    )
    expect(r.result.jobId).toMatch(/^hpc-job-/)
    expect(r.result.consoleUrl).toContain(`/jobs/hpcDetail/${r.result.jobId}`)
    expect(r.result.slurm).toEqual({ numberOfTasks: 2, cpusPerTask: 4, memoryPerCpu: "8G" })
    expect(r.result.priority).toBe(10)
    expect(r.result.findings).toEqual([])
    expect(tasks().map((t) => t.id)).toEqual([r.result.jobId])
    expect(r.result.next.map((n) => n.operation)).toContain("wait")
    expect(r.text).toContain(`HPC job prep-1 submitted: ${r.result.jobId}`)
    expect(r.text).toContain("2 tasks × 4 CPUs × 8G per CPU")
  })

  it("dry run shows the body with defaults filled from the spec and defaultPriority", async () => {
    const profile = profileFor(emu.current, { INSPIRE_DEFAULT_PRIORITY: "2" })
    const r = succeeded(await call(emu.current, submitHpcOperation, { ...base("prep-dry"), dry_run: true }, profile))
    expect(tasks()).toHaveLength(0)
    expect(r.result.request?.surface).toBe("openapi/v1/hpc_jobs/create")
    expect(r.result.request?.body).toMatchObject({
      name: "prep-dry",
      entrypoint: "srun python preprocess.py",
      number_of_tasks: 1,
      cpus_per_task: 16,
      memory_per_cpu: "4G",
      task_priority: 2,
      instance_count: 1,
    })
    expect(r.result.warnings).toContain("cpus_per_task not given: using 16.")
    expect(r.text).toContain("Dry run: HPC job prep-dry was not created.")
  })

  it("refuses a Slurm layer larger than the node layer, with the numbers", async () => {
    const wide = failed(
      await call(emu.current, submitHpcOperation, { ...base("big"), number_of_tasks: 8, cpus_per_task: 4 }),
    )
    expect(wide.message).toContain("8 tasks × 4 CPUs = 32 > 1 node × 16 CPUs")
    expect(wide.message).toContain("queue it forever")
    const fat = failed(
      await call(emu.current, submitHpcOperation, { ...base("fat"), cpus_per_task: 8, memory_per_cpu: "16G" }),
    )
    expect(fat.message).toContain("one task needs 8 × 16 = 128 GiB > 64 GiB per node")
    const ok = succeeded(
      await call(emu.current, submitHpcOperation, {
        ...base("two-nodes"),
        instance_count: 2,
        number_of_tasks: 8,
        cpus_per_task: 4,
        dry_run: true,
      }),
    )
    expect(ok.result.instanceCount).toBe(2)
    const mb = failed(await call(emu.current, submitHpcOperation, { ...base("mb"), memory_per_cpu: "512M" }))
    expect(mb.message).toContain('memory_per_cpu "512M" is not a whole number of GiB')
    expect(tasks()).toHaveLength(0)
  })

  it("enforces the HPC body rules: no #!, no #SBATCH, srun, offline network", async () => {
    const shebang = failed(await call(emu.current, submitHpcOperation, base("sh", "#!/bin/bash\nsrun hostname")))
    expect(shebang.message).toContain("`#!` line")
    const sbatch = failed(await call(emu.current, submitHpcOperation, base("sb", "#SBATCH -n 4\nsrun hostname")))
    expect(sbatch.message).toContain("#SBATCH -n 4")
    expect(sbatch.hint).toContain("number_of_tasks")
    const noSrun = succeeded(
      await call(emu.current, submitHpcOperation, { ...base("nosrun", "python run.py"), dry_run: true }),
    )
    expect(noSrun.result.findings.map((f) => f.rule)).toContain("hpc-no-srun")
    expect(noSrun.text).toContain("warning: The work is not launched with `srun`")
    const net = failed(await call(emu.current, submitHpcOperation, base("net", "srun wget http://x/y")))
    expect(net.hint).toContain("allow_network_commands")
    const allowed = succeeded(
      await call(emu.current, submitHpcOperation, {
        ...base("net", "srun wget http://x/y"),
        allow_network_commands: true,
        dry_run: true,
      }),
    )
    expect(allowed.result.findings.find((f) => f.rule === "offline-network")?.level).toBe("warning")
    expect(tasks()).toHaveLength(0)
  })

  it("warns about an image without slurm and refuses a training spec", async () => {
    const image = trainingInput(emu.current, "x").image
    const r = succeeded(await call(emu.current, submitHpcOperation, { ...base("img"), image, dry_run: true }))
    expect(r.result.findings.map((f) => f.rule)).toContain("hpc-image-slurm")
    expect(r.text).toContain("does not look like a Slurm image")
    const training = trainingInput(emu.current, "x").specId
    const e = failed(await call(emu.current, submitHpcOperation, { ...base("spec"), spec: training }))
    expect(e.message).toContain(`Spec "${training}" cannot be used`)
    expect((e.candidates as Array<{ cpuCount: number }>).map((c) => c.cpuCount)).toEqual([16, 32, 55])
    expect(e.hint).toContain("MEM GiB")
  })

  it("refuses a priority above the cap", async () => {
    const e = failed(
      await call(emu.current, submitHpcOperation, { ...base("prio"), project: "视觉语言对齐", priority: 5 }),
    )
    expect(e.message).toContain("cap of 4")
  })
})
