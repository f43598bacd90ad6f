import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, type Json, trainBody, useLoggedInEmulator } from "./helpers.js"

// A node that fails (NodeNotReady) ends the runs of the tasks on it: failed with the infrastructure's
// sub-status, or restarted under fault tolerance; tasks elsewhere go on, and nothing new is placed there.

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})

// Whole 8-GPU nodes of one group, so two jobs never share a node.
const create = async (over: Json = {}): Promise<string> => {
  const lcg = f.group("分布式训练空间", "H100")
  const body = trainBody(
    f,
    { command: "python train.py #emu:idle", logic_compute_group_id: lcg, ...over },
    { spec_id: f.spec(lcg, "TRAIN", 8) },
  )
  const r = await c.oa("train_job/create", body)
  expect(r.body.code, JSON.stringify(r.body)).toBe(0)
  return r.body.data.job_id
}
const detail = async (id: string): Promise<Json> => (await c.oa("train_job/detail", { job_id: id })).body.data
const admin = async (path: string, body: Json): Promise<Json> =>
  (await fetch(`${emu.url}/__emulator/${path}`, { method: "POST", body: JSON.stringify(body) })).json() as Promise<Json>

describe("node faults", () => {
  it("a failed node ends its running jobs as failed with NodeNotReady, and leaves the others", async () => {
    const a = await create({ name: "a" })
    emu.control.clock.advance(20)
    const node = emu.control.nodes.of(a)
    const b = await create({ name: "b" })
    emu.control.clock.advance(20)
    expect(emu.control.nodes.of(b)).not.toBe(node)
    const failed = await admin("nodes/fail", { task: a })
    expect(failed).toEqual({ node, ended: [a] })
    const d = await detail(a)
    expect(d).toMatchObject({ status: "job_failed", sub_status: "NodeNotReady", sub_msg: `node ${node} is not ready` })
    expect((await detail(b)).status).toBe("job_running")
    const pods = await c.result("train", "ListJobEvents", {
      page_num: 1,
      page_size: 50,
      filter: { object_type: "instance", object_ids: [`${a}-worker-0`] },
    })
    expect(pods.events.at(-1)).toMatchObject({ type: "Warning", reason: "NodeNotReady", from: "node-controller" })
    const nodeEvents = await c.result("cluster", "ListNodeEvents", { filter: { node_names: [node] }, page_size: 50 })
    expect(nodeEvents.events.at(-1)).toMatchObject({ type: "Warning", reason: "NodeNotReady" })
    const listed = (await c.result("cluster", "ListNodes", {})).nodes.find((n: Json) => n.name === node)
    expect(listed.resource_pool).toBe("fault")
    // Nothing new goes to the failed node until it is back.
    const later = await create({ name: "later" })
    emu.control.clock.advance(20)
    expect(emu.control.nodes.of(later)).not.toBe(node)
    await admin("nodes/heal", { node })
    expect((await c.result("cluster", "ListNodes", {})).nodes.find((n: Json) => n.name === node).resource_pool).toBe(
      "online",
    )
  })

  it("under fault tolerance the job restarts as the next round instead", async () => {
    const id = await create({ name: "ft", auto_fault_tolerance: true, fault_tolerance_max_retry: 1 })
    emu.control.clock.advance(20)
    expect(emu.control.nodes.fail(emu.control.nodes.of(id))).toEqual([id])
    emu.control.clock.advance(20)
    const d = await detail(id)
    expect(d.status).toBe("job_running")
    expect(d.running_round).toBe(1)
  })
})
