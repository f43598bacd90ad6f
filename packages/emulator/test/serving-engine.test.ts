import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, type Json, useLoggedInEmulator } from "./helpers.js"

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})
const advance = (s: number) => emu.control.clock.advance(s)
const MODEL_PATH = "/inspire/hdd/project/embodied-fm/models/qwen2.5-7b/v2"

const create = async (command: string, over: Json = {}): Promise<string> => {
  const lcg = f.group("分布式训练空间", "H100")
  const r = await c.oa("inference_servings/create", {
    name: `sv-${Math.random().toString(36).slice(2, 8)}`,
    workspace_id: f.ws("分布式训练空间"),
    project_id: f.project("embodied-fm"),
    logic_compute_group_id: lcg,
    command,
    image: "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4",
    image_type: "SOURCE_OFFICIAL",
    model_id: emu.control.state().models[0]?.id,
    model_version: 2,
    port: 2400,
    replicas: 1,
    node_num_per_replica: 1,
    task_priority: 6,
    spec_id: f.spec(lcg, "SERVING", 1),
    ...over,
  })
  expect(r.body.code, JSON.stringify(r.body)).toBe(0)
  return r.body.data.inference_serving_id as string
}

const api = (id: string, path: string, body?: Json) =>
  fetch(`${emu.url}/serving/${id}/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  })

const logs = async (id: string): Promise<string> => {
  const body = {
    page_size: 200,
    filter: { podNames: [`${id}-replica-0`] },
    sorter: [{ field: "time", sort: "ascend" }],
  }
  const r = await c.result("train", "GetJobLog", body)
  return (r.logs as Array<{ message: string }>).map((l) => l.message).join("\n")
}

describe("a serving's OpenAI API", () => {
  it("503 before RUNNING, 502 while loading weights, then /v1/models and a deterministic chat", async () => {
    const id = await create(`vllm serve ${MODEL_PATH} --served-model-name qwen --port 2400`)
    expect((await api(id, "/models")).status).toBe(503)
    advance(20)
    expect((await api(id, "/models")).status).toBe(502)
    expect(await logs(id)).toContain("vLLM API server version")
    advance(120)
    const models = (await (await api(id, "/models")).json()) as Json
    expect(models).toMatchObject({ object: "list", data: [{ id: "qwen", object: "model", owned_by: "vllm" }] })
    const ask = { model: "qwen", messages: [{ role: "user", content: "ping" }] }
    const first = (await (await api(id, "/chat/completions", ask)).json()) as Json
    const second = (await (await api(id, "/chat/completions", ask)).json()) as Json
    expect(first.object).toBe("chat.completion")
    expect(first.choices[0].message).toMatchObject({ role: "assistant" })
    expect(first.choices[0].message.content).toContain("You said: ping")
    expect(second.choices[0].message.content).toBe(first.choices[0].message.content)
    expect(first.usage.completion_tokens).toBeGreaterThan(0)
    const wrong = await api(id, "/chat/completions", { ...ask, model: "other" })
    expect(wrong.status).toBe(404)
    expect(((await wrong.json()) as Json).type).toBe("NotFoundError")
    expect(await logs(id)).toContain("Uvicorn running on http://0.0.0.0:2400")
  })

  it("fails a serving whose TP exceeds the instance's GPUs, with vLLM's error in its logs", async () => {
    const id = await create(`vllm serve ${MODEL_PATH} --tensor-parallel-size 8 --port 2400`)
    advance(120)
    const d = (await c.oa("inference_servings/detail", { inference_serving_id: id })).body.data
    expect(d.status).toBe("FAILED")
    expect(await logs(id)).toContain("please set tensor_parallel_size (8) to less than max local gpu count (1)")
    expect((await api(id, "/models")).status).toBe(503)
  })

  it("fails an SGLang serving without --model-path with its usage error", async () => {
    const id = await create("python -m sglang.launch_server --tp 1 --host 0.0.0.0 --port 2400")
    advance(120)
    const d = (await c.oa("inference_servings/detail", { inference_serving_id: id })).body.data
    expect(d.status).toBe("FAILED")
    expect(await logs(id)).toContain("the following arguments are required: --model-path")
  })

  it("stays 502 when the engine listens on another port than the serving's", async () => {
    const id = await create(`vllm serve ${MODEL_PATH} --port 8000`)
    advance(120)
    expect((await api(id, "/models")).status).toBe(502)
  })
})
