import { msg } from "../../../words/message.js"
import { joinText, type Text, text } from "../../../words/text.js"
import { nextLine } from "../output.js"
import { queueLine } from "../queue-output.js"
import { asides, nextHeading, renderFields } from "../render.js"
import { describeSpecCandidate } from "./describe.js"
import type { SubmitResult } from "./shared.js"

/** The short text of a submit, dry run or resubmit result. */
export const renderSubmit = (r: SubmitResult): Text => {
  const head = r.dryRun
    ? msg("submission-dry-run-head", {
        kind: r.kind,
        name: r.name,
        surface: r.request?.surface ?? msg("submission-create-request"),
      })
    : r.resubmittedFrom !== undefined
      ? msg("submission-resubmitted-head", { kind: r.kind, name: r.name, id: r.jobId ?? "", from: r.resubmittedFrom })
      : msg("submission-submitted-head", { kind: r.kind, name: r.name, id: r.jobId ?? "" })
  const fields = renderFields([
    [msg("submission-label-console"), r.consoleUrl],
    [msg("submission-label-status"), r.status],
    [msg("queue-label-submit"), r.queue !== undefined ? queueLine(r.queue) : undefined],
    [msg("submission-label-project"), `${r.project.name} (${r.project.enName})`],
    [msg("submission-label-workspace"), `${r.workspace.name} (${r.workspace.network})`],
    [msg("submission-label-compute-group"), r.computeGroup.name],
    [msg("submission-label-spec"), text`${r.spec.id}: ${describeSpecCandidate(r.spec)}`],
    [msg("submission-label-nodes"), r.kind === "ray" ? undefined : r.instanceCount],
    [
      msg("submission-label-workers"),
      r.workers !== undefined
        ? joinText(
            r.workers.map((w) =>
              msg("submission-ray-group", { name: w.name, min: w.minReplicas, max: w.maxReplicas, spec: w.spec }),
            ),
            "; ",
          )
        : undefined,
    ],
    [
      msg("submission-label-slurm"),
      r.slurm !== undefined
        ? msg("submission-slurm-layout", {
            tasks: r.slurm.numberOfTasks,
            cpus: r.slurm.cpusPerTask,
            memory: r.slurm.memoryPerCpu,
          })
        : undefined,
    ],
    [msg("submission-label-shm"), r.shmGi !== undefined ? `${r.shmGi} GiB` : undefined],
    [msg("submission-label-priority"), r.priority],
    [msg("submission-label-image"), r.image],
    [r.kind !== "training" ? msg("submission-label-entrypoint") : msg("submission-label-command"), r.command],
  ])
  const lines: Array<Text | string> = [head, fields]
  if (r.request !== undefined) lines.push(JSON.stringify(r.request.body, null, 2))
  lines.push(...asides("warning", r.warnings))
  for (const f of r.findings) lines.push(msg("submission-finding", { level: f.level, message: f.message, fix: f.fix }))
  if (r.next.length > 0) lines.push(nextHeading(), ...r.next.map((c) => text`  ${nextLine(c)}`))
  return joinText(lines, "\n")
}
