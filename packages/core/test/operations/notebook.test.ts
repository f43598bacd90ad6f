import { beforeEach, describe, expect, it } from "vitest"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { useEmulator } from "../emulator.js"
import { call, failed, h100SpecId, succeeded, trainingSpaceProfile } from "./harness.js"

const emu = useEmulator()
const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"

beforeEach(() => {
  emu.current.control.reset()
})

const profile = (extra: NodeJS.ProcessEnv = {}) => trainingSpaceProfile(emu.current, extra)

const specs = () => ({
  dsw: h100SpecId(emu.current, "DSW") ?? "",
  train: h100SpecId(emu.current, "TRAIN") ?? "",
})

const createInput = (extra: Record<string, unknown> = {}) => ({
  action: "create",
  name: "dev-env",
  compute_group: "H100",
  spec: specs().dsw,
  image: IMAGE,
  ...extra,
})

const notebooks = () => emu.current.control.state().tasks.filter((t) => t.kind === "notebook")

const create = async (p: ReturnType<typeof profile>, extra: Record<string, unknown> = {}) => {
  const r = succeeded(await call(emu.current, notebookOperation, createInput(extra), p))
  if (r.result.action !== "create" || r.result.notebookId === undefined) throw new Error("no notebook id")
  return { ...r, id: r.result.notebookId }
}

