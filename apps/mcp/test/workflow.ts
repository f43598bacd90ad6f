import type { RunningEmulator } from "@holos-inspire/emulator"
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { expect } from "vitest"
import { call, structured } from "./harness.js"

interface Spec {
  readonly id: string
  readonly gpuCount: number
  readonly allowedPriorityLevels?: ReadonlyArray<string>
}
interface Status {
  readonly user: { readonly loginName: string }
  readonly workspaces: ReadonlyArray<{
    readonly name: string
    readonly network: string
    readonly groups: ReadonlyArray<{ readonly name: string; readonly specs?: { readonly TRAIN?: ReadonlyArray<Spec> } }>
  }>
}

/**
 * What an agent does with the tools: discover, submit, list, wait, read logs and metrics, stop; each
 * step reads the structured result of the one before. Returns the job id.
 */
export const runWorkflow = async (client: Client, emu: RunningEmulator, name: string): Promise<string> => {
  const status = structured<Status>(await call(client, "inspire_status", { schedule_type: "TRAIN" }))
  expect(status.user.loginName).toBe(emu.demo.username)
  const workspace = status.workspaces.find((w) => w.name === "分布式训练空间")
  expect(workspace?.network).toBe("offline")
  const spec = workspace?.groups
    .find((g) => g.name === "H100")
    ?.specs?.TRAIN?.find((s) => s.gpuCount === 1 && s.allowedPriorityLevels === undefined)
  expect(spec).toBeDefined()

  const images = structured<{ images: ReadonlyArray<{ address: string }> }>(
    await call(client, "inspire_images", { workspace: "分布式训练空间", search: "pytorch" }),
  )
  const image = images.images[0]?.address
  expect(image).toMatch(/^docker\.sii\.shaipower\.online\//)

  const submitted = structured<{ jobId: string; dryRun: boolean; next: ReadonlyArray<{ operation: string }> }>(
    await call(client, "inspire_submit", {
      name,
      command: "python train.py #emu:idle",
      workspace: "分布式训练空间",
      project: "具身智能基础模型",
      compute_group: "H100",
      spec: spec?.id,
      image,
      shm: 32,
    }),
  )
  expect(submitted.dryRun).toBe(false)
  expect(submitted.jobId).toMatch(/^job-/)
  expect(submitted.next.map((n) => n.operation)).toContain("logs")
  const jobId = submitted.jobId

  const jobs = structured<{ tasks: ReadonlyArray<{ id: string; name: string }> }>(
    await call(client, "inspire_jobs", { workspace: "分布式训练空间" }),
  )
  expect(jobs.tasks.find((t) => t.id === jobId)?.name).toBe(name)

  const waited = structured<{ outcome: string; status: { family: string } }>(
    await call(client, "inspire_wait", { job_id: jobId, until: "running", poll_seconds: 0.2, timeout_seconds: 30 }),
  )
  expect(waited).toMatchObject({ outcome: "reached", status: { family: "running" } })

  const logs = structured<{ mode: string; lines: ReadonlyArray<{ message: string; pod: string }> }>(
    await call(client, "inspire_logs", { job_id: jobId, lines: 20 }),
  )
  expect(logs.mode).toBe("tail")
  expect(logs.lines.length).toBeGreaterThan(0)

  const metrics = structured<{ mode: string; summary: { verdict: string; perPod: ReadonlyArray<unknown> } }>(
    await call(client, "inspire_metrics", { job_id: jobId, time_range: "30m" }),
  )
  expect(metrics.mode).toBe("summary")
  expect(metrics.summary.verdict.length).toBeGreaterThan(0)

  const stopped = structured<{ stopped: boolean; counts: { stopped: number }; tasks: ReadonlyArray<{ id: string }> }>(
    await call(client, "inspire_stop", { job_id: jobId }),
  )
  expect(stopped).toMatchObject({ stopped: true, counts: { stopped: 1 } })
  expect(stopped.tasks[0]?.id).toBe(jobId)
  return jobId
}
