import { getServing } from "../../api/servings/servings.js"
import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import type { ClientServices } from "../catalogue/services.js"
import { labelOf, type Plan, type PlannedRequest, planned } from "../common/plan.js"
import { readTask } from "../job-detail/read.js"
import type { StoppedTask } from "./one.js"

const NOUN: Readonly<Record<StoppedTask["type"], string>> = {
  train: "job",
  hpc: "HPC job",
  inference: "serving",
  ray: "Ray job",
}

/** The request that stops a task (OpenAPI first, as the stop itself sends it). */
export const stopRequest = (type: StoppedTask["type"], id: string): PlannedRequest =>
  type === "inference"
    ? planned("POST", "openapi/v1/inference_servings/stop", { inference_serving_id: id })
    : type === "ray"
      ? planned("POST", "api/v1/ray_job/stop", { ray_job_id: id })
      : planned("POST", `openapi/v1/${type === "hpc" ? "hpc_jobs" : "train_job"}/stop`, { job_id: id })

/** What stopping these tasks would do: every task still running or waiting is a target. */
export const stopPlan = (tasks: ReadonlyArray<StoppedTask>): Plan => {
  const live = tasks.filter((t) => t.outcome === "would-stop")
  const [only] = live
  const summary =
    only !== undefined && live.length === 1
      ? msg("stop-plan-one", { type: only.type, label: labelOf(only) })
      : live.length === 0
        ? msg("stop-plan-nothing")
        : msg("stop-plan-many", { count: live.length })
  return {
    summary,
    targets: live.map((t) => ({
      kind: NOUN[t.type],
      id: t.id,
      name: t.name,
      change: msg("stop-change-stopped", { before: t.before }),
    })),
    requests: live.map((t) => stopRequest(t.type, t.id)),
  }
}

/** One task's state as a stop would find it, read and nothing sent. */
export const previewOne = (
  id: string,
  type: StoppedTask["type"],
): Effect.Effect<StoppedTask, InspireError, ClientServices> =>
  type === "inference"
    ? Effect.map(getServing(id), (s) => ({
        id: s.id,
        type,
        name: s.name,
        workspace: s.workspaceId,
        before: `${s.status.family} (${s.status.raw})`,
        outcome: s.status.terminal || s.status.family === "stopping" ? "already-finished" : "would-stop",
      }))
    : Effect.map(readTask(id, type), (d) => ({
        id: d.id,
        type,
        name: d.name,
        workspace: d.workspace,
        before: `${d.status.family} (${d.status.raw})`,
        outcome: d.status.terminal ? "already-finished" : "would-stop",
      }))
