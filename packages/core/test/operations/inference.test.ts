import { beforeEach, describe, expect, it } from "vitest"
import { inferenceOperation } from "../../src/operations/inference/index.js"
import { useEmulator } from "../emulator.js"
import { call, failed, h100SpecId, succeeded, trainingSpaceProfile } from "./harness.js"

const emu = useEmulator()
const IMAGE = "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4"
// With the model's path: the emulator's vLLM, like the real one, cannot start without a model it can load.
const COMMAND =
  "python -m vllm.entrypoints.openai.api_server --model /inspire/hdd/project/embodied-fm/models/qwen2.5-7b/v2 --port 2400"

beforeEach(() => {
  emu.current.control.reset()
})

const profile = () => trainingSpaceProfile(emu.current)

const fixture = () => {
  const model = emu.current.control.state().models.find((m) => m.name === "qwen2.5-7b-instruct")
  const serving = h100SpecId(emu.current, "SERVING")
  const train = h100SpecId(emu.current, "TRAIN")
  if (serving === undefined || train === undefined || model === undefined) throw new Error("fixture changed")
  return { servingSpec: serving, trainSpec: train, modelId: model.id }
}

const createInput = (extra: Record<string, unknown> = {}) => {
  const f = fixture()
  return {
    action: "create",
    name: "chat-api",
    model_id: f.modelId,
    model_version: 2,
    image: IMAGE,
    command: COMMAND,
    compute_group: "H100",
    spec: f.servingSpec,
    ...extra,
  }
}

const taskNamed = (name: string) => emu.current.control.state().tasks.find((t) => t.name === name)

describe("inference create", () => {
  it("checks everything on a dry run and deploys nothing", async () => {
    const r = succeeded(await call(emu.current, inferenceOperation, createInput({ dry_run: true }), profile()))
    expect(r.result).toMatchObject({
      action: "create",
      dryRun: true,
      name: "chat-api",
      port: 2400,
      replicas: 1,
      image: IMAGE,
      model: { name: "qwen2.5-7b-instruct", version: 2 },
      computeGroup: { name: "H100" },
    })
    expect(r.result).not.toHaveProperty("servingId")
    expect(taskNamed("chat-api")).toBeUndefined()
    expect(r.text).toContain("Dry run: Deploy serving chat-api in 分布式训练空间 — nothing was sent or changed.")
    expect((r.result as { plan?: { requests: unknown[] } }).plan?.requests[0]).toMatchObject({
      surface: "openapi/v1/inference_servings/create",
      body: { name: "chat-api" },
    })
    expect(r.text).toContain("/deploy/inference?spaceId=ws-")
  })

  it("deploys a serving, shows it running with its access URL, and lists it", async () => {
    const p = profile()
    const created = succeeded(await call(emu.current, inferenceOperation, createInput(), p))
    const id = created.result.action === "create" ? created.result.servingId : undefined
    expect(id).toMatch(/^sv-/)
    expect(created.text).toContain(`serving id:`)
    expect(created.text).toContain(`inspire_inference(action="detail", serving_id="${id}")`)
    expect(created.text).toContain(`inspire_job_detail(job_id="${id}")`)
    expect(taskNamed("chat-api")).toMatchObject({ kind: "serving", specId: fixture().servingSpec })
    emu.current.control.clock.advance(30)
    const detail = succeeded(await call(emu.current, inferenceOperation, { action: "detail", serving_id: id }, p))
    expect(detail.result).toMatchObject({
      action: "detail",
      serving: { id, status: { family: "running" }, image: IMAGE, port: 2400, modelVersion: 2, replicas: 1 },
    })
    expect(detail.text).toMatch(/status:\s+RUNNING \(running\)/)
    expect(detail.text).toMatch(/access url:\s+http/)
    expect(detail.text).toContain("confirm=true")
    const list = succeeded(await call(emu.current, inferenceOperation, { action: "list" }, p))
    expect(list.result.action === "list" && list.result.servings.map((s) => s.id)).toEqual([id])
    expect(list.text).toMatch(/ID\s+NAME\s+STATUS/)
    expect(list.text).toContain("chat-api")
  })

  it("warns when the command only sleeps", async () => {
    const r = succeeded(
      await call(emu.current, inferenceOperation, createInput({ dry_run: true, command: "sleep infinity" }), profile()),
    )
    expect(r.result.action === "create" && r.result.warnings.join(" ")).toContain("only sleeps")
    expect(r.text).toContain("warning: The command only sleeps")
  })

  it("refuses an unknown model with the workspace's models", async () => {
    const id = "model-00000000-0000-4000-8000-000000000000"
    const gone = failed(await call(emu.current, inferenceOperation, createInput({ model_id: id }), profile()))
    expect(gone.reason).toBe("InvalidInput")
    expect(gone.message).toContain(`No model has the id ${id}`)
    const e = failed(
      await call(emu.current, inferenceOperation, createInput({ model_id: "model-does-not-exist" }), profile()),
    )
    expect(e.reason).toBe("NotFound")
    expect(e.message).toContain('No model is named "model-does-not-exist" or has an id starting with it')
    expect(String(e.hint)).toContain('inspire_models(action="list")')
    expect(JSON.stringify(e.candidates)).toContain("qwen2.5-7b-instruct")
  })

  it("refuses a version the model does not have", async () => {
    const e = failed(await call(emu.current, inferenceOperation, createInput({ model_version: 7 }), profile()))
    expect(e.message).toContain("has no version 7")
    expect(e.candidates).toEqual([1, 2])
  })

  it("refuses a push-domain image with the display address as the fix", async () => {
    const e = failed(
      await call(
        emu.current,
        inferenceOperation,
        createInput({ image: "docker-qb.sii.edu.cn/inspire-studio/vllm:0.6.3-cuda12.4" }),
        profile(),
      ),
    )
    expect(e.reason).toBe("InvalidInput")
    expect(String(e.fix)).toBe(IMAGE)
  })

  it("lists the SERVING specs when the spec is missing or belongs to training", async () => {
    const missing = failed(await call(emu.current, inferenceOperation, createInput({ spec: undefined }), profile()))
    expect(missing.message).toContain("No spec was given")
    expect(JSON.stringify(missing.candidates)).toContain(fixture().servingSpec)
    const wrong = failed(
      await call(emu.current, inferenceOperation, createInput({ spec: fixture().trainSpec }), profile()),
    )
    expect(wrong.message).toContain("it is a spec for training jobs, not inference servings")
    expect(JSON.stringify(wrong.candidates)).toContain(fixture().servingSpec)
  })

  it("needs the create fields", async () => {
    const e = failed(await call(emu.current, inferenceOperation, createInput({ command: undefined }), profile()))
    expect(e.message).toBe("inference create needs command.")
  })
})

