import { listJobInstances } from "../../api/jobs/instances.js"
import { hpcPods } from "../../api/jobs/metrics.js"
import { connectPod, type PodTarget, ptyAccess } from "../../api/jobs/pty.js"
import { listRayInstances } from "../../api/jobs/ray.js"
import type { TerminalSocket } from "../../api/jupyter/terminal.js"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { type JobState, jobState } from "../common/tasks/job.js"

/** One pod of a job as the choice shows it: its name, whether it runs, its raw status. */
interface Pod {
  readonly pod: string
  readonly running: boolean
  readonly status: string
}

/** A job's pods with their states (an HPC job's pods share the job's). */
const podsOf = (job: JobState): Effect.Effect<ReadonlyArray<Pod>, InspireError, ClientServices> => {
  if (job.kind === "train")
    return Effect.map(listJobInstances(job.id), (pods) =>
      pods.map((p) => ({ pod: p.pod, running: p.status.family === "running", status: p.status.raw })),
    )
  if (job.kind === "ray")
    return Effect.map(listRayInstances(job.id), (pods) =>
      pods.map((p) => ({ pod: p.pod, running: p.status.family === "running", status: p.status.raw })),
    )
  return Effect.map(hpcPods(job.id), (pods) => pods.map((pod) => ({ pod, running: true, status: job.status.raw })))
}

const listed = (pods: ReadonlyArray<Pod>): string => pods.map((p, i) => `  ${i}  ${p.pod}  ${p.status}`).join("\n")

const notRunning = (job: JobState, pod?: string, status = job.status.raw): InspireError =>
  new InspireError({
    reason: "InvalidInput",
    message:
      pod === undefined
        ? msg("pods-job-not-running", { job: job.name || job.id, status })
        : msg("pods-not-running", { pod, job: job.name || job.id, status }),
    hint: msg("pods-not-running-fix", { call: callWord("job_detail", { job_id: job.id }) }),
  })

/**
 * The pod a command runs in: the one named (its name, or its number in the job's list), else the job's
 * only pod; refused when the job or that pod is not running, or when a job of several pods names none.
 */
export const pickPod = (
  raw: string,
  wanted: string | undefined,
  workspace?: string | undefined,
): Effect.Effect<{ readonly job: JobState; readonly target: PodTarget }, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const job = yield* jobState(raw, "exec", workspace)
    if (job.status.family !== "running") return yield* Effect.fail(notRunning(job))
    const pods = yield* podsOf(job)
    if (pods.length === 0) return yield* Effect.fail(notRunning(job))
    const name = wanted?.trim() ?? ""
    const picked =
      name === ""
        ? pods.length === 1
          ? pods[0]
          : undefined
        : /^\d+$/.test(name)
          ? pods[Number(name)]
          : pods.find((p) => p.pod === name)
    if (picked === undefined)
      return yield* Effect.fail(
        invalidInput(
          name === ""
            ? msg("pods-choose", { job: job.name || job.id, list: listed(pods) })
            : msg("pods-unknown", { job: job.name || job.id, pod: name, list: listed(pods) }),
          msg("pods-choose-fix", { field: fieldWord("pod", "<n|name>") }),
        ),
      )
    if (!picked.running) return yield* Effect.fail(notRunning(job, picked.pod, picked.status))
    return { job, target: { kind: job.kind, job: job.id, pod: picked.pod } }
  })

/** A pod's shell for an interactive session (the CLI's `job shell`): the pod picked, and how to connect. */
export const podShell = (
  job: string,
  pod: string | undefined,
  workspace?: string | undefined,
): Effect.Effect<
  { readonly pod: string; readonly open: (onOutput: (text: string) => void) => Promise<TerminalSocket> },
  InspireError,
  ClientServices
> =>
  Effect.gen(function* () {
    const { target } = yield* pickPod(job, pod, workspace)
    const access = yield* ptyAccess(target)
    return { pod: target.pod, open: (onOutput: (text: string) => void) => connectPod(access, onOutput) }
  })
