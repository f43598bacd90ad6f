import { Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import {
  findImageByAddress,
  listPlatformImages,
  registerImage,
  waitForImageReady,
} from "../../../src/api/images/index.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { dropNextConnection, workspaceId } from "../notebooks/fixture.js"

const emu = useEmulator()

beforeEach(() => {
  emu.current.control.reset()
})

const value = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
  return exit.value
}

const QB = "docker.sii.shaipower.online/inspire-studio"

describe("platform images", () => {
  it("lists every image a workspace can use, decoded", async () => {
    const ws = workspaceId(emu.current, "分布式训练空间")
    const images = value(await profileFor(emu.current).run(listPlatformImages({ workspaceId: ws })))
    const torch = images.find((i) => i.address === `${QB}/pytorch:2.4.0-cuda12.4-py311`)
    expect(torch).toMatchObject({ name: "pytorch", version: "2.4.0-cuda12.4-py311", source: "SOURCE_OFFICIAL" })
    expect(torch?.imageId).toMatch(/^image-/)
    expect(torch?.sizeBytes).toBe(18_400_000_000)
    expect(typeof torch?.createdAt).toBe("number")
    // qb workspaces never see sj images: the registries do not share images.
    expect(images.some((i) => i.address.startsWith("docker-t."))).toBe(false)
  })

  it("applies the official, public and private filter variants and a local search", async () => {
    const ws = workspaceId(emu.current, "分布式训练空间")
    const run = profileFor(emu.current).run
    const official = value(await run(listPlatformImages({ workspaceId: ws, source: "official" })))
    const pub = value(await run(listPlatformImages({ workspaceId: ws, source: "public" })))
    const mine = value(await run(listPlatformImages({ workspaceId: ws, source: "private" })))
    const found = value(await run(listPlatformImages({ workspaceId: ws, search: "VLLM" })))
    expect(official.every((i) => i.source === "SOURCE_OFFICIAL")).toBe(true)
    expect(pub.map((i) => i.name)).toEqual(["deepspeed"])
    expect(mine.map((i) => `${i.name}:${i.version}`)).toEqual(["my-train:v1"])
    expect(found.map((i) => i.name)).toEqual(["vllm"])
  })

  it("finds an image by its display or push address", async () => {
    const ws = workspaceId(emu.current, "分布式训练空间")
    const run = profileFor(emu.current).run
    const byDisplay = value(await run(findImageByAddress(`${QB}/my-train:v1`, ws)))
    const byPush = value(await run(findImageByAddress("docker-qb.sii.edu.cn/inspire-studio/my-train:v1", ws)))
    const missing = value(await run(findImageByAddress(`${QB}/nothing:v9`, ws)))
    const short = value(await run(findImageByAddress("my-train:v1", ws)))
    const sjShort = value(
      await run(findImageByAddress("pytorch-ascend:2.1.0-cann8.0", workspaceId(emu.current, "SJ资源空间"))),
    )
    expect(short?.imageId).toBe(byDisplay?.imageId)
    expect(sjShort?.address).toBe("docker-t.sii.shaipower.online/inspire-studio/pytorch-ascend:2.1.0-cann8.0")
    expect(byDisplay?.name).toBe("my-train")
    expect(byPush?.imageId).toBe(byDisplay?.imageId)
    expect(missing).toBeUndefined()
  })

  it("registers a push slot that turns READY after the push, and waits for it", async () => {
    const ws = workspaceId(emu.current, "分布式训练空间")
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const slot = yield* registerImage({
          name: "fresh",
          version: "v1",
          workspaceId: ws,
          addMethod: 0,
          visibility: "VISIBILITY_PRIVATE",
        })
        const early = yield* Effect.either(
          waitForImageReady(slot.imageId, { timeout: "50 millis", interval: "10 millis" }),
        )
        yield* Effect.sync(() => emu.current.control.harborPush("qb", "fresh", "v1"))
        const ready = yield* waitForImageReady(slot.imageId, { timeout: "2 seconds", interval: "10 millis" })
        return { slot, early, ready }
      }),
    )
    const { slot, early, ready } = value(exit)
    expect(slot).toMatchObject({
      address: `${QB}/fresh:v1`,
      pushTarget: "docker-qb.sii.edu.cn/inspire-studio/fresh:v1",
      status: "BUILDING",
      recovered: false,
    })
    expect(JSON.stringify(early)).toContain("still BUILDING")
    expect(ready.status).toBe("READY")
  })

  it("registers an existing address in the sj registry for an sj workspace", async () => {
    const ws = workspaceId(emu.current, "SJ资源空间")
    const exit = await profileFor(emu.current).run(
      registerImage({
        name: "ascend-train",
        version: "v1",
        workspaceId: ws,
        addMethod: 2,
        visibility: "VISIBILITY_PRIVATE",
      }),
    )
    expect(value(exit)).toMatchObject({
      address: "docker-t.sii.shaipower.online/inspire-studio/ascend-train:v1",
      pushTarget: undefined,
      status: "READY",
    })
  })

  it("refuses an invalid image name before calling the platform", async () => {
    const exit = await profileFor(emu.current).run(
      registerImage({
        name: "Bad Name",
        version: "v1",
        workspaceId: "ws-x",
        addMethod: 2,
        visibility: "VISIBILITY_PRIVATE",
      }),
    )
    expect(JSON.stringify(exit)).toContain("InvalidInput")
  })

  it("registers exactly once when the answer is lost", async () => {
    const ws = workspaceId(emu.current, "分布式训练空间")
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* listPlatformImages({ workspaceId: ws })
        yield* dropNextConnection(emu.current)
        return yield* registerImage({
          name: "once",
          version: "v1",
          workspaceId: ws,
          addMethod: 2,
          visibility: "VISIBILITY_PRIVATE",
        })
      }),
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(emu.current.control.state().images.filter((i) => i.name === "once")).toHaveLength(1)
  })
})
