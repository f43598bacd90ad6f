import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, type Json, SLURM_IMAGE, useLoggedInEmulator } from "./helpers.js"

// Node, group and task views are all read from one placement of tasks on nodes (§3.7, §4.4.1, §4.4.2).

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})
const advance = (s: number) => emu.control.clock.advance(s)

const nodesOf = async (ws: string, lcg?: string): Promise<Json[]> =>
  (
    await c.result("workspace", "ListNodeDimension", {
      filter: { workspace_id: f.ws(ws), ...(lcg ? { logic_compute_group_id: f.group(ws, lcg) } : {}) },
    })
  ).node_dimensions

const tasksOf = async (ws: string): Promise<Json[]> =>
  (
    await c.result("workspace", "ListTaskDimension", {
      filter: { workspace_id: f.ws(ws) },
      page_num: 1,
      page_size: 2000,
    })
  ).task_dimensions

/** Each node's GPUs as the task dimension accounts for them (a task's GPUs spread evenly over its nodes). */
const gpusByNode = (tasks: Json[]): Map<string, number> => {
  const out = new Map<string, number>()
  for (const t of tasks) {
    const nodes: string[] = t.nodes_occupied.nodes
    for (const n of nodes) out.set(n, (out.get(n) ?? 0) + t.gpu.used / nodes.length)
  }
  return out
}

const hpc = (lcgName: string, cores: number) => {
  const ws = lcgName === "HPC-可上网区资源-2" ? "CPU资源空间" : "高性能计算"
  const lcg = f.group(ws, lcgName)
  const spec = emu.control
    .state()
    .specs.find((s) => s.lcgIds.includes(lcg) && s.type === "SCHEDULE_CONFIG_TYPE_HPC" && s.cpuCount === cores)
  return {
    name: "hpc",
    workspace_id: f.ws(ws),
    project_id: f.project("embodied-fm"),
    logic_compute_group_id: lcg,
    entrypoint: "srun python a.py #emu:duration=600",
    image: SLURM_IMAGE,
    image_type: "SOURCE_OFFICIAL",
    instance_count: 1,
    spec_id: spec?.id,
    task_priority: 4,
    number_of_tasks: 1,
    cpus_per_task: 4,
    memory_per_cpu: "4G",
  }
}

