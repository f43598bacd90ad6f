import { Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { createModel, deleteModel, getModel, listModels } from "../../../src/api/models/index.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { dropNextConnection, workspaceId } from "../notebooks/fixture.js"

const emu = useEmulator()
const TRAIN = "分布式训练空间"

beforeEach(() => {
  emu.current.control.reset()
})

const value = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
  return exit.value
}

describe("models", () => {
  it("lists a workspace's models with their latest version and project name", async () => {
    const exit = await profileFor(emu.current).run(listModels({ workspaceId: workspaceId(emu.current, TRAIN) }))
    const { models, truncated } = value(exit)
    expect(truncated).toBe(false)
    const qwen = models.find((m) => m.name === "qwen2.5-7b-instruct")
    expect(qwen).toMatchObject({
      status: "ready",
      latestVersion: 2,
      projectName: "具身智能基础模型",
      vllmCompatible: true,
    })
    expect(qwen?.modelType).toEqual(["LLM"])
    expect(typeof qwen?.createdAt).toBe("number")
  })

  it("reads every page when there are more models than one page holds", async () => {
    const ws = workspaceId(emu.current, TRAIN)
    const project = emu.current.control.state().projects[0]?.id ?? ""
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        for (let i = 0; i < 101; i++) yield* createModel({ workspaceId: ws, projectId: project, name: `bulk-${i}` })
        return yield* listModels({ workspaceId: ws })
      }),
    )
    expect(value(exit).models).toHaveLength(103)
  })

  it("shows a model's detail with its versions", async () => {
    const id = emu.current.control.state().models[0]?.id ?? ""
    const model = value(await profileFor(emu.current).run(getModel(id)))
    expect(model).toMatchObject({ id, name: "qwen2.5-7b-instruct", status: "ready", latestVersion: 2, nextVersion: 3 })
    expect(model.versions.map((v) => v.version)).toEqual([1, 2])
    expect(model.versions[0]?.sizeGb).toBe(15.2)
    expect(model.owner).toBe("张演示")
  })

  it("creates a model with exactly the documented fields and deletes it", async () => {
    const ws = workspaceId(emu.current, TRAIN)
    const project = emu.current.control.state().projects[0]?.id ?? ""
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const created = yield* createModel({
          workspaceId: ws,
          projectId: project,
          name: "my-llm",
          modelSourcePath: "/inspire/hdd/project/embodied-fm/public/my-llm",
          modelType: ["LLM"],
          tags: ["test"],
        })
        const detail = yield* getModel(created.modelId)
        yield* deleteModel(created.modelId)
        return { created, detail }
      }),
    )
    const { created, detail } = value(exit)
    expect(created.recovered).toBe(false)
    expect(detail).toMatchObject({ name: "my-llm", tags: ["test"], modelType: ["LLM"] })
    expect(emu.current.control.state().models.some((m) => m.id === created.modelId)).toBe(false)
  })

  it("reports a missing model as NotFound", async () => {
    const exit = await profileFor(emu.current).run(getModel("model-does-not-exist"))
    expect(JSON.stringify(exit)).toContain("NotFound")
  })

  it("rejects a bad model name before calling the platform", async () => {
    const exit = await profileFor(emu.current).run(
      createModel({ workspaceId: workspaceId(emu.current, TRAIN), projectId: "p", name: "bad name" }),
    )
    expect(JSON.stringify(exit)).toContain("InvalidInput")
  })

  it("creates exactly one model when the answer to the create is lost", async () => {
    const ws = workspaceId(emu.current, TRAIN)
    const project = emu.current.control.state().projects[0]?.id ?? ""
    emu.current.control.clock.advance(3600)
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* listModels({ workspaceId: ws })
        yield* dropNextConnection(emu.current)
        return yield* createModel({ workspaceId: ws, projectId: project, name: "once" })
      }),
    )
    expect(value(exit)).toMatchObject({ recovered: false, attempts: 2 })
    expect(emu.current.control.state().models.filter((m) => m.name === "once")).toHaveLength(1)
  })
})
