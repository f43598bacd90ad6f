import { Exit } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import type { LookupKind } from "../../src/domain/lookup.js"
import type { Operation } from "../../src/operations/catalogue/operation.js"
import { idFieldsOf } from "../../src/operations/catalogue/refs.js"
import { OPERATIONS } from "../../src/operations/registry.js"
import { useEmulator } from "../emulator.js"
import { type ExampleVars, exampleWorld, fillExample, tryCalls } from "./examples-fixture.js"
import { call, failed, succeeded, trainingSpaceProfile } from "./harness.js"
import { freshPlatform, startJob } from "./tasks-fixture.js"

// The contract of every input field that takes an id (tagged with `refersTo`): it takes the thing's name
// and a unique id prefix as well, and acts on the same thing as with its id. The fields and the calls come
// from the catalogue (its tags and its examples), so a new field or operation is covered without editing
// this. Sweeps are local files, named the same way; sweep-control.test.ts runs them by name.

const emu = useEmulator()
type Profile = ReturnType<typeof trainingSpaceProfile>

// The placeholder of the examples' world that stands for a thing of each kind.
const PLACEHOLDER: Partial<Record<LookupKind, string>> = {
  train: "train_job",
  hpc: "hpc_job",
  serving: "serving",
  notebook: "notebook",
  model: "model",
}

// Every tagged field of every call the catalogue's examples make, once per kind the field takes.
const cases = OPERATIONS.flatMap((op) =>
  idFieldsOf(op).flatMap(({ field, kinds }) =>
    tryCalls(op)
      .filter((c) => typeof c[field] === "string" && /^\{[a-z_]+\}$/.test(String(c[field])))
      .flatMap((c) =>
        kinds.flatMap((kind) => {
          const placeholder = PLACEHOLDER[kind]
          if (placeholder === undefined) return []
          // An example that names one particular thing (a stopped notebook) keeps it.
          const fixed = String(c[field]) !== "{train_job}" && kinds.length === 1
          // A call that writes a file writes it again each time.
          const again = (op.effects.fileInputs ?? []).filter((f) =>
            Object.entries(f.example).every(([k, v]) => c[k] === v),
          )
          const input = {
            ...c,
            ...Object.fromEntries(again.map((f) => [f.overwrite, true])),
            [field]: fixed ? c[field] : `{${placeholder}}`,
          }
          return [[`${op.name} ${JSON.stringify(input)}`, op, input, field] as const]
        }),
      ),
  ),
)

const ID_HEAD = /^(hpc-job-|job-|sv-|model-)/

/** A unique prefix of an id as a person copies it: its kind's head and eight characters. */
const prefixOf = (id: string): string => id.slice(0, (ID_HEAD.exec(id)?.[0].length ?? 0) + 8)

/** The name and workspace of the thing an id names, from the emulator's state. */
const thingOf = (id: string): { readonly name: string; readonly workspaceId: string } => {
  const s = emu.current.control.state()
  const task = s.tasks.find((t) => t.id === id)
  if (task !== undefined) return { name: task.name, workspaceId: task.workspaceId }
  const model = s.models.find((m) => m.id === id)
  if (model !== undefined) return { name: model.name, workspaceId: model.workspaceId }
  throw new Error(`nothing has the id ${id}`)
}

const workspaceName = (id: string) => emu.current.control.state().workspaces.find((w) => w.id === id)?.name

// What a call came to: the result with the texts worded, or the failure's reason and message.
const outcomeOf = (exit: Awaited<ReturnType<typeof call>>) =>
  Exit.isSuccess(exit)
    ? { ok: true as const, json: JSON.stringify(exit.value.result) }
    : { ok: false as const, reason: failed(exit).reason, message: failed(exit).message }

describe("names and id prefixes wherever an id is taken", () => {
  let profile: Profile
  let vars: ExampleVars

  beforeAll(async () => {
    freshPlatform(emu.current)
    profile = trainingSpaceProfile(emu.current)
    vars = await exampleWorld(emu.current, profile)
  }, 60_000)

  it("tags every field that takes an id", () => {
    const untagged = OPERATIONS.flatMap((op) =>
      Object.keys(op.input.shape)
        .filter((f) => /_id$|^notebook$|^sweep$/.test(f) && !idFieldsOf(op).some((t) => t.field === f))
        .map((f) => `${op.name}.${f}`),
    )
    expect(untagged).toEqual([])
    expect(cases.length).toBeGreaterThan(20)
  })

  it.each(cases)("%s", async (_, op: Operation, raw, field) => {
    const input = fillExample(raw, vars)
    const id = String(input[field])
    const thing = thingOf(id)
    const elsewhere = thing.workspaceId !== "" && workspaceName(thing.workspaceId) !== "分布式训练空间"
    // A thing outside the default workspace is named with its workspace, where the operation takes one.
    if (elsewhere && !("workspace" in op.input.shape)) return
    const where = elsewhere ? { workspace: workspaceName(thing.workspaceId) } : {}
    const byId = outcomeOf(await call(emu.current, op, { ...input, ...where }, profile))
    for (const named of [thing.name, prefixOf(id)]) {
      const got = outcomeOf(await call(emu.current, op, { ...input, ...where, [field]: named }, profile))
      if (byId.ok) {
        expect(got, `${op.name} with ${field}="${named}"`).toMatchObject({ ok: true })
        if (got.ok) expect(got.json, `${op.name} with ${field}="${named}" acts on ${id}`).toContain(id)
      } else expect(got, `${op.name} with ${field}="${named}"`).toEqual(byId)
    }
  })
})

