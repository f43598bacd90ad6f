import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, type Json, trainBody, useLoggedInEmulator } from "./helpers.js"

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})

const create = async (over: Json = {}, fc: Json = {}): Promise<string> => {
  const r = await c.oa("train_job/create", trainBody(f, over, fc))
  expect(r.body.code, JSON.stringify(r.body)).toBe(0)
  return r.body.data.job_id
}
const detail = async (id: string): Promise<Json> => (await c.oa("train_job/detail", { job_id: id })).body.data
const advance = (s: number) => emu.control.clock.advance(s)

describe("training lifecycle under the clock (§5.1)", () => {
  it("goes job_queuing → job_creating → job_running → job_succeeded", async () => {
    const id = await create()
    expect(id).toMatch(/^job-[0-9a-f-]{36}$/)
    expect(id).toHaveLength(40)
    const seen = [(await detail(id)).status]
    for (let i = 0; i < 20; i++) {
      advance(10)
      const s = (await detail(id)).status
      if (s !== seen[seen.length - 1]) seen.push(s)
    }
    expect(seen).toEqual(["job_queuing", "job_creating", "job_running", "job_succeeded"])
    const d = await detail(id)
    expect(d.finished_at).toMatch(/^\d{13}$/)
    expect(Number(d.running_time_ms)).toBe(150_000)
    expect(d.timeline.run).toMatch(/^\d{13}$/)
    expect(d.priority_name).toBe("6")
    expect(d.priority_level).toBe("HIGH")
    expect(d.priority).toBe(31)
    expect(d.framework_config[0].instance_spec_price_info.gpu_info.gpu_type).toBe("NVIDIA_H100_SXM_80G")
  })

  it("lists jobs on V2 and V1 with status filters and names first-round pods <job>-worker-<i>", async () => {
    const id = await create({}, { instance_count: 2 })
    advance(20)
    const ws = f.ws("分布式训练空间")
    const v2 = await c.result("train", "ListJobs", {
      workspace_id: ws,
      page_num: 1,
      page_size: 100,
      status: "job_running",
    })
    expect(v2.total).toBe(1)
    expect(v2.jobs[0].job_id).toBe(id)
    const v1 = await c.v1("POST", "train_job/list", {
      workspace_id: ws,
      page_num: 1,
      page_size: 10,
      status_list: ["job_queuing"],
    })
    expect(v1.body.data.total).toBe(0)
    const inst = await c.result("train", "ListJobInstances", { job_id: id, page_num: 1, page_size: -1 })
    expect(inst.items.map((x: Json) => x.name)).toEqual([`${id}-worker-0`, `${id}-worker-1`])
    expect(inst.items[0].instance_status).toBe("instance_running")
    expect(inst.items[0].node).toMatch(/^qb-gpu-/)
  })

  it("StopJob while the job is being created answers Conflict, once it runs it stops the job", async () => {
    const r = await c.v2("train", "CreateJob", trainBody(f))
    const id = r.Result.job_id
    const early = await c.v2("train", "StopJob", { job_id: id })
    expect(early.ResponseMetadata.Error.Code).toBe("Conflict")
    advance(16)
    expect((await detail(id)).status).toBe("job_running")
    const ok = await c.v2("train", "StopJob", { job_id: id })
    expect(ok.ResponseMetadata.Error).toBeUndefined()
    expect(ok.Result).toBeUndefined()
    expect((await detail(id)).status).toBe("job_stopped")
    const unknown = await c.v2("train", "StopJob", { job_id: "job-00000000-0000-0000-0000-000000000000" })
    expect(unknown.ResponseMetadata.Error.Code).toBe("AccessForbidden")
  })

  it("queues when no GPU is free and starts when one is released", async () => {
    const lcg = f.group("分布式训练空间", "H200")
    const eight = f.spec(lcg, "TRAIN", 8)
    // H200 has 8+8+2 GPUs busy of 32: one whole node free, so a second 8-GPU job waits for the first
    // (at priority 3, which pre-empts nothing: preempt.test.ts has the higher-priority case).
    const a = await create({ logic_compute_group_id: lcg, name: "a" }, { spec_id: eight })
    const b = await create({ logic_compute_group_id: lcg, name: "b", task_priority: 3 }, { spec_id: eight })
    advance(5)
    expect((await detail(a)).status).toBe("job_creating")
    expect((await detail(b)).status).toBe("job_queuing")
    const events = await c.result("train", "ListJobEvents", {
      page_num: 1,
      page_size: 50,
      filter: { object_type: "job", object_ids: [b] },
    })
    expect(events.events.map((e: Json) => e.reason)).toContain("Unschedulable")
    advance(200)
    expect((await detail(a)).status).toBe("job_succeeded")
    expect(["job_creating", "job_running"]).toContain((await detail(b)).status)
    // 整节点任务空间/H200-整节点: one free node, one busy, one cordoned, one in the fault pool.
    const whole = f.group("整节点任务空间", "H200-整节点")
    const wholeSpec = f.spec(whole, "TRAIN", 8)
    const wholeWs = { workspace_id: f.ws("整节点任务空间"), logic_compute_group_id: whole }
    const first = await create({ ...wholeWs, name: "w1" }, { spec_id: wholeSpec })
    const second = await create({ ...wholeWs, name: "w2", task_priority: 3 }, { spec_id: wholeSpec })
    advance(5)
    expect((await detail(first)).status).toBe("job_creating")
    expect((await detail(second)).status).toBe("job_queuing")
    const full = f.group("分布式训练空间", "H200-3号机房")
    const stuck = await create({ logic_compute_group_id: full, name: "stuck" }, { spec_id: f.spec(full, "TRAIN", 1) })
    advance(600)
    expect((await detail(stuck)).status).toBe("job_queuing")
  })
})