describe("notebook create", () => {
  it("creates a notebook with shm from defaultShm and shows it running with its access URLs", async () => {
    const p = profile({ INSPIRE_DEFAULT_SHM: "65536" })
    const created = await create(p)
    expect(created.result).toMatchObject({ action: "create", dryRun: false, shmGi: 64, image: IMAGE })
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(created.text).toContain("Notebook dev-env was created.")
    expect(created.text).toContain(`/develop/notebook/${created.id}?spaceId=ws-`)
    expect(notebooks()).toHaveLength(1)

    emu.current.control.clock.advance(30)
    const detail = succeeded(
      await call(emu.current, notebookOperation, { action: "detail", notebook_id: created.id }, p),
    )
    expect(detail.result).toMatchObject({
      action: "detail",
      notebook: { id: created.id, status: { family: "running" } },
    })
    expect(detail.result.action === "detail" && detail.result.access?.jupyterUrl).toMatch(/jupyter/)
    expect(detail.text).toMatch(/jupyter:\s+http/)
    expect(detail.text).toMatch(/console:\s+http.*\/develop\/notebook\//)

    const list = succeeded(await call(emu.current, notebookOperation, { action: "list", status: "running" }, p))
    expect(list.result.action === "list" && list.result.notebooks.map((n) => n.id)).toEqual([created.id])
    expect(list.text).toMatch(/ID\s+NAME\s+STATUS/)
    expect(list.text).toContain("Notebooks in 分布式训练空间 (running): 1")
    const none = succeeded(
      await call(emu.current, notebookOperation, { action: "list", keyword: "nothing-like-it" }, p),
    )
    expect(none.text).toContain("(no notebooks)")
  })

  it("checks a dry run without creating", async () => {
    const r = succeeded(await call(emu.current, notebookOperation, createInput({ dry_run: true, shm: 32 }), profile()))
    expect(r.result).toMatchObject({ dryRun: true, shmGi: 32, spec: { id: specs().dsw } })
    expect(r.text).toContain("Dry run: Create notebook dev-env in 分布式训练空间 — nothing was sent or changed.")
    expect((r.result as { plan?: { requests: unknown[] } }).plan?.requests[0]).toMatchObject({
      surface: "api/v2/notebook?Action=CreateNotebook",
      body: { name: "dev-env" },
    })
    expect(notebooks()).toHaveLength(0)
  })

  it("refuses a training spec with the notebook specs as candidates", async () => {
    const e = failed(await call(emu.current, notebookOperation, createInput({ spec: specs().train }), profile()))
    expect(e.reason).toBe("InvalidInput")
    expect(e.message).toContain("it is a spec for training jobs, not notebooks")
    expect(JSON.stringify(e.candidates)).toContain(specs().dsw)
    expect(JSON.stringify(e.candidates)).not.toContain(specs().train)
    expect(notebooks()).toHaveLength(0)
  })

  it("refuses a pushed image that is not registered, with the 镜像管理 steps", async () => {
    emu.current.control.harborPush("qb", "fresh-env", "v3")
    const e = failed(
      await call(
        emu.current,
        notebookOperation,
        createInput({ image: "docker.sii.shaipower.online/inspire-studio/fresh-env:v3" }),
        profile(),
      ),
    )
    expect(e.message).toContain("is not registered on the platform")
    expect(String(e.hint)).toContain("镜像管理 → 新建镜像 (镜像名称 fresh-env, 版本号 v3)")
    expect(notebooks()).toHaveLength(0)
  })

  it("accepts a registered image by its short name", async () => {
    const r = succeeded(
      await call(emu.current, notebookOperation, createInput({ image: "my-train:v1", dry_run: true }), profile()),
    )
    expect(r.result).toMatchObject({ image: "docker.sii.shaipower.online/inspire-studio/my-train:v1" })
    expect(r.text).toContain("resolved to the registered")
  })
})

describe("notebook lifecycle", () => {
  it("stops, reports an already stopped notebook, starts again, and deletes only with confirm", async () => {
    const p = profile()
    const { id } = await create(p)
    emu.current.control.clock.advance(30)

    const running = failed(
      await call(emu.current, notebookOperation, { action: "delete", notebook_id: id, confirm: true }, p),
    )
    expect(running.reason).toBe("Conflict")
    expect(running.message).toContain("only a stopped or failed notebook can be deleted")
    const preview = succeeded(await call(emu.current, notebookOperation, { action: "delete", notebook_id: id }, p))
    expect(preview.result).toMatchObject({ sent: false, confirmed: false })
    expect(preview.text).toContain("stop it first")

    const stop = succeeded(await call(emu.current, notebookOperation, { action: "stop", notebook_id: id }, p))
    expect(stop.result).toMatchObject({ action: "stop", sent: true })
    expect(stop.text).toContain("is stopping")
    emu.current.control.clock.advance(60)
    const again = succeeded(await call(emu.current, notebookOperation, { action: "stop", notebook_id: id }, p))
    expect(again.result).toMatchObject({ sent: false })
    expect(again.text).toContain("is already STOPPED")

    const unconfirmed = succeeded(await call(emu.current, notebookOperation, { action: "delete", notebook_id: id }, p))
    expect(unconfirmed.result).toMatchObject({ sent: false, confirmed: false })
    expect(unconfirmed.text).toContain("nothing was deleted")
    expect(unconfirmed.text).toContain("confirm=true")
    expect(notebooks()).toHaveLength(1)

    const start = succeeded(await call(emu.current, notebookOperation, { action: "start", notebook_id: id }, p))
    expect(start.result).toMatchObject({ action: "start", sent: true })
    emu.current.control.clock.advance(30)
    const started = succeeded(await call(emu.current, notebookOperation, { action: "start", notebook_id: id }, p))
    expect(started.text).toContain("is already RUNNING")

    succeeded(await call(emu.current, notebookOperation, { action: "stop", notebook_id: id }, p))
    emu.current.control.clock.advance(60)
    const deleted = succeeded(
      await call(emu.current, notebookOperation, { action: "delete", notebook_id: id, confirm: true }, p),
    )
    expect(deleted.result).toMatchObject({ action: "delete", sent: true, confirmed: true })
    expect(deleted.text).toContain("was deleted")
    const gone = failed(await call(emu.current, notebookOperation, { action: "detail", notebook_id: id }, p))
    expect(gone.reason).toBe("NotFound")
    expect(String(gone.hint)).toContain('inspire_notebook(action="list")')
  })

  it("looks up a name it does not know and refuses the ids of other tasks", async () => {
    const nb = failed(
      await call(emu.current, notebookOperation, { action: "detail", notebook_id: "nb-1234" }, profile()),
    )
    expect(nb.reason).toBe("NotFound")
    expect(nb.message).toBe('No notebook is named "nb-1234" or has an id starting with it in workspace 分布式训练空间.')
    expect(String(nb.hint)).toContain('inspire_notebook(action="list")')
    const job = failed(
      await call(
        emu.current,
        notebookOperation,
        { action: "stop", notebook_id: "job-00000000-0000-4000-8000-000000000abc" },
        profile(),
      ),
    )
    expect(job.message).toContain("is not a notebook id")
    const missing = failed(await call(emu.current, notebookOperation, { action: "start" }, profile()))
    expect(missing.message).toBe("notebook start needs the notebook's id.")
  })
})
