import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, type Json, trainBody, useLoggedInEmulator } from "./helpers.js"

// Work at priority 4 or more that finds no free room takes it from priority 1–3 work (§3.7, §5.3), and
// every view (node and task dimension, the group's totals) follows from the one placement.

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})
const advance = (s: number) => emu.control.clock.advance(s)

const create = async (over: Json = {}, fc: Json = {}): Promise<string> => {
  const r = await c.oa("train_job/create", trainBody(f, over, fc))
  expect(r.body.code, JSON.stringify(r.body)).toBe(0)
  return r.body.data.job_id
}
const detail = async (id: string): Promise<Json> => (await c.oa("train_job/detail", { job_id: id })).body.data

const nodes = async (lcg: string): Promise<Json[]> =>
  (
    await c.result("workspace", "ListNodeDimension", {
      filter: { workspace_id: f.ws("分布式训练空间"), logic_compute_group_id: lcg },
    })
  ).node_dimensions

const lowHeld = async (lcg: string): Promise<number> =>
  (await c.v1("GET", `compute_resources/logic_compute_groups/${lcg}`)).body.data.logic_resouces.gpu_low_priority_used

describe("pre-emption", () => {
  it("a priority-6 job takes the GPUs of other tenants' priority-2 work when nothing is free", async () => {
    const lcg = f.group("分布式训练空间", "H200")
    const eight = f.spec(lcg, "TRAIN", 8)
    const before = await nodes(lcg)
    const low = before.flatMap((n) => n.tasks_associated).filter((t: Json) => t.priority <= 3)
    expect(low.length).toBeGreaterThan(0)
    expect(await lowHeld(lcg)).toBe(16)
    const a = await create({ logic_compute_group_id: lcg, name: "a" }, { spec_id: eight })
    const b = await create({ logic_compute_group_id: lcg, name: "b", task_priority: 6 }, { spec_id: eight })
    advance(5)
    expect((await detail(a)).status).toBe("job_creating")
    expect((await detail(b)).status).toBe("job_creating")
    const after = await nodes(lcg)
    const ids = after.flatMap((n) => n.tasks_associated.map((t: Json) => t.id))
    for (const t of low) expect(ids).not.toContain(t.id)
    expect(await lowHeld(lcg)).toBe(0)
    const used = after.reduce((s, n) => s + n.gpu.used, 0)
    // 8 + 8 (the two jobs) + 2 (a normal-priority notebook left untouched).
    expect(used).toBe(18)
  })

  it("a job at priority 3 pre-empts nothing and queues", async () => {
    const lcg = f.group("分布式训练空间", "H200")
    const eight = f.spec(lcg, "TRAIN", 8)
    await create({ logic_compute_group_id: lcg, name: "a" }, { spec_id: eight })
    const b = await create({ logic_compute_group_id: lcg, name: "b", task_priority: 3 }, { spec_id: eight })
    advance(5)
    expect((await detail(b)).status).toBe("job_queuing")
    expect(await lowHeld(lcg)).toBe(16)
  })

  it("our own low-priority job is pre-empted by our higher-priority one", async () => {
    const lcg = f.group("分布式训练空间", "H100")
    const eight = f.spec(lcg, "TRAIN", 8)
    const mine = [0, 1].map((i) =>
      create({ logic_compute_group_id: lcg, name: `low-${i}`, task_priority: 2 }, { spec_id: eight }),
    )
    const [l0, l1] = await Promise.all(mine)
    advance(20)
    expect((await detail(l0 as string)).status).toBe("job_running")
    expect((await detail(l1 as string)).status).toBe("job_running")
    const high = await create({ logic_compute_group_id: lcg, name: "high", task_priority: 6 }, { spec_id: eight })
    advance(5)
    expect((await detail(high)).status).toBe("job_creating")
    const states = [(await detail(l0 as string)).status, (await detail(l1 as string)).status]
    expect(states.filter((s) => s !== "job_running")).toHaveLength(1)
  })
})