describe("one placement behind every view", () => {
  it("a node with GPUs in use lists the tasks that hold them, and the task dimension agrees", async () => {
    const nodes = await nodesOf("分布式训练空间")
    const tasks = await tasksOf("分布式训练空间")
    const fromTasks = gpusByNode(tasks)
    expect(nodes.some((n) => n.gpu.used > 0)).toBe(true)
    for (const n of nodes) {
      expect(n.gpu.used, n.name).toBe(fromTasks.get(n.name) ?? 0)
      // The reference's "fully free" rule (schedulable and without tasks) must not report a busy node.
      expect(n.tasks_associated.length === 0, n.name).toBe(n.gpu.used === 0)
      expect(n.task_list).toEqual(n.tasks_associated.map((t: Json) => t.id))
      for (const t of n.tasks_associated) expect(tasks.map((x) => x.id)).toContain(t.id)
    }
    const full = nodes.find((n) => n.gpu.used === 8) as Json
    expect(full.cpu.used).toBeGreaterThan(0)
    expect(full.cpu.available).toBe(full.cpu.total - full.cpu.used)
    expect(full.memory.used).toBeGreaterThan(0)
    expect(full.memory.available).toBe(full.memory.total - full.memory.used)
    // Another tenant's task: someone else's project and user, running.
    const other = tasks.find((t) => t.id === full.tasks_associated[0].id) as Json
    expect(other).toMatchObject({ status: "RUNNING" })
    expect(other.user.name).not.toBe("张演示")
  })

  it("an HPC job shows on its node's CPU and memory, in the group totals and in the task dimension", async () => {
    const before = await nodesOf("高性能计算", "高性能计算")
    expect(before.every((n) => n.node_type === "hpc" && n.cpu.used === 0)).toBe(true)
    const id = (await c.oa("hpc_jobs/create", hpc("高性能计算", 32))).body.data.job_id
    advance(20)
    expect((await c.oa("hpc_jobs/detail", { job_id: id })).body.data.status).toBe("RUNNING")
    const after = await nodesOf("高性能计算", "高性能计算")
    const host = after.find((n) => n.task_list.includes(id)) as Json
    expect(host).toMatchObject({ node_type: "hpc" })
    expect(host.cpu).toMatchObject({ used: 32, available: host.cpu.total - 32 })
    expect(host.memory).toMatchObject({ used: 128, available: host.memory.total - 128 })
    const group = await c.v1("GET", `compute_resources/logic_compute_groups/${f.group("高性能计算", "高性能计算")}`)
    expect(group.body.data.logic_resouces).toMatchObject({ cpu_used: 32, memory_gi_used: 128, gpu_used: 0 })
    const row = (await tasksOf("高性能计算")).find((t) => t.id === id) as Json
    expect(row).toMatchObject({ type: "hpc_job", nodes_occupied: { count: 1, nodes: [host.name] } })
    expect(row.cpu.total).toBe(32)
  })

  it("group totals are the sums over the group's nodes, low-priority GPUs included", async () => {
    const lcg = f.group("分布式训练空间", "H100")
    const nodes = await nodesOf("分布式训练空间", "H100")
    const r = (await c.v1("GET", `compute_resources/logic_compute_groups/${lcg}`)).body.data.logic_resouces
    const sum = (k: string, part: string) => nodes.reduce((s, n) => s + n[k][part], 0)
    expect(r).toMatchObject({
      gpu_total: sum("gpu", "total"),
      gpu_used: sum("gpu", "used"),
      cpu_total: sum("cpu", "total"),
      cpu_used: sum("cpu", "used"),
      memory_gi_total: sum("memory", "total"),
      memory_gi_used: sum("memory", "used"),
    })
    expect(r.cpu_used).toBeGreaterThan(0)
    const low = nodes.flatMap((n) => n.tasks_associated).filter((t: Json) => t.priority <= 3)
    expect(r.gpu_low_priority_used > 0).toBe(low.length > 0)
  })

  it("node types: gpu, cpu and hpc", async () => {
    const cpu = await nodesOf("CPU资源空间")
    const types = new Map(cpu.map((n) => [n.logic_compute_group_name, n.node_type]))
    expect(Object.fromEntries(types)).toEqual({ "CPU资源-1": "cpu", "CPU资源-2": "cpu", "HPC-可上网区资源-2": "hpc" })
    expect((await nodesOf("分布式训练空间")).every((n) => n.node_type === "gpu")).toBe(true)
    const all = await c.result("cluster", "GetNodeDistincts")
    expect(all.node_types).toEqual(["gpu", "cpu", "hpc"])
  })

  it("the scheduler reads the same placement: work that does not fit by CPU waits in the queue", async () => {
    // Two 256-core nodes take four 55-core jobs each; the ninth waits.
    const ids: string[] = []
    for (let i = 0; i < 9; i++) {
      const r = await c.oa("hpc_jobs/create", { ...hpc("高性能计算-大内存", 55), name: `big-${i}` })
      expect(r.body.code, JSON.stringify(r.body)).toBe(0)
      ids.push(r.body.data.job_id)
    }
    advance(20)
    const statuses = await Promise.all(
      ids.map(async (id) => (await c.oa("hpc_jobs/detail", { job_id: id })).body.data.status),
    )
    expect(statuses.filter((s) => s === "RUNNING")).toHaveLength(8)
    expect(statuses[8]).toBe("QUEUEING")
    const nodes = await nodesOf("高性能计算", "高性能计算-大内存")
    expect(nodes.map((n) => n.cpu.used)).toEqual([220, 220])
    expect(nodes.every((n) => n.cpu.available < 55)).toBe(true)
  })
})
