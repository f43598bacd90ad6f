import { Exit } from "effect"
import { beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { z } from "zod"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import type { Operation } from "../../src/operations/catalogue/operation.js"
import { outputJsonSchema } from "../../src/operations/catalogue/schema.js"
import { configOperation } from "../../src/operations/config.js"
import { eventsOperation } from "../../src/operations/events.js"
import { imagesOperation } from "../../src/operations/images/index.js"
import { inferenceOperation } from "../../src/operations/inference/index.js"
import { jobDetailOperation } from "../../src/operations/job-detail/index.js"
import { jobsOperation } from "../../src/operations/jobs.js"
import { loginOperation } from "../../src/operations/login.js"
import { logsOperation } from "../../src/operations/logs/index.js"
import { metricsOperation } from "../../src/operations/metrics/index.js"
import { modelsOperation } from "../../src/operations/models.js"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { OPERATIONS } from "../../src/operations/registry.js"
import { resubmitOperation } from "../../src/operations/resubmit.js"
import { statusOperation } from "../../src/operations/status/index.js"
import { stopOperation } from "../../src/operations/stop/index.js"
import { submitOperation } from "../../src/operations/submit.js"
import { submitHpcOperation } from "../../src/operations/submit-hpc.js"
import { waitOperation } from "../../src/operations/wait.js"
import { renderDeep, type Worded } from "../../src/words/render.js"
import { hpcInput, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { type ExampleVars, exampleWorld, fillExample, tryCalls } from "./examples-fixture.js"
import { h100SpecId, trainingSpaceProfile } from "./harness.js"
import { freshPlatform, startJob } from "./tasks-fixture.js"

const emu = useEmulator()

type Profile = ReturnType<typeof trainingSpaceProfile>

/**
 * Runs one call and checks its result, as the operation returns it (texts not yet worded), against the
 * operation's output schema: it must parse, and parsing must keep every field (a field the schema does
 * not know would be dropped). Returns the result worded as the MCP server words it.
 */
const conforms = async <I extends z.ZodObject, O>(
  profile: Profile,
  operation: Operation<I, O>,
  raw: Record<string, unknown>,
): Promise<Worded<O>> => {
  const exit = await profile.run(invoke(operation, raw))
  if (Exit.isFailure(exit))
    throw new Error(
      `${operation.name} ${JSON.stringify(raw)} failed, so its result could not be checked: ${JSON.stringify(exit.cause)}. ` +
        "If the operation needs input to succeed here, give it an example in its definition (`examples`).",
    )
  const { result } = exit.value
  const parsed = operation.output.safeParse(result)
  if (!parsed.success)
    throw new Error(`${operation.name} ${JSON.stringify(raw)}: ${JSON.stringify(parsed.error.issues, null, 1)}`)
  expect(parsed.data, `${operation.name} ${JSON.stringify(raw)} keeps every field`).toEqual(result)
  return renderDeep(result, "mcp")
}

const idOf = (value: string | undefined, what: string): string => {
  if (value === undefined) throw new Error(`no ${what}`)
  return value
}

describe("output schemas", () => {
  beforeEach(() => freshPlatform(emu.current))

  it("are objects at the top for every operation in the registry", () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(17)
    for (const op of OPERATIONS) {
      const schema = outputJsonSchema(op)
      expect(schema.type, op.name).toBe("object")
      expect(JSON.stringify(schema).length, op.name).toBeGreaterThan(40)
    }
  })

  it("match what config, login, status, images and models return", async () => {
    const p = trainingSpaceProfile(emu.current)
    await conforms(p, configOperation, { action: "get" })
    await conforms(p, configOperation, { action: "set", key: "defaultPriority", value: 6 })
    await conforms(p, configOperation, { action: "unset", key: "defaultPriority" })
    const demo = emu.current.demo
    await conforms(p, loginOperation, { username: demo.username, password: demo.password })
    const robot = demo.harbor.qb
    await conforms(p, loginOperation, {
      target: "harbor",
      registry: "qb",
      username: robot.username,
      password: robot.password,
    })
    await conforms(p, statusOperation, {})
    await conforms(p, statusOperation, { schedule_type: "TRAIN", workspace: "分布式训练空间" })
    await conforms(p, imagesOperation, {})
    await conforms(p, imagesOperation, { source: "harbor" })
    emu.current.control.harborPush("qb", "my-train", "v2")
    await conforms(p, imagesOperation, { source: "harbor", repo: "my-train" })
    const list = await conforms(p, modelsOperation, { action: "list" })
    if (list.action !== "list") throw new Error("expected list")
    const modelId = idOf(list.models[0]?.id, "model")
    await conforms(p, modelsOperation, { action: "detail", model_id: modelId })
    await conforms(p, modelsOperation, { action: "delete", model_id: modelId })
    await conforms(p, modelsOperation, {
      action: "create",
      name: "llama-3-8b",
      model_source_path: "/inspire/hdd/project/embodied-fm/models/llama-3-8b",
      model_type: "LLM",
    })
  })

  it("match what the job tools return, from submit to stop", async () => {
    const p = trainingSpaceProfile(emu.current)
    const t = trainingInput(emu.current, "schema-job")
    const submitInput = {
      name: "schema-job",
      command: "python train.py",
      workspace: t.workspaceId,
      project: t.projectId,
      compute_group: t.groupId,
      spec: t.specId,
      image: t.image,
      shm: 32,
    }
    await conforms(p, submitOperation, { ...submitInput, dry_run: true })
    const submitted = await conforms(p, submitOperation, submitInput)
    const jobId = idOf(submitted.jobId, "job id")
    const h = hpcInput(emu.current, "schema-hpc")
    const hpc = {
      name: "schema-hpc",
      entrypoint: "srun python preprocess.py",
      workspace: "高性能计算",
      compute_group: h.groupId,
      spec: h.specId,
      project: "具身智能基础模型",
      image: h.image,
    }
    await conforms(p, submitHpcOperation, { ...hpc, dry_run: true })
    await conforms(p, submitHpcOperation, hpc)
    emu.current.control.clock.advance(600)
    await conforms(p, jobsOperation, {})
    await conforms(p, jobDetailOperation, { job_id: jobId })
    await conforms(p, eventsOperation, { job_id: jobId })
    await conforms(p, logsOperation, { job_id: jobId, lines: 5 })
    await conforms(p, logsOperation, { job_id: jobId, time_range: "5m" })
    // Relative download paths land in the profile's downloads folder.
    await conforms(p, logsOperation, { job_id: jobId, download: true, path: "job.log" })
    await conforms(p, metricsOperation, { job_id: jobId })
    await conforms(p, metricsOperation, { job_id: jobId, mode: "raw", time_range: "5m" })
    await conforms(p, metricsOperation, { job_id: jobId, mode: "download", path: "m.csv" })
    await conforms(p, waitOperation, { job_id: jobId, until: "running", timeout_seconds: 1 })
    await conforms(p, resubmitOperation, { job_id: jobId, dry_run: true })
    await conforms(p, stopOperation, { status: "running" })
    await conforms(p, stopOperation, { job_id: jobId })
    const failedJob = await startJob(emu.current, p, "schema-fails", "python train.py; exit 1")
    emu.current.control.clock.advance(30)
    const detail = await conforms(p, jobDetailOperation, { job_id: failedJob })
    expect(detail.diagnosis?.findings.length).toBeGreaterThan(0)
  })

  it("match what notebooks and servings return", async () => {
    const p = trainingSpaceProfile(emu.current)
    const image = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"
    const notebook = { action: "create", name: "dev-env", compute_group: "H100", spec: h100SpecId(emu.current, "DSW") }
    await conforms(p, notebookOperation, { ...notebook, image, dry_run: true })
    const created = await conforms(p, notebookOperation, { ...notebook, image })
    if (created.action !== "create") throw new Error("expected create")
    const notebookId = idOf(created.notebookId, "notebook id")
    emu.current.control.clock.advance(30)
    await conforms(p, notebookOperation, { action: "list" })
    await conforms(p, notebookOperation, { action: "detail", notebook_id: notebookId })
    await conforms(p, notebookOperation, { action: "delete", notebook_id: notebookId })
    await conforms(p, notebookOperation, { action: "stop", notebook_id: notebookId })

    const model = emu.current.control.state().models.find((m) => m.name === "qwen2.5-7b-instruct")
    const serving = {
      action: "create",
      name: "chat-api",
      model_id: model?.id,
      model_version: 2,
      image: "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4",
      command: "python -m vllm.entrypoints.openai.api_server --port 2400",
      compute_group: "H100",
      spec: h100SpecId(emu.current, "SERVING"),
    }
    await conforms(p, inferenceOperation, { ...serving, dry_run: true })
    const deployed = await conforms(p, inferenceOperation, serving)
    if (deployed.action !== "create") throw new Error("expected create")
    const servingId = idOf(deployed.servingId, "serving id")
    emu.current.control.clock.advance(120)
    await conforms(p, inferenceOperation, { action: "detail", serving_id: servingId })
    await conforms(p, inferenceOperation, { action: "list" })
    await conforms(p, inferenceOperation, { action: "stop", serving_id: servingId })
    await conforms(p, inferenceOperation, { action: "stop", serving_id: servingId, confirm: true })
  })
})

// Every action of every operation, from the catalogue: its examples (writing ones as dry runs), else an
// input with only the ids it needs (see tryCalls), so a new operation is checked with no edit here.
describe("output schemas over the catalogue", () => {
  let profile: Profile
  let vars: ExampleVars

  beforeAll(async () => {
    freshPlatform(emu.current)
    profile = trainingSpaceProfile(emu.current)
    vars = await exampleWorld(emu.current, profile)
  }, 60_000)

  it.each(OPERATIONS.map((op) => [op.name, op] as const))("%s: every action's result matches it", async (_, op) => {
    for (const input of tryCalls(op)) await conforms(profile, op, fillExample(input, vars))
  })
})