describe("budget", () => {
  it("bills the project for GPU time at the spec's hourly price", async () => {
    const lcg = f.group("分布式训练空间", "H200")
    const spec = emu.control
      .state()
      .specs.find((s) => s.lcgIds.includes(lcg) && s.gpuCount === 8 && s.type === "SCHEDULE_CONFIG_TYPE_TRAIN")
    const before = emu.control.state().projects.find((p) => p.enName === "embodied-fm")?.remainBudget ?? 0
    const id = await create(
      { logic_compute_group_id: lcg, command: "python train.py #emu:duration=3600" },
      { spec_id: spec?.id },
    )
    advance(20)
    expect((await detail(id)).status).toBe("job_running")
    advance(3600)
    expect((await detail(id)).status).toBe("job_succeeded")
    const after = emu.control.state().projects.find((p) => p.enName === "embodied-fm")?.remainBudget ?? 0
    expect(before - after).toBeCloseTo(spec?.price ?? 0, 1)
    expect(spec?.price).toBe(200)
  })
})

describe("logs, metrics and events of a running job (§4.12–4.14, §5.8, §5.9)", () => {
  const running = async (command = "python train.py", instances = 1) => {
    const id = await create({ command }, { instance_count: instances })
    advance(15)
    expect((await detail(id)).status).toBe("job_running")
    advance(60)
    return id
  }

  it("tails with descend + page_size, follows with ascend + start_timestamp_ms, and counts total", async () => {
    const id = await running()
    const pod = `${id}-worker-0`
    const tail = await c.result("train", "GetJobLog", {
      page_size: 5,
      filter: { podNames: [pod] },
      sorter: [
        { field: "time", sort: "descend" },
        { field: "log-id.keyword", sort: "descend" },
      ],
    })
    expect(tail.logs).toHaveLength(5)
    expect(tail.total).toBe(31)
    const times = tail.logs.map((l: Json) => Number(l.timestamp_ms))
    expect(times).toEqual([...times].sort((x, y) => y - x))
    expect(tail.logs[0]).toMatchObject({ pod_name: pod, node: expect.stringMatching(/^qb-gpu-/) })
    expect(tail.logs[0].message).toMatch(/^step \d+ \| loss/)
    const since = tail.logs[1].timestamp_ms
    const follow = await c.result("train", "GetJobLog", {
      page_size: 100,
      filter: { podNames: [pod], start_timestamp_ms: since },
      sorter: [{ field: "time", sort: "ascend" }],
    })
    expect(follow.logs.map((l: Json) => l.log_id)).toEqual([tail.logs[1].log_id, tail.logs[0].log_id])
    const v1 = await c.v1("POST", "logs/train", {
      page_size: 2,
      filter: { podNames: [pod], end_timestamp_ms: since },
      sorter: [{ field: "time", sort: "ascend" }],
    })
    expect(v1.body.data.total).toBe(30)
    expect(v1.body.data.logs[0].message).toContain("[entrypoint]")
    const bad = await c.v2("train", "GetJobLog", { page_size: 5, filter: { podNames: [`${id}-worker-5`] } })
    expect(bad.ResponseMetadata.Error).toMatchObject({ Code: "InvalidParameter" })
    expect(bad.ResponseMetadata.Error.Message).toContain("Invalid instance names")
  })

  it("returns one series per pod with fractions under the misspelled key", async () => {
    const id = await running("python train.py", 2)
    const now = Math.floor(emu.control.clock.now() / 1000)
    const body = {
      metric_types: ["gpu_usage_rate", "cpu_usage_rate"],
      filter: {
        logic_compute_group_id: f.group("分布式训练空间", "H100"),
        task_type: "distributed_training",
        task_id: id,
      },
      time_range: { start_timestamp: now - 3600, end_timestamp: now, interval_second: 10 },
    }
    const r = await c.result("train", "GetTaskMetric", body)
    expect(r.time_series_metric_groups).toBeUndefined()
    const groups = r.time_seris_metric_groups
    expect(groups.map((g: Json) => g.group_name)).toEqual([`${id}-worker-0`, `${id}-worker-1`])
    expect(groups[0].metric_type).toBe("gpu_usage_rate")
    expect(groups[0].time_series.length).toBeGreaterThanOrEqual(6)
    for (const p of groups[0].time_series) {
      expect(p.timestamp).toMatch(/^\d{10}$/)
      expect(p.data).toBeGreaterThan(0.7)
      expect(p.data).toBeLessThanOrEqual(1)
    }
    const bad = await c.v1("POST", "cluster_metric/resource_metric_by_time", {
      ...body,
      filter: { ...body.filter, task_type: "training" },
    })
    expect(bad.body.code).toBe(100000)
    expect(bad.body.message).toContain("422")
  })

  it("idle and stall markers shape GPU utilisation", async () => {
    const idle = await running("python train.py #emu:idle")
    const stall = await running("python train.py #emu:stall")
    advance(120)
    const now = Math.floor(emu.control.clock.now() / 1000)
    const series = async (id: string) =>
      (
        await c.result("train", "GetTaskMetric", {
          metric_types: ["gpu_usage_rate"],
          filter: {
            logic_compute_group_id: f.group("分布式训练空间", "H100"),
            task_type: "distributed_training",
            task_id: id,
          },
          time_range: { start_timestamp: now - 3600, end_timestamp: now, interval_second: 10 },
        })
      ).time_seris_metric_groups[0].time_series.map((p: Json) => p.data as number)
    const idleData = await series(idle)
    expect(Math.max(...idleData)).toBeLessThan(0.05)
    const stallData = await series(stall)
    expect(stallData[0]).toBeGreaterThan(0.7)
    expect(stallData[stallData.length - 1]).toBe(0)
    expect((await detail(idle)).status).toBe("job_running")
  })

  it("records job and instance events", async () => {
    const id = await running()
    const job = await c.result("train", "ListJobEvents", {
      page_num: 1,
      page_size: 20,
      filter: { object_type: "job", object_ids: [id] },
    })
    expect(job.events.map((e: Json) => e.reason)).toEqual(["Created", "Scheduled", "Running"])
    expect(job.events[0]).toMatchObject({ type: "Normal", object_id: id })
    expect(job.events[0].first_timestamp).toMatch(/^\d{13}$/)
    const pod = `${id}-worker-0`
    const inst = await c.v1("POST", "train_job/events/list", {
      page_num: 1,
      page_size: 200,
      filter: { object_type: "instance", object_ids: [pod] },
    })
    expect(inst.body.data.events.map((e: Json) => e.reason)).toEqual(["Scheduled", "Pulling", "Started"])
  })
})