describe("a lookup's requests and failures", () => {
  let profile: Profile
  let vars: ExampleVars
  const lists = () =>
    emu.current.control
      .requests()
      .log.map((r) => r.surface)
      .filter((s) =>
        /ListJobs$|ListNotebooks$|ListServings$|(train_job|hpc_jobs|notebook|inference_servings)\/list$/.test(s),
      )

  beforeAll(async () => {
    freshPlatform(emu.current)
    profile = trainingSpaceProfile(emu.current)
    vars = await exampleWorld(emu.current, profile)
    await startJob(emu.current, profile, "twin")
    await startJob(emu.current, profile, "twin")
  }, 60_000)

  const op = (name: string) => {
    const found = OPERATIONS.find((o) => o.name === name)
    if (found === undefined) throw new Error(name)
    return found
  }

  it("reads an id directly and a name with one list of its kind", async () => {
    const e = emu.current
    const notebook = String(vars.notebook)
    e.control.clearRequests()
    succeeded(await call(e, op("notebook"), { action: "detail", notebook_id: notebook }, profile))
    expect(lists()).toEqual([])
    succeeded(await call(e, op("notebook"), { action: "detail", notebook_id: "dry-running" }, profile))
    expect(lists()).toHaveLength(1)
    expect(lists()[0]).toMatch(/notebook/i)

    e.control.clearRequests()
    succeeded(await call(e, op("job_detail"), { job_id: String(vars.train_job) }, profile))
    succeeded(await call(e, op("logs"), { job_id: String(vars.train_job) }, profile))
    expect(lists()).toEqual([])
    const shown = succeeded(await call(e, op("logs"), { job_id: "dry-a" }, profile))
    expect(shown.result).toMatchObject({ jobId: vars.train_job })
    // A training or HPC job's name: one list of each kind in the default workspace.
    expect(lists()).toHaveLength(2)
    expect(new Set(lists()).size).toBe(2)
  })

  it("says which thing is missing where, without the platform's path", async () => {
    const e = emu.current
    const missing = failed(
      await call(e, op("job_detail"), { job_id: "job-00000000-0000-4000-8000-000000000000" }, profile),
    )
    expect(missing.reason).toBe("NotFound")
    // A read by id looks everywhere the account can see, and says so at no further request; with a
    // workspace given, it names that one.
    expect(missing.message).toBe(
      "No training job job-00000000-0000-4000-8000-000000000000 in any workspace you can see.",
    )
    expect(missing.message).not.toMatch(/openapi|train_job/)
    const inOne = failed(
      await call(
        e,
        op("job_detail"),
        { job_id: "job-00000000-0000-4000-8000-000000000000", workspace: "分布式训练空间" },
        profile,
      ),
    )
    expect(inOne.message).toBe("No training job job-00000000-0000-4000-8000-000000000000 in workspace 分布式训练空间.")
    expect(missing.hint).toContain("inspire_jobs")
    // A workspace that is not the account's is what the user must fix, not the task.
    const elsewhere = failed(
      await call(
        e,
        op("job_detail"),
        { job_id: "job-00000000-0000-4000-8000-000000000000", workspace: "ws-unknown" },
        profile,
      ),
    )
    expect(elsewhere.message).toBe("ws-unknown is not one of your workspaces.")
    const unknown = failed(await call(e, op("logs"), { job_id: "no-such-job" }, profile))
    expect(unknown.reason).toBe("NotFound")
    expect(unknown.message).toBe(
      'No task is named "no-such-job" or has an id starting with it in workspace 分布式训练空间.',
    )
    const notebook = failed(await call(e, op("notebook"), { action: "stop", notebook_id: "nb-1" }, profile))
    expect(notebook.message).toMatch(/^No notebook is named "nb-1"/)
  })

  it("refuses an ambiguous name with every candidate", async () => {
    const e = emu.current
    const twins = e.control
      .state()
      .tasks.filter((t) => t.name === "twin")
      .map((t) => t.id)
    expect(twins).toHaveLength(2)
    const both = failed(await call(e, op("stop"), { job_id: "twin", dry_run: true }, profile))
    expect(both.reason).toBe("InvalidInput")
    expect(both.message).toMatch(/^"twin" matches more than one task \(2\)/)
    expect((both.candidates as Array<{ id: string }>).map((c) => c.id).sort()).toEqual([...twins].sort())
    expect(both.hint).toBe("Name one by its full name or id.")
  })
})
