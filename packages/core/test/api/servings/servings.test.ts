import { Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { findImageByAddress } from "../../../src/api/images/index.js"
import { createServing, getServing, listServings, stopServing } from "../../../src/api/servings/index.js"
import { saveInspireLogin } from "../../../src/auth/save.js"
import { renderWords } from "../../../src/words/render.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { servingInput, VLLM_IMAGE } from "./fixture.js"

const emu = useEmulator()
const IMAGE = VLLM_IMAGE

beforeEach(() => {
  emu.current.control.reset()
  emu.current.control.faults.reset()
})

const value = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
  return exit.value
}

const switchOff = (surfaces: Record<string, "InvalidAction" | "404" | "AccessForbidden">) =>
  Effect.sync(() => emu.current.control.faults.set({ surfaces }))
const advance = (seconds: number) => Effect.sync(() => emu.current.control.clock.advance(seconds))

const input = (name: string) => servingInput(emu.current, name)

describe("inference servings", () => {
  it("deploys, shows, lists and stops a serving", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const created = yield* createServing(input("chat-api"))
        yield* advance(30)
        const detail = yield* getServing(created.servingId)
        const mine = yield* listServings({ workspaceId: detail.workspaceId, mine: true })
        const stop = yield* stopServing(created.servingId)
        yield* advance(60)
        const again = yield* stopServing(created.servingId)
        return { created, detail, mine, stop, again }
      }),
    )
    const r = value(exit)
    expect(r.created.servingId).toMatch(/^sv-/)
    expect(r.created.consoleUrl).toContain("/deploy/inference?spaceId=ws-")
    expect(r.detail).toMatchObject({
      name: "chat-api",
      status: { family: "running" },
      image: IMAGE,
      modelVersion: 2,
      port: 8000,
      replicas: 1,
      specId: input("x").spec.id,
    })
    expect(r.detail.accessUrl).not.toBe("")
    expect(r.mine.servings.map((s) => s.id)).toEqual([r.created.servingId])
    expect(r.stop.sent).toBe(true)
    expect(r.again).toMatchObject({ sent: false })
    expect(r.again.serving.status.family).toBe("stopped")
  })

  it("lists servings across pages", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const data = input("x")
        const image = yield* findImageByAddress(IMAGE, data.workspaceId)
        if (image === undefined) return yield* Effect.die("the fixture image is missing")
        for (let i = 0; i < 51; i++) yield* createServing({ ...data, image, name: `sv-${i}` })
        return yield* listServings({ workspaceId: data.workspaceId })
      }),
    )
    const list = value(exit)
    expect(list.servings).toHaveLength(51)
    expect(new Set(list.servings.map((s) => s.id)).size).toBe(51)
  })

  it("reads the detail from V2, then V1, when OpenAPI does not answer", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const created = yield* createServing(input("fallback"))
        yield* switchOff({ "oa:/openapi/v1/inference_servings/detail": "404" })
        const v2 = yield* getServing(created.servingId)
        yield* switchOff({
          "oa:/openapi/v1/inference_servings/detail": "404",
          "v2:inference_serving.GetServing": "InvalidAction",
        })
        const v1 = yield* getServing(created.servingId)
        return { v2, v1, id: created.servingId }
      }),
    )
    const { v2, v1, id } = value(exit)
    expect(v2).toMatchObject({ id, name: "fallback" })
    expect(v1).toMatchObject({ id, name: "fallback", image: IMAGE })
  })

  it("uses V2 for an account without a token, and never resends a write OpenAPI received", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* switchOff({ "oa:/openapi/v1/inference_servings/create": "AccessForbidden" })
        const refused = yield* Effect.either(createServing(input("refused")))
        yield* switchOff({})
        yield* saveInspireLogin("20250003", "Federated#2026")
        const created = yield* createServing(input("federated"))
        yield* advance(5)
        const stop = yield* stopServing(created.servingId)
        return { refused, created, stop }
      }),
    )
    const { refused, created, stop } = value(exit)
    expect(refused._tag).toBe("Left")
    const tasks = emu.current.control.state().tasks
    expect(tasks.some((t) => t.name === "refused")).toBe(false)
    expect(tasks.filter((t) => t.name === "federated")).toHaveLength(1)
    expect(created.servingId).toMatch(/^sv-/)
    expect(stop.sent).toBe(true)
  })

  it("refuses a training id and a missing serving clearly", async () => {
    const run = profileFor(emu.current).run
    const refused = value(await run(Effect.flip(getServing("job-123"))))
    expect(renderWords(refused.text, "mcp")).toContain("is not a serving id")
    expect(JSON.stringify(await run(getServing("sv-00000000-0000-4000-8000-000000000000")))).toContain("NotFound")
  })

  it("deploys exactly one serving when the answer to the create is lost", async () => {
    emu.current.control.clock.advance(3600)
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const data = input("lost-answer")
        yield* listServings({ workspaceId: data.workspaceId })
        const image = yield* findImageByAddress(IMAGE, data.workspaceId)
        if (image === undefined) return yield* Effect.die("the fixture image is missing")
        // Carried out, its answer unreadable: the look-up finds it (the snapshot read before it answers).
        emu.current.control.faults.set({
          answers: { "oa:/openapi/v1/inference_servings/create": { mode: "empty", rate: 1 } },
        })
        return yield* createServing({ ...data, image })
      }),
    )
    expect(value(exit)).toMatchObject({ recovered: true, attempts: 1 })
    expect(emu.current.control.state().tasks.filter((t) => t.name === "lost-answer")).toHaveLength(1)
  })
})
