import { listJobInstances } from "../../api/jobs/instances.js"
import { hpcPods } from "../../api/jobs/metrics.js"
import { connectPod, type PodTarget, ptyAccess } from "../../api/jobs/pty.js"
import { listRayInstances } from "../../api/jobs/ray.js"
import type { TerminalSocket } from "../../api/jupyter/terminal.js"
import { listServingInstances } from "../../api/servings/instances.js"
import { getServing } from "../../api/servings/servings.js"
import type { NormalizedStatus } from "../../domain/status.js"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { missingTask, resolveTask } from "../common/lookup.js"
import { jobState } from "../common/tasks/job.js"

/** What has the pods: a training, HPC or Ray job, or a serving. */
interface Owner {
  readonly id: string
  readonly kind: PodTarget["kind"]
  readonly name: string
  readonly status: NormalizedStatus
}

/** One pod as the choice shows it: its name, whether it runs, its raw status. */
interface Pod {
  readonly pod: string
  readonly running: boolean
  readonly status: string
}

/** The job or serving named by id, name or id prefix (a serving's id is known by its `sv-` prefix). */
const ownerOf = (raw: string, workspace?: string | undefined): Effect.Effect<Owner, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const ref = yield* resolveTask(raw, ["train", "hpc", "ray", "serving"], workspace)
    if (ref.kind === "notebook")
      return yield* Effect.fail(
        invalidInput(
          msg("servexec-notebook", { id: ref.id }),
          msg("servexec-notebook-fix", { call: callWord("notebook_exec", { notebook: ref.id }) }),
        ),
      )
    if (ref.kind !== "serving") return yield* jobState(ref.id, "exec", workspace)
    const s = yield* missingTask(getServing(ref.id), ref, workspace)
    return { id: s.id, kind: "serving", name: s.name, status: s.status }
  })

const pods = <R>(
  list: Effect.Effect<ReadonlyArray<{ readonly pod: string; readonly status: NormalizedStatus }>, InspireError, R>,
): Effect.Effect<ReadonlyArray<Pod>, InspireError, R> =>
  Effect.map(list, (ps) =>
    ps.map((p) => ({ pod: p.pod, running: p.status.family === "running", status: p.status.raw })),
  )

/** Its pods with their states (an HPC job's pods share the job's). */
const podsOf = (owner: Owner): Effect.Effect<ReadonlyArray<Pod>, InspireError, ClientServices> => {
  if (owner.kind === "train") return pods(listJobInstances(owner.id))
  if (owner.kind === "ray") return pods(listRayInstances(owner.id))
  if (owner.kind === "serving") return pods(listServingInstances(owner.id))
  return Effect.map(hpcPods(owner.id), (ps) => ps.map((pod) => ({ pod, running: true, status: owner.status.raw })))
}

const listed = (pods: ReadonlyArray<Pod>): string => pods.map((p, i) => `  ${i}  ${p.pod}  ${p.status}`).join("\n")

const notRunning = (owner: Owner, pod?: string, status = owner.status.raw): InspireError => {
  const name = owner.name || owner.id
  if (owner.kind === "serving")
    return new InspireError({
      reason: "InvalidInput",
      message:
        pod === undefined
          ? msg("servexec-not-running", { serving: name, status })
          : msg("servexec-pod-not-running", { pod, serving: name, status }),
      hint: msg("servexec-not-running-fix", {
        call: callWord("inference", { action: "detail", serving_id: owner.id }),
      }),
    })
  return new InspireError({
    reason: "InvalidInput",
    message:
      pod === undefined
        ? msg("pods-job-not-running", { job: name, status })
        : msg("pods-not-running", { pod, job: name, status }),
    hint: msg("pods-not-running-fix", { call: callWord("job_detail", { job_id: owner.id }) }),
  })
}

/**
 * The pod a command runs in: the one named (its name, or its number in the list), else the only pod of
 * the job or serving; refused when it or that pod is not running, or when one of several pods names none.
 */
export const pickPod = (
  raw: string,
  wanted: string | undefined,
  workspace?: string | undefined,
): Effect.Effect<{ readonly owner: Owner; readonly target: PodTarget }, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const owner = yield* ownerOf(raw, workspace)
    if (owner.status.family !== "running") return yield* Effect.fail(notRunning(owner))
    const all = yield* podsOf(owner)
    if (all.length === 0) return yield* Effect.fail(notRunning(owner))
    const name = wanted?.trim() ?? ""
    const picked =
      name === ""
        ? all.length === 1
          ? all[0]
          : undefined
        : /^\d+$/.test(name)
          ? all[Number(name)]
          : all.find((p) => p.pod === name)
    if (picked === undefined)
      return yield* Effect.fail(
        invalidInput(
          name === ""
            ? msg("pods-choose", { job: owner.name || owner.id, list: listed(all) })
            : msg("pods-unknown", { job: owner.name || owner.id, pod: name, list: listed(all) }),
          msg("pods-choose-fix", { field: fieldWord("pod", "<n|name>") }),
        ),
      )
    if (!picked.running) return yield* Effect.fail(notRunning(owner, picked.pod, picked.status))
    return { owner, target: { kind: owner.kind, job: owner.id, pod: picked.pod } }
  })

/** A pod's shell for an interactive session (the CLI's `job shell`, `serve shell`): the pod picked, and how to connect. */
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