describe("inference stop", () => {
  it("stops nothing without confirm, stops with it, and reports an already stopped serving", async () => {
    const p = profile()
    const created = succeeded(await call(emu.current, inferenceOperation, createInput(), p))
    const id = created.result.action === "create" ? created.result.servingId : ""
    emu.current.control.clock.advance(30)
    const asked = succeeded(await call(emu.current, inferenceOperation, { action: "stop", serving_id: id }, p))
    expect(asked.result).toMatchObject({ action: "stop", confirmed: false, stopped: false, status: { raw: "RUNNING" } })
    expect(asked.text).toContain("may be answering users; nothing was stopped")
    expect(asked.text).toContain(`inspire_inference(action="stop", serving_id="${id}", confirm=true)`)
    emu.current.control.clock.advance(5)
    expect(taskNamed("chat-api")?.phase).toBe("running")

    const stopped = succeeded(
      await call(emu.current, inferenceOperation, { action: "stop", serving_id: id, confirm: true }, p),
    )
    expect(stopped.result).toMatchObject({ confirmed: true, stopped: true })
    expect(stopped.text).toContain("is stopping")
    emu.current.control.clock.advance(60)
    expect(taskNamed("chat-api")?.phase).toBe("stopped")

    const again = succeeded(
      await call(emu.current, inferenceOperation, { action: "stop", serving_id: id, confirm: true }, p),
    )
    expect(again.result).toMatchObject({ stopped: false })
    expect(again.text).toContain("is already STOPPED; nothing to stop")
  })

  it("refuses an id that is not a serving's", async () => {
    const e = failed(await call(emu.current, inferenceOperation, { action: "stop", serving_id: "job-123" }, profile()))
    expect(e.message).toContain("is not a serving id")
    expect(String(e.hint)).toContain('inspire_inference(action="list")')
    const none = failed(await call(emu.current, inferenceOperation, { action: "detail" }, profile()))
    expect(none.message).toBe("inference detail needs the serving's id (sv-…).")
  })
})
