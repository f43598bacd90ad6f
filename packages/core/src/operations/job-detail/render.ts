import { msg } from "../../words/message.js"
import { callWord, joinText, type Text, text } from "../../words/text.js"
import { queueLine } from "../common/queue-output.js"
import { asides, formatDuration, formatTime, renderFields, renderTable } from "../common/render.js"
import type { JobDetailResult } from "./index.js"

const specText = (r: JobDetailResult): string => {
  const s = r.spec
  const parts = [
    s.gpus !== undefined && s.gpus > 0 ? `${s.gpus}× ${s.gpuType ?? "GPU"}` : undefined,
    s.cpus !== undefined ? `${s.cpus} CPU` : undefined,
    s.memoryGib !== undefined ? `${s.memoryGib} GiB` : undefined,
  ].filter((p) => p !== undefined)
  return [parts.join(", "), s.id !== "" ? `(${s.id})` : ""].filter((p) => p !== "").join(" ")
}

/** The detail for people: fields, pods, then the diagnosis. */
export const renderDetail = (r: JobDetailResult): Text => {
  const status = `${r.status.family} (${r.status.raw}${r.subStatus !== "" ? `, ${r.subStatus}` : ""})`
  const out: Array<Text | string> = [
    renderFields([
      [msg("job-detail-label-id"), r.id],
      [msg("job-detail-label-name"), r.name],
      [msg("job-detail-label-kind"), r.kind],
      [msg("job-detail-label-status"), status],
      [msg("job-detail-label-message"), r.subMessage],
      [msg("job-detail-label-workspace"), r.workspace],
      [msg("job-detail-label-project"), r.project],
      [msg("job-detail-label-compute-group"), r.computeGroup],
      [msg("job-detail-label-image"), r.image],
      [msg("job-detail-label-command"), r.command],
      [msg("job-detail-label-spec"), specText(r)],
      [
        msg("job-detail-label-priority"),
        r.priority !== undefined ? `${r.priority}${r.priorityLevel ? ` (${r.priorityLevel})` : ""}` : undefined,
      ],
      [msg("job-detail-label-instances"), r.instances],
      [msg("job-detail-label-shm"), r.shmGi !== undefined ? `${r.shmGi} GiB` : undefined],
      [
        msg("job-detail-label-slurm"),
        r.hpc
          ? msg("job-detail-slurm", {
              tasks: r.hpc.numberOfTasks ?? "-",
              cpus: r.hpc.cpusPerTask ?? "-",
              memory: r.hpc.memoryPerCpu,
            })
          : undefined,
      ],
      [
        msg("job-detail-label-ray-groups"),
        r.ray
          ? joinText(
              r.ray.groups.map((g) =>
                msg("job-detail-ray-group", {
                  name: g.name,
                  min: g.min ?? "-",
                  max: g.max ?? "-",
                  now: g.current ?? "-",
                }),
              ),
              "; ",
            )
          : undefined,
      ],
      [msg("job-detail-label-datasets"), r.datasets?.join(", ")],
      [msg("job-detail-label-created"), formatTime(r.timing.createdAt)],
      [msg("job-detail-label-started"), r.timing.startedAt !== undefined ? formatTime(r.timing.startedAt) : undefined],
      [
        msg("job-detail-label-finished"),
        r.timing.finishedAt !== undefined ? formatTime(r.timing.finishedAt) : undefined,
      ],
      [
        msg("job-detail-label-running-time"),
        r.timing.runningTimeMs !== undefined ? formatDuration(r.timing.runningTimeMs) : undefined,
      ],
      [msg("job-detail-label-console"), r.consoleUrl],
      [msg("queue-label"), r.queue !== undefined ? queueLine(r.queue) : undefined],
    ]),
  ]
  if (r.pods.length > 0)
    out.push(
      "",
      renderTable(r.pods, [
        { header: msg("job-detail-col-pod"), cell: (p) => p.pod },
        { header: msg("job-detail-col-node"), cell: (p) => p.node },
        { header: msg("jobs-col-status"), cell: (p) => p.status },
        { header: msg("job-detail-col-started"), cell: (p) => formatTime(p.startedAt) },
      ]),
    )
  out.push(...asides("warning", r.warnings))
  const d = r.diagnosis
  if (d !== undefined) {
    out.push("", msg("job-detail-diagnosis", { events: d.eventsRead, lines: d.logLinesRead }))
    if (d.findings.length === 0)
      out.push(text`  ${msg("job-detail-no-cause", { logs: callWord("logs"), events: callWord("events") })}`)
    for (const f of d.findings)
      out.push(
        text`- ${f.cause}`,
        text`  ${msg("job-detail-evidence", { text: f.evidence })}`,
        text`  ${msg("job-detail-fix", { text: f.fix })}`,
      )
    out.push(...asides("note", d.notes).map((n) => text`  ${n}`))
  }
  return joinText(out, "\n")
}
