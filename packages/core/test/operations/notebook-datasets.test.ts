import { beforeEach, describe, expect, it } from "vitest"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { useEmulator } from "../emulator.js"
import { call, failed, h100SpecId, succeeded, trainingSpaceProfile } from "./harness.js"

// A notebook mounts datasets as a job does: `ID` (the latest version) or `ID:VERSION`, checked by the
// platform before the create, sent as the create's `dataset_info`, and shown by detail.

const emu = useEmulator()
const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"

beforeEach(() => {
  emu.current.control.reset()
})

const createInput = (name: string, dataset: ReadonlyArray<string>) => ({
  action: "create",
  name,
  compute_group: "H100",
  spec: h100SpecId(emu.current, "DSW") ?? "",
  image: IMAGE,
  dataset,
})
const dataset = (name: string) => {
  const d = emu.current.control.state().datasets.find((x) => x.name === name)
  if (d === undefined) throw new Error(`no dataset ${name}`)
  return d
}
const notebooks = () => emu.current.control.state().tasks.filter((t) => t.kind === "notebook")
const creates = () => emu.current.control.requests().log.filter((q) => q.write && /create/i.test(q.surface))

describe("datasets on a notebook create", () => {
  it("dry-runs the body with dataset_info, creates with it, and the detail shows the mount", async () => {
    const e = emu.current
    const p = trainingSpaceProfile(e)
    const episodes = dataset("robot-manipulation-episodes")
    const latest = episodes.versions.at(-1)?.id ?? ""
    const dry = succeeded(
      await call(e, notebookOperation, { ...createInput("nb-ds", [episodes.id]), dry_run: true }, p),
    )
    const body = JSON.stringify(dry.result.action === "create" ? dry.result.plan?.requests : undefined)
    expect(body).toContain(`"dataset_info":[{"dataset_id":"${episodes.id}","version_id":"${latest}","path":`)
    expect(notebooks()).toEqual([])
    const created = succeeded(await call(e, notebookOperation, createInput("nb-ds", [episodes.id]), p))
    if (created.result.action !== "create") throw new Error("not a create")
    expect(created.result.datasets?.[0]).toMatch(new RegExp(`^${episodes.id}:${latest} → `))
    const detail = succeeded(
      await call(e, notebookOperation, { action: "detail", notebook_id: created.result.notebookId }, p),
    )
    if (detail.result.action !== "detail") throw new Error("not a detail")
    expect(detail.result.notebook.datasets).toEqual([
      { datasetId: episodes.id, versionId: latest, path: `rclone-worker-1/${episodes.id}/${latest}` },
    ])
    expect(detail.text).toMatch(new RegExp(`datasets:\\s+${episodes.id}:${latest} → rclone-worker-1/`))
  }, 60_000)

  it("refuses an unknown dataset or version before anything is created", async () => {
    const e = emu.current
    const p = trainingSpaceProfile(e)
    const episodes = dataset("robot-manipulation-episodes")
    const cases: ReadonlyArray<[ReadonlyArray<string>, RegExp]> = [
      [["ds-00000000-0000-4000-8000-000000000000"], /dataset/i],
      [[`${episodes.id}:v-no-such`], /version/i],
      [[":v1"], /dataset/],
    ]
    for (const [refs, said] of cases) {
      const refused = failed(await call(e, notebookOperation, createInput("nb-bad", refs), p))
      expect(refused.reason).toBe("InvalidInput")
      expect(refused.message).toMatch(said)
    }
    expect(creates()).toEqual([])
    expect(notebooks()).toEqual([])
  }, 60_000)
})
