import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, type Json, trainBody, useLoggedInEmulator } from "./helpers.js"

// Which workspaces a caller may reach, and answer shapes real clients read: unknown workspaces refused,
// disabled ones left out of the console's routes, the project's limit flags, the latest dataset version,
// and a test notebook that leaves the platform clock alone.

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})

const PLACEHOLDER = "ws-00000000-0000-0000-0000-000000000000"

describe("a workspace id the platform does not know is refused, not answered with an empty list", () => {
  it("on V1 and OpenAPI with code 100003, lists and creates alike", async () => {
    for (const [method, path, body] of [
      ["POST", "train_job/list", { workspace_id: PLACEHOLDER, page_num: 1, page_size: 10 }],
      ["POST", "hpc_jobs/list", { workspace_id: PLACEHOLDER, page_num: 1, page_size: 10 }],
      ["POST", "notebook/list", { workspace_id: PLACEHOLDER, page: 1, page_size: 10 }],
      ["POST", "inference_servings/list", { workspace_id: PLACEHOLDER, page: 1, page_size: 10 }],
      ["POST", "model/list", { workspace_id: PLACEHOLDER, page: 1, page_size: 10 }],
      ["POST", "project/list", { page: 1, page_size: 10, filter: { workspace_id: PLACEHOLDER } }],
      ["GET", `notebook/schedule/${PLACEHOLDER}`, undefined],
    ] as const) {
      const r = await c.v1(method, path, body)
      expect(r.body, `${method} ${path}`).toMatchObject({ code: 100003, message: "Access denied" })
    }
    const oa = await c.oa("train_job/create", trainBody(f, { workspace_id: PLACEHOLDER }))
    expect(oa.body).toMatchObject({ code: 100003, message: "Access denied" })
    expect(emu.control.state().tasks.filter((t) => t.workspaceId === PLACEHOLDER)).toEqual([])
  })

  it("on V2 with AccessForbidden", async () => {
    for (const [service, action, body] of [
      ["train", "ListJobs", { workspace_id: PLACEHOLDER, page_num: 1, page_size: 10 }],
      ["notebook", "ListNotebooks", { workspace_id: PLACEHOLDER, page: 1, page_size: 10 }],
      ["workspace", "ListNodeDimension", { filter: { workspace_id: PLACEHOLDER } }],
      ["train", "CreateJob", trainBody(f, { workspace_id: PLACEHOLDER })],
    ] as const) {
      const r = await c.v2(service, action, body)
      expect(r.ResponseMetadata.Error, `${service}.${action}`).toEqual({
        Code: "AccessForbidden",
        Message: "Access denied",
      })
    }
  })

  it("a known workspace still lists (empty or not)", async () => {
    const r = await c.v1("POST", "train_job/list", { workspace_id: f.ws("分布式训练空间"), page_num: 1, page_size: 10 })
    expect(r.body).toMatchObject({ code: 0, data: { jobs: [] } })
  })
})

describe("the console's workspace routes", () => {
  it("leave out a disabled workspace, which project space_list still shows with its usage_status", async () => {
    const r = await c.v1("GET", `user/routes/${f.ws("分布式训练空间")}`)
    const group = r.body.data.routes.find((x: Json) => x.name === "userWorkspaceList")
    const paths = group.routes.map((x: Json) => x.path)
    expect(paths).toContain(f.ws("SJ资源空间"))
    expect(paths).not.toContain(f.ws("公共项目空间"))
    const projects = await c.v1("POST", "project/list", { page: 1, page_size: -1, filter: {} })
    const spaces = projects.body.data.items.flatMap((p: Json) => p.space_list)
    expect(spaces).toContainEqual({ id: f.ws("公共项目空间"), name: "公共项目空间", usage_status: 1 })
  })
})

describe("answer shapes", () => {
  it("project limits are flags (gpu_limit, member_gpu_limit), the amount left is member_remain_gpu_hours", async () => {
    const r = await c.v1("POST", "project/list", { page: 1, page_size: -1, filter: {} })
    for (const p of r.body.data.items as Json[]) {
      expect(typeof p.gpu_limit, p.name).toBe("boolean")
      expect(typeof p.member_gpu_limit, p.name).toBe("boolean")
      expect(typeof p.member_remain_gpu_hours, p.name).toBe("number")
    }
  })

  it("an empty dataset version_id is the latest version (validate_dataset fills it in)", async () => {
    const [dataset] = emu.control.state().datasets
    const latest = dataset?.versions.at(-1)?.id ?? ""
    expect(dataset?.versions.length).toBeGreaterThan(1)
    const ws = f.ws("分布式训练空间")
    const ok = await c.v1("POST", "dataset/validate_dataset", {
      workspace_id: ws,
      datasets: [{ dataset_id: dataset?.id, version_id: "" }],
    })
    expect(ok.body.data.datasets_result).toEqual([
      {
        dataset_id: dataset?.id,
        version_id: latest,
        success: true,
        error_message: "",
        path: `rclone-worker-1/${dataset?.id}/${latest}`,
      },
    ])
  })

  it("the test notebook hook leaves the platform clock where it was", async () => {
    const before = emu.control.clock.now()
    const res = await fetch(`${emu.url}/__emulator/jupyter/notebook`, { method: "POST", body: "{}" })
    const nb = (await res.json()) as Json
    expect(emu.control.clock.now()).toBe(before)
    const status = await fetch(`${nb.labBase}/api/status`, { headers: { authorization: `token ${nb.token}` } })
    expect(status.status).toBe(200)
  })
})
