import { Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import {
  createNotebook,
  deleteNotebook,
  getNotebook,
  listNotebooks,
  startNotebook,
  stopNotebook,
} from "../../../src/api/notebooks/index.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { placement } from "./fixture.js"

const emu = useEmulator()
const IMAGE = "docker.sii.shaipower.online/inspire-studio/my-train:v1"

beforeEach(() => {
  emu.current.control.reset()
})

const value = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
  return exit.value
}

const switchOff = (surfaces: Record<string, "InvalidAction" | "404" | "AccessForbidden">) =>
  Effect.sync(() => emu.current.control.faults.set({ surfaces }))
const advance = (seconds: number) => Effect.sync(() => emu.current.control.clock.advance(seconds))

const create = (name: string) => {
  const p = placement(emu.current, "CPU资源空间", "DSW", 0)
  return createNotebook({
    workspaceId: p.workspaceId,
    projectId: p.projectId,
    logicComputeGroupId: p.lcgId,
    name,
    spec: p.spec,
    image: IMAGE,
    priority: 3,
  })
}

describe("notebook fallbacks", () => {
  it("reads through V1 when the V2 list and detail do not answer", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const created = yield* create("via-v1")
        yield* switchOff({ "v2:notebook.ListNotebooks": "InvalidAction", "v2:notebook.GetNotebook": "404" })
        const list = yield* listNotebooks({
          workspaceId: placement(emu.current, "CPU资源空间", "DSW", 0).workspaceId,
          keyword: "via",
        })
        const one = yield* getNotebook(created.notebookId)
        return { created, list, one }
      }),
    )
    const { created, list, one } = value(exit)
    expect(list.notebooks.map((n) => n.id)).toEqual([created.notebookId])
    expect(one).toMatchObject({ id: created.notebookId, name: "via-v1", image: { address: IMAGE } })
    expect(created.warnings.join(" ")).toContain("pre-emptible")
  })

  it("starts, stops and deletes through V1 when the V2 actions do not exist", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const created = yield* create("operate-v1")
        yield* advance(30)
        yield* switchOff({ "v2:notebook.*": "InvalidAction" })
        const stop = yield* stopNotebook(created.notebookId)
        yield* advance(60)
        const stopped = yield* getNotebook(created.notebookId)
        const start = yield* startNotebook(created.notebookId)
        yield* advance(30)
        const running = yield* getNotebook(created.notebookId)
        yield* stopNotebook(created.notebookId)
        yield* advance(60)
        yield* deleteNotebook(created.notebookId)
        return { stop, stopped, start, running, id: created.notebookId }
      }),
    )
    const r = value(exit)
    expect(r.stop.sent).toBe(true)
    expect(r.stopped.status.family).toBe("stopped")
    expect(r.start.sent).toBe(true)
    expect(r.running.status.family).toBe("running")
    expect(emu.current.control.state().tasks.some((t) => t.id === r.id)).toBe(false)
  })

  it("creates through V1 when V2 does not know CreateNotebook, and says so when no surface answers a read", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        yield* switchOff({ "v2:notebook.CreateNotebook": "InvalidAction" })
        const created = yield* Effect.either(create("not-twice"))
        yield* switchOff({ "v2:notebook.GetNotebook": "404", "v1:GET /api/v1/notebook/:id": "404" })
        const read = yield* Effect.either(getNotebook("00000000-0000-4000-8000-000000000000"))
        return { created, read }
      }),
    )
    const { created, read } = value(exit)
    expect(created._tag).toBe("Right")
    expect(emu.current.control.state().tasks.filter((t) => t.name === "not-twice")).toHaveLength(1)
    expect(JSON.stringify(read)).toContain("Neither notebook detail answers")
  })

  it("stops a V2 write refused with AccessForbidden instead of retrying it elsewhere", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const created = yield* create("forbidden")
        yield* advance(30)
        yield* switchOff({ "v2:notebook.StopNotebook": "AccessForbidden" })
        const stop = yield* Effect.either(stopNotebook(created.notebookId))
        yield* switchOff({})
        const after = yield* getNotebook(created.notebookId)
        return { stop, after }
      }),
    )
    const { stop, after } = value(exit)
    expect(stop._tag).toBe("Left")
    expect(after.status.family).toBe("running")
  })
})
