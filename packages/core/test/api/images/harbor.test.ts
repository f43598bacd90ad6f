import { Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { listHarborArtifacts, listHarborRepositories, setHarborDescription } from "../../../src/api/images/index.js"
import { saveHarborLogin } from "../../../src/auth/save.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"

const emu = useEmulator()

beforeEach(() => {
  emu.current.control.reset()
})

const value = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
  return exit.value
}

const loginBoth = Effect.gen(function* () {
  const h = emu.current.demo.harbor
  yield* saveHarborLogin("qb", h.qb.username, h.qb.password)
  yield* saveHarborLogin("sj", h.sj.username, h.sj.password)
})

describe("Harbor repositories and artifacts", () => {
  it("lists each registry's own repositories, newest first, with the total", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* loginBoth
        const qb = yield* listHarborRepositories("qb")
        const sj = yield* listHarborRepositories("sj")
        return { qb, sj }
      }),
    )
    const { qb, sj } = value(exit)
    expect(qb.total).toBe(2)
    expect(qb.repositories.map((r) => r.name).sort()).toEqual(["my-train", "torch-dev"])
    expect(qb.repositories[0]?.fullName).toMatch(/^inspire-studio\//)
    expect(sj.repositories.map((r) => r.name)).toEqual(["ascend-train"])
    expect(typeof sj.repositories[0]?.updatedAt).toBe("number")
  })

  it("searches, pages, and lists artifacts with tags, digest, size and push time", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* loginBoth
        yield* Effect.sync(() => emu.current.control.harborPush("qb", "team/nested", "t1", 123))
        const search = yield* listHarborRepositories("qb", { search: "torch" })
        const page2 = yield* listHarborRepositories("qb", { page: 2, pageSize: 1 })
        const artifacts = yield* listHarborArtifacts("qb", "my-train")
        const nested = yield* listHarborArtifacts("qb", "team/nested")
        const sj = yield* listHarborArtifacts("sj", "ascend-train")
        return { search, page2, artifacts, nested, sj }
      }),
    )
    const { search, page2, artifacts, nested, sj } = value(exit)
    expect(search.repositories.map((r) => r.name)).toEqual(["torch-dev"])
    expect(page2).toMatchObject({ total: 3 })
    expect(page2.repositories).toHaveLength(1)
    expect(artifacts.flatMap((a) => a.tags).sort()).toEqual(["v0", "v1"])
    expect(artifacts[0]?.digest).toMatch(/^sha256:/)
    expect(artifacts[0]?.sizeBytes).toBeGreaterThan(9_000_000_000)
    expect(typeof artifacts[0]?.pushedAt).toBe("number")
    expect(nested).toMatchObject([{ tags: ["t1"], sizeBytes: 123 }])
    expect(sj.map((a) => a.tags)).toEqual([["v1"]])
  })

  it("reads every page of a repository's artifacts", async () => {
    for (let i = 0; i < 51; i++) emu.current.control.harborPush("qb", "many", `t${i}`)
    const exit = await profileFor(emu.current).run(Effect.zipRight(loginBoth, listHarborArtifacts("qb", "many")))
    const tags = value(exit).flatMap((a) => a.tags)
    expect(tags).toHaveLength(51)
    expect(new Set(tags).size).toBe(51)
  })

  it("sets a repository's description", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* loginBoth
        yield* setHarborDescription("qb", "my-train", "training image")
        return yield* listHarborRepositories("qb", { search: "my-train" })
      }),
    )
    expect(value(exit).repositories[0]?.description).toBe("training image")
  })

  it("reports a missing repository as NotFound", async () => {
    const exit = await profileFor(emu.current).run(Effect.zipRight(loginBoth, listHarborArtifacts("qb", "nope")))
    expect(JSON.stringify(exit)).toContain("NotFound")
  })

  it("reports a repository name with a lone UTF-16 surrogate as NotFound, not a URIError", async () => {
    const exit = await profileFor(emu.current).run(Effect.zipRight(loginBoth, listHarborArtifacts("qb", "a\ud800b")))
    expect(exit).toMatchObject({ _tag: "Failure", cause: { error: { reason: "NotFound" } } })
  })

  it("never uses the qb robot for an sj call", async () => {
    const h = emu.current.demo.harbor
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* saveHarborLogin("qb", h.qb.username, h.qb.password)
        const qb = yield* listHarborRepositories("qb")
        const sj = yield* Effect.either(listHarborRepositories("sj"))
        return { qb, sj }
      }),
    )
    const { qb, sj } = value(exit)
    expect(qb.repositories.length).toBeGreaterThan(0)
    expect(sj._tag).toBe("Left")
    expect(JSON.stringify(sj)).toContain("NotLoggedIn")
  })
})
