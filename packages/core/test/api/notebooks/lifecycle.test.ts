import { Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { findImageByAddress } from "../../../src/api/images/index.js"
import {
  createNotebook,
  deleteNotebook,
  getNotebook,
  getNotebookAccessUrl,
  listNotebooks,
  startNotebook,
  stopNotebook,
} from "../../../src/api/notebooks/index.js"
import { renderWords } from "../../../src/words/render.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { placement } from "./fixture.js"

const emu = useEmulator()
const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"

beforeEach(() => {
  emu.current.control.reset()
  emu.current.control.faults.reset()
})

const value = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
  return exit.value
}

const input = (name: string) => {
  const p = placement(emu.current, "分布式训练空间", "DSW", 1)
  return {
    workspaceId: p.workspaceId,
    projectId: p.projectId,
    projectName: p.projectName,
    logicComputeGroupId: p.lcgId,
    name,
    spec: p.spec,
    image: IMAGE,
    priority: 4,
    sharedMemoryGi: 16,
    allowSsh: true,
  }
}

const advance = (seconds: number) => Effect.sync(() => emu.current.control.clock.advance(seconds))

describe("notebook lifecycle", () => {
  it("creates, runs, stops, starts and deletes a notebook, refusing what the state forbids", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const created = yield* createNotebook(input("dev-box"))
        yield* advance(30)
        const running = yield* getNotebook(created.notebookId)
        const urls = yield* getNotebookAccessUrl(created.notebookId)
        const deleteWhileRunning = yield* Effect.either(deleteNotebook(created.notebookId))
        const startWhileRunning = yield* startNotebook(created.notebookId)
        const stop = yield* stopNotebook(created.notebookId)
        yield* advance(60)
        const stopAgain = yield* stopNotebook(created.notebookId)
        const urlWhileStopped = yield* Effect.either(getNotebookAccessUrl(created.notebookId))
        const start = yield* startNotebook(created.notebookId)
        yield* advance(30)
        const restarted = yield* getNotebook(created.notebookId)
        yield* stopNotebook(created.notebookId)
        yield* advance(60)
        const deleted = yield* deleteNotebook(created.notebookId)
        return {
          created,
          running,
          urls,
          deleteWhileRunning,
          startWhileRunning,
          stop,
          stopAgain,
          urlWhileStopped,
          start,
          restarted,
          deleted,
        }
      }),
    )
    const r = value(exit)
    expect(r.created.notebookId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/)
    expect(r.created.consoleUrl).toContain(`/develop/notebook/${r.created.notebookId}?spaceId=ws-`)
    expect(r.running).toMatchObject({
      name: "dev-box",
      status: { family: "running", raw: "RUNNING" },
      gpuCount: 1,
      sharedMemoryGi: 16,
      allowSsh: true,
      projectName: "具身智能基础模型",
      image: { name: "pytorch", address: IMAGE },
    })
    expect(r.running.logicComputeGroupId).toMatch(/^lcg-/)
    expect(r.running.ssh.node).not.toBe("")
    expect(r.urls.jupyterUrl).toContain(`/jupyter/${r.created.notebookId}/`)
    expect(JSON.stringify(r.deleteWhileRunning)).toContain("only a stopped or failed notebook can be deleted")
    expect(r.startWhileRunning.sent).toBe(false)
    expect(r.stop.sent).toBe(true)
    expect(r.stopAgain).toMatchObject({ sent: false })
    expect(renderWords(r.stopAgain.message, "mcp")).toContain("already STOPPED")
    const stoppedHint = (r.urlWhileStopped as unknown as { left: { hint: string } }).left.hint
    expect(renderWords(stoppedHint, "mcp")).toContain(
      `inspire_notebook(action="start", notebook_id="${r.created.notebookId}")`,
    )
    expect(r.start.sent).toBe(true)
    expect(r.restarted.status.family).toBe("running")
    expect(r.deleted.sent).toBe(true)
    expect(emu.current.control.state().tasks.some((t) => t.id === r.created.notebookId)).toBe(false)
  })

  it("lists notebooks across pages, filtered by status family and keyword", async () => {
    const cpu = placement(emu.current, "CPU资源空间", "DSW", 0)
    const base = {
      ...input("x"),
      workspaceId: cpu.workspaceId,
      logicComputeGroupId: cpu.lcgId,
      spec: cpu.spec,
      sharedMemoryGi: 1,
    }
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        for (let i = 0; i < 52; i++) yield* createNotebook({ ...base, name: `nb-${i}` })
        const all = yield* listNotebooks({ workspaceId: cpu.workspaceId })
        const keyword = yield* listNotebooks({ workspaceId: cpu.workspaceId, keyword: "nb-51" })
        const stopped = yield* listNotebooks({ workspaceId: cpu.workspaceId, status: "stopped" })
        return { all, keyword, stopped }
      }),
    )
    const { all, keyword, stopped } = value(exit)
    expect(all.notebooks).toHaveLength(52)
    expect(new Set(all.notebooks.map((n) => n.id)).size).toBe(52)
    expect(all).toMatchObject({ total: 52, truncated: false })
    expect(keyword.notebooks.map((n) => n.name)).toEqual(["nb-51"])
    expect(stopped.notebooks).toHaveLength(0)
  })

  it("refuses an unregistered image, a push-domain image and a non-notebook id", async () => {
    const run = profileFor(emu.current).run
    const unregistered = await run(
      createNotebook({ ...input("a"), image: "docker.sii.shaipower.online/inspire-studio/none:v1" }),
    )
    const push = await run(
      createNotebook({ ...input("b"), image: "docker-qb.sii.edu.cn/inspire-studio/pytorch:2.4.0-cuda12.4-py311" }),
    )
    const wrongId = await run(getNotebook("job-123"))
    expect(JSON.stringify(unregistered)).toContain("is not registered")
    expect(JSON.stringify(push)).toContain(`"fix":"${IMAGE}"`)
    expect(JSON.stringify(wrongId)).toContain("is not a notebook id")
    expect(emu.current.control.state().tasks).toHaveLength(0)
  })

  it("creates exactly one notebook when the answer to the create is lost", async () => {
    emu.current.control.clock.advance(3600)
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const data = input("lost-answer")
        yield* listNotebooks({ workspaceId: data.workspaceId })
        const image = yield* findImageByAddress(IMAGE, data.workspaceId)
        if (image === undefined) return yield* Effect.die("the fixture image is missing")
        // Carried out, its answer unreadable: the look-up finds it (the snapshot read before it answers).
        emu.current.control.faults.set({ answers: { "v2:notebook.CreateNotebook": { mode: "empty", rate: 1 } } })
        return yield* createNotebook({ ...data, image })
      }),
    )
    expect(value(exit)).toMatchObject({ recovered: true, attempts: 1 })
    expect(emu.current.control.state().tasks.filter((t) => t.name === "lost-answer")).toHaveLength(1)
  })
})
