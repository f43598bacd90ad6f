import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { RunningEmulator } from "@holos-inspire/emulator"
import type { Operation } from "../../src/operations/catalogue/operation.js"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { notebookShellOperation } from "../../src/operations/notebook-shell/index.js"
import { sweepOperation } from "../../src/operations/sweep/index.js"
import { hpcInput, rayPlace } from "../api/jobs/fixture.js"
import { VLLM_IMAGE } from "../api/servings/fixture.js"
import { call, h100SpecId, succeeded, type trainingSpaceProfile } from "./harness.js"
import { startHpcJob, startJob, startServing } from "./tasks-fixture.js"

// What the operations' `examples` need to run against the emulator: the objects their placeholders
// (`{train_job}`, `{serving}`, …) stand for, created once, and the calls each operation is tried with.
// The catalogue-wide tests (dry runs, output schemas) take their calls from here, so a new operation
// is covered without editing them.

type Profile = ReturnType<typeof trainingSpaceProfile>
type Input = Readonly<Record<string, unknown>>

/** The values of the examples' placeholders, by name (without braces). */
export type ExampleVars = Readonly<Record<string, unknown>>

/**
 * Creates on the emulator what the examples name: two idle training jobs (`dry-a`, `dry-b`), an HPC job,
 * a serving, a running notebook with an open terminal, a stopped notebook and the examples' sweep (run
 * once); returns every placeholder's value. Logged in as `profile`.
 */
export const exampleWorld = async (e: RunningEmulator, profile: Profile): Promise<ExampleVars> => {
  const s = e.control.state()
  const notebook = async (name: string) => {
    const input = {
      action: "create",
      name,
      compute_group: "H100",
      spec: h100SpecId(e, "DSW"),
      image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
    }
    return (succeeded(await call(e, notebookOperation, input, profile)).result as { notebookId: string }).notebookId
  }
  const trainJob = await startJob(e, profile, "dry-a", "python train.py #emu:idle")
  await startJob(e, profile, "dry-b", "python train.py #emu:idle")
  const hpcJob = await startHpcJob(e, profile, "dry-hpc-job")
  const serving = await startServing(e, profile, "dry-chat")
  const running = await notebook("dry-running")
  const stopped = await notebook("dry-stopped")
  e.control.clock.advance(60)
  succeeded(await call(e, notebookOperation, { action: "stop", notebook_id: stopped }, profile))
  e.control.clock.advance(60)
  const hpc = hpcInput(e, "x")
  // A file in the running notebook's Jupyter folder, for the examples that read one.
  writeFileSync(join(e.control.jupyter.sandbox(running), "hello.txt"), "hello\n")
  // A file on the running notebook's project storage, which its Jupyter root holds under inspire/.
  const now = e.control.state()
  const project = now.projects.find((p) => p.id === now.tasks.find((t) => t.id === running)?.projectId)
  const storage = `/inspire/hdd/project/${project?.enName ?? "none"}`
  mkdirSync(join(e.control.jupyter.sandbox(running), storage), { recursive: true })
  writeFileSync(join(e.control.jupyter.sandbox(running), storage, "hello.txt"), "hello\n")
  // A terminal of the running notebook, for the examples that type into, read or close one.
  const shell = { action: "open", notebook: running, wait: 0 }
  const terminal = (succeeded(await call(e, notebookShellOperation, shell, profile)).result as { terminal: string })
    .terminal
  // The examples' sweep, run once, so that the examples that stop or resubmit it find it by its name.
  const sweepRun = sweepOperation.examples?.find((x) => x.action === "run") ?? {}
  succeeded(await call(e, sweepOperation, { ...sweepRun, wait_seconds: 0 }, profile))
  // A file in the profile's downloads folder, for the examples that upload one (only there may MCP read).
  const downloads = profile.env.INSPIRE_DOWNLOAD_DIR ?? join(profile.home, "cache", "downloads")
  mkdirSync(downloads, { recursive: true })
  writeFileSync(join(downloads, "notes.txt"), "notes\n")
  return {
    workspace: "分布式训练空间",
    train_group: "H100",
    train_spec: h100SpecId(e, "TRAIN"),
    notebook_group: "H100",
    notebook_spec: h100SpecId(e, "DSW"),
    serving_group: "H100",
    serving_spec: h100SpecId(e, "SERVING"),
    image: VLLM_IMAGE,
    hpc_workspace: s.workspaces.find((w) => w.id === hpc.workspaceId)?.name,
    hpc_group: hpc.groupId,
    hpc_spec: hpc.specId,
    hpc_image: hpc.image,
    ray_workspace: "CI-情境智能",
    ray_group: "CPU资源-2",
    ray_spec: rayPlace(e).raySpec,
    ray_image: rayPlace(e).image.address,
    model: s.models.find((m) => m.name === "qwen2.5-7b-instruct")?.id,
    train_job: trainJob,
    hpc_job: hpcJob,
    serving,
    notebook: running,
    terminal,
    notebook_file: "hello.txt",
    storage_file: `${storage}/hello.txt`,
    storage_folder: `${storage}/`,
    local_file: join(downloads, "notes.txt"),
    stopped_notebook: stopped,
    username: e.demo.username,
    password: e.demo.password,
  }
}

