import { beforeEach, describe, expect, it } from "vitest"
import { modelsOperation } from "../../src/operations/models.js"
import { useEmulator } from "../emulator.js"
import { call, failed, succeeded, trainingSpaceProfile } from "./harness.js"

const emu = useEmulator()
const SOURCE = "/inspire/hdd/project/embodied-fm/models/llama-3-8b"

beforeEach(() => {
  emu.current.control.reset()
})

const profile = () => trainingSpaceProfile(emu.current)

const fixtureModel = () => {
  const m = emu.current.control.state().models.find((x) => x.name === "qwen2.5-7b-instruct")
  if (m === undefined) throw new Error("fixture changed")
  return m
}

describe("models", () => {
  it("lists the workspace's models and shows one with its versions", async () => {
    const p = profile()
    const list = succeeded(await call(emu.current, modelsOperation, { action: "list" }, p))
    if (list.result.action !== "list") throw new Error("expected list")
    expect(list.result.models.map((m) => m.name).sort()).toEqual(["qwen2.5-7b-instruct", "vla-policy-base"])
    expect(list.text).toMatch(/ID\s+NAME\s+LATEST\s+STATUS\s+VLLM/)
    expect(list.text).toMatch(/qwen2\.5-7b-instruct\s+2\s+ready/)

    const id = fixtureModel().id
    const detail = succeeded(await call(emu.current, modelsOperation, { action: "detail", model_id: id }, p))
    if (detail.result.action !== "detail") throw new Error("expected detail")
    expect(detail.result.model).toMatchObject({ id, name: "qwen2.5-7b-instruct", latestVersion: 2 })
    expect(detail.result.model.versions.map((v) => [v.version, v.sizeGb, v.vllmCompatible])).toEqual([
      [1, 15.2, true],
      [2, 15.3, true],
    ])
    expect(detail.text).toMatch(/VERSION\s+SIZE\s+VLLM\s+PATH/)
    expect(detail.text).toContain("/inspire/hdd/project/embodied-fm/models/qwen2.5-7b/v2")
  })

  it("creates a model from a path under /inspire/ and lists it", async () => {
    const p = profile()
    const created = succeeded(
      await call(
        emu.current,
        modelsOperation,
        { action: "create", name: "llama-3-8b", model_source_path: `${SOURCE}/`, model_type: "LLM", tags: ["llama"] },
        p,
      ),
    )
    if (created.result.action !== "create") throw new Error("expected create")
    expect(created.result).toMatchObject({
      name: "llama-3-8b",
      sourcePath: SOURCE,
      project: { name: "具身智能基础模型" },
    })
    const modelId = created.result.modelId
    expect(created.text).toContain(`Model llama-3-8b was created (${modelId})`)
    expect(created.text).toContain(`inspire_inference(action="create", model_id="${modelId}"`)
    const stored = emu.current.control.state().models.find((m) => m.id === modelId)
    expect(stored).toMatchObject({ name: "llama-3-8b", sourcePath: SOURCE, modelType: ["LLM"], tags: ["llama"] })
    const list = succeeded(await call(emu.current, modelsOperation, {}, p))
    expect(list.text).toContain("llama-3-8b")
  })

  it("refuses a source path that is not under /inspire/", async () => {
    for (const path of ["models/llama", "/home/me/llama", "/inspire/hdd/project/x/../../etc", "/inspire/"]) {
      const e = failed(
        await call(emu.current, modelsOperation, { action: "create", name: "m", model_source_path: path }, profile()),
      )
      expect(e.reason).toBe("InvalidInput")
      expect(String(e.hint)).toContain("/inspire/hdd/project/<en_name>/models/")
    }
    const none = failed(await call(emu.current, modelsOperation, { action: "create", name: "m" }, profile()))
    expect(none.message).toBe("models create needs model_source_path.")
    expect(emu.current.control.state().models).toHaveLength(2)
  })

  it("deletes only with confirm, and says what would go", async () => {
    const p = profile()
    const id = fixtureModel().id
    const asked = succeeded(await call(emu.current, modelsOperation, { action: "delete", model_id: id }, p))
    expect(asked.result).toMatchObject({ action: "delete", confirmed: false, deleted: false })
    expect(asked.text).toContain("This would delete model qwen2.5-7b-instruct")
    expect(asked.text).toContain("with 2 versions")
    expect(asked.text).toContain("confirm=true")
    expect(emu.current.control.state().models.some((m) => m.id === id)).toBe(true)

    const done = succeeded(
      await call(emu.current, modelsOperation, { action: "delete", model_id: id, confirm: true }, p),
    )
    expect(done.result).toMatchObject({ confirmed: true, deleted: true })
    expect(done.text).toContain("Deleted model qwen2.5-7b-instruct")
    expect(emu.current.control.state().models.some((m) => m.id === id)).toBe(false)
  })

  it("needs a model id and reports an unknown one", async () => {
    const none = failed(await call(emu.current, modelsOperation, { action: "detail" }, profile()))
    expect(none.message).toBe("models detail needs the model's id.")
    expect(String(none.hint)).toContain('inspire_models(action="list")')
    const unknown = failed(
      await call(emu.current, modelsOperation, { action: "delete", model_id: "model-nope", confirm: true }, profile()),
    )
    expect(unknown.reason).toBe("NotFound")
    expect(String(unknown.hint)).toContain('inspire_models(action="list")')
  })
})
