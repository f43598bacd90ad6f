import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, type Json, useLoggedInEmulator } from "./helpers.js"

// Streamed generation (`stream: true`) and the plain completions endpoint of a serving's OpenAI API,
// in the shapes vLLM and SGLang send.

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})

const MODEL_PATH = "/inspire/hdd/project/embodied-fm/models/qwen2.5-7b/v2"

/** A vLLM serving of `qwen`, RUNNING with its engine listening. */
const running = async (): Promise<string> => {
  const lcg = f.group("分布式训练空间", "H100")
  const r = await c.oa("inference_servings/create", {
    name: `sv-${Math.random().toString(36).slice(2, 8)}`,
    workspace_id: f.ws("分布式训练空间"),
    project_id: f.project("embodied-fm"),
    logic_compute_group_id: lcg,
    command: `vllm serve ${MODEL_PATH} --served-model-name qwen --port 2400`,
    image: "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4",
    image_type: "SOURCE_OFFICIAL",
    model_id: emu.control.state().models[0]?.id,
    model_version: 2,
    port: 2400,
    replicas: 1,
    node_num_per_replica: 1,
    task_priority: 6,
    spec_id: f.spec(lcg, "SERVING", 1),
  })
  expect(r.body.code, JSON.stringify(r.body)).toBe(0)
  emu.control.clock.advance(200)
  return r.body.data.inference_serving_id as string
}

const post = (id: string, path: string, body: Json) =>
  fetch(`${emu.url}/serving/${id}/v1${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  })

/** The `data:` events of a server-sent stream, `[DONE]` as a string, the rest parsed. */
const events = async (res: Response): Promise<Array<Json | string>> => {
  const text = await res.text()
  expect(text.endsWith("data: [DONE]\n\n")).toBe(true)
  return text
    .split("\n\n")
    .filter((e) => e !== "")
    .map((e) => {
      expect(e.startsWith("data: ")).toBe(true)
      const data = e.slice("data: ".length)
      return data === "[DONE]" ? data : (JSON.parse(data) as Json)
    })
}

describe("a serving's streamed and plain completions", () => {
  it("streams chat.completion.chunk events with the same text as the whole answer, then [DONE]", async () => {
    const id = await running()
    const ask = { model: "qwen", messages: [{ role: "user", content: "ping" }] }
    const whole = (await (await post(id, "/chat/completions", ask)).json()) as Json
    const res = await post(id, "/chat/completions", { ...ask, stream: true, stream_options: { include_usage: true } })
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/)
    const all = await events(res)
    expect(all.at(-1)).toBe("[DONE]")
    const chunks = all.slice(0, -1) as Json[]
    for (const ch of chunks) expect(ch).toMatchObject({ object: "chat.completion.chunk", model: "qwen", id: whole.id })
    expect(chunks[0]?.choices[0].delta).toEqual({ role: "assistant", content: "" })
    const withChoice = chunks.filter((ch) => ch.choices.length > 0)
    const text = withChoice.map((ch) => ch.choices[0].delta.content ?? "").join("")
    expect(text).toBe(whole.choices[0].message.content)
    expect(withChoice.at(-1)?.choices[0]).toMatchObject({ delta: {}, finish_reason: "stop" })
    expect(withChoice.slice(0, -1).every((ch) => ch.choices[0].finish_reason === null)).toBe(true)
    // include_usage: a last chunk with no choices and the usage.
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: whole.usage })
  })

  it("answers /v1/completions whole and streamed (text_completion), cut at max_tokens", async () => {
    const id = await running()
    const ask = { model: "qwen", prompt: "The capital of France is", max_tokens: 4 }
    const res = await post(id, "/completions", ask)
    expect(res.status).toBe(200)
    const whole = (await res.json()) as Json
    expect(whole).toMatchObject({ object: "text_completion", model: "qwen" })
    expect(whole.choices).toHaveLength(1)
    expect(whole.choices[0]).toMatchObject({ index: 0, finish_reason: "length" })
    expect(whole.choices[0].text.split(" ")).toHaveLength(4)
    expect(whole.usage.completion_tokens).toBe(4)
    const all = await events(await post(id, "/completions", { ...ask, stream: true }))
    const chunks = all.slice(0, -1) as Json[]
    for (const ch of chunks) expect(ch).toMatchObject({ object: "text_completion", model: "qwen" })
    expect(chunks.map((ch) => ch.choices[0].text).join("")).toBe(whole.choices[0].text)
    expect(chunks.at(-1)?.choices[0].finish_reason).toBe("length")
    const wrong = await post(id, "/completions", { ...ask, model: "other" })
    expect(wrong.status).toBe(404)
    expect(((await wrong.json()) as Json).type).toBe("NotFoundError")
  })
})