const fill = (value: unknown, vars: ExampleVars): unknown => {
  if (typeof value !== "string") return value
  const m = /^\{([a-z_]+)\}$/.exec(value)
  if (m === null) return value
  const key = m[1] ?? ""
  if (!(key in vars)) throw new Error(`no fixture for the placeholder ${value}: add one to examples-fixture.ts`)
  return vars[key]
}

/** An example's input with its placeholders replaced by the world's values. */
export const fillExample = (input: Input, vars: ExampleVars): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input).map(([k, v]) => [k, fill(v, vars)]))

/** Each value of the operation's picking field that writes; `undefined` for an operation that does one thing. */
export const writingActions = (op: Operation): ReadonlyArray<string | undefined> => {
  const { writes } = op.effects
  if (writes === false) return []
  if (writes === true) return [undefined]
  return writes
}

/** The value of the picking field an input selects (its default when absent), or undefined. */
export const actionOf = (op: Operation, input: Input): string | undefined => {
  const by = op.effects.by
  if (by === undefined) return undefined
  const parsed = op.input.shape[by]?.safeParse(input[by])
  return parsed?.success === true ? String(parsed.data) : undefined
}

// The object an id field names, for calls built where an operation gives no example.
const ID_FIELDS: Readonly<Record<string, string>> = {
  job_id: "{train_job}",
  serving_id: "{serving}",
  notebook_id: "{notebook}",
  model_id: "{model}",
}

const fallback = (fixed: Input, fields: ReadonlyArray<string>): Input => ({
  ...fixed,
  ...Object.fromEntries(fields.filter((f) => f in ID_FIELDS).map((f) => [f, ID_FIELDS[f]])),
})

/**
 * The calls that try every action of an operation, placeholders unfilled: its examples and file-writing
 * examples, and for an action with none, an input with only its id fields (`{}` for most). A call of a
 * writing action is a dry run; a call that may wait waits at most a second (`agent.waitField`).
 */
export const tryCalls = (op: Operation): ReadonlyArray<Input> => {
  const examples = op.examples ?? []
  const by = op.effects.by
  const actions: ReadonlyArray<[string | undefined, Input, ReadonlyArray<string>]> =
    by !== undefined && op.actions !== undefined
      ? Object.entries(op.actions).map(([value, action]) => [value, { [by]: value }, action.fields])
      : [[undefined, {}, Object.keys(op.input.shape)]]
  const calls = [
    ...actions.flatMap(([action, fixed, fields]) => {
      const mine = examples.filter((e) => actionOf(op, e) === action)
      return mine.length > 0 ? mine : [fallback(fixed, fields)]
    }),
    ...(op.effects.fileInputs ?? []).map((f) => f.example),
  ]
  const writes = writingActions(op)
  const wait = op.agent?.waitField
  return calls.map((c) => ({
    ...c,
    ...(writes.includes(actionOf(op, c)) ? { dry_run: true } : {}),
    ...(wait !== undefined && !(wait in c) ? { [wait]: 1 } : {}),
  }))
}