describe("outcomes chosen by the command", () => {
  const finish = async (command: string, over: Json = {}) => {
    const id = await create({ command, ...over })
    advance(400)
    return id
  }
  const lastLines = async (id: string, round = 0): Promise<string[]> =>
    (
      await c.result("train", "GetJobLog", {
        page_size: 10,
        filter: { podNames: [round === 0 ? `${id}-worker-0` : `${id}-worker-0-${round}`] },
        sorter: [{ field: "time", sort: "descend" }],
      })
    ).logs.map((l: Json) => l.message as string)

  it("exit 1 fails with a Python traceback", async () => {
    const id = await finish("python train.py && exit 1")
    expect((await detail(id)).status).toBe("job_failed")
    const lines = await lastLines(id)
    expect(lines).toContain("Traceback (most recent call last):")
    expect(lines.some((l) => l.startsWith("FileNotFoundError"))).toBe(true)
  })

  it("a network command fails in an offline workspace and succeeds in an online one", async () => {
    const offline = await finish("pip install transformers && python train.py")
    expect((await detail(offline)).status).toBe("job_failed")
    expect((await lastLines(offline)).join("\n")).toContain("Network is unreachable")
    const cloneFail = await finish("git clone https://github.com/x/y && python y/train.py")
    expect((await lastLines(cloneFail)).join("\n")).toContain("Could not resolve host: github.com")
    const ws = f.ws("可上网GPU资源")
    const lcg = f.group("可上网GPU资源", "RTX4090-可上网")
    const r = await c.oa("train_job/create", {
      ...trainBody(
        f,
        { workspace_id: ws, logic_compute_group_id: lcg, command: "pip install transformers && python train.py" },
        { spec_id: f.spec(lcg, "TRAIN", 1) },
      ),
    })
    advance(400)
    expect((await detail(r.body.data.job_id)).status).toBe("job_succeeded")
  })

  it("#emu:oom fails with CUDA out of memory", async () => {
    const id = await finish("python train.py #emu:oom")
    const d = await detail(id)
    expect(d.status).toBe("job_failed")
    expect(d.sub_msg).toBe("CUDA out of memory")
    expect((await lastLines(id)).join("\n")).toContain("CUDA out of memory")
  })

  it("#emu:preempt preempts only low-priority work, and fault tolerance restarts it as round 1", async () => {
    const low = await finish("python train.py #emu:preempt", { task_priority: 2 })
    expect((await detail(low)).status).toBe("job_failed")
    expect((await detail(low)).sub_status).toBe("preempted")
    const high = await finish("python train.py #emu:preempt", { task_priority: 6 })
    expect((await detail(high)).status).toBe("job_succeeded")
    const ft = await create({
      command: "python train.py #emu:preempt",
      task_priority: 1,
      auto_fault_tolerance: true,
      fault_tolerance_max_retry: 1,
    })
    advance(70)
    advance(30)
    const inst = await c.result("train", "ListJobInstances", { job_id: ft, page_num: 1, page_size: -1 })
    expect(inst.items[0].name).toBe(`${ft}-worker-0-1`)
    expect((await detail(ft)).running_round).toBe(1)
  })
})
