import { connectPod, PTY_PATHS, type PtyAccess, ptyAccess, socketFailed } from "../../api/jobs/pty.js"
import { type MarkedRunner, runCommand } from "../../api/jupyter/exec.js"
import { runMarked } from "../../api/jupyter/marked.js"
import { Effect } from "../../effect.js"
import { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import type { OperationContext, OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { planned } from "../common/plan.js"
import { ranFields } from "../notebook-exec/run.js"
import type { JobExecInput } from "./input.js"
import type { JobExecOutput } from "./output.js"
import { pickPod } from "./pods.js"

/** What inspire_job_exec did: its output schema's type. */
export interface JobExecResult extends OutputOf<ReturnType<typeof JobExecOutput>> {}

/** Runs marked scripts in a fresh shell of the pod (one socket per script). */
const podRunner =
  (access: PtyAccess): MarkedRunner<never> =>
  (script, markers, options) =>
    Effect.tryPromise({
      try: (signal) => runMarked((feed) => connectPod(access, feed), script, markers, { ...options, signal }),
      catch: (e) =>
        e instanceof InspireError ? e : socketFailed(access.target, e instanceof Error ? e.message : String(e)),
    })

const dropped = (access: PtyAccess, seconds: number): InspireError =>
  new InspireError({
    reason: "PlatformError",
    message: msg("pods-dropped", { pod: access.target.pod, seconds }),
    hint: msg("pods-dropped-fix"),
    retryable: true,
  })

/** Runs one command in a pod of a running job or serving and waits for it, streaming its output. */
export const runJobExec = (
  input: JobExecInput,
  context: OperationContext,
): Effect.Effect<JobExecResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const { owner, target } = yield* pickPod(input.job_id, input.pod, input.workspace)
    const base = { jobId: owner.id, pod: target.pod, command: input.command }
    if (input.dry_run) {
      const path = `/api/v2/${PTY_PATHS[target.kind]}?job_id=${owner.id}&instance_name=${target.pod}`
      const plan = {
        summary: msg("pods-plan", { command: input.command, pod: target.pod }),
        targets: [{ kind: "pod", id: target.pod, change: msg("pods-change-runs", { command: input.command }) }],
        requests: [planned("GET", path)],
      }
      return { ...base, plan, notes: [] } satisfies JobExecResult
    }
    const access = yield* ptyAccess(target)
    // A caller that cannot wait for ever gets the command stopped (Ctrl-C) when its patience ends.
    const limit = input.timeout !== undefined ? Math.round(input.timeout * 1000) : context.patienceMs
    const r = yield* runCommand(
      podRunner(access),
      { command: input.command },
      {
        ...(context.output !== undefined ? { onOutput: context.output } : {}),
        ...(context.onInterrupt !== undefined ? { onInterrupt: context.onInterrupt } : {}),
        ...(limit !== undefined ? { timeoutMs: limit } : {}),
      },
      (seconds) => dropped(access, seconds),
    )
    return {
      ...base,
      ...ranFields(r, context.output !== undefined, Math.round((limit ?? 0) / 1000)),
    } satisfies JobExecResult
  })
