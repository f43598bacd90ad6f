import { callWord } from "../../words/token.js"
import { formatDuration, formatTime, renderFields, renderTable } from "../common/render.js"
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
export const renderDetail = (r: JobDetailResult): string => {
  const status = `${r.status.family} (${r.status.raw}${r.subStatus !== "" ? `, ${r.subStatus}` : ""})`
  const out = [
    renderFields([
      ["id", r.id],
      ["name", r.name],
      ["kind", r.kind],
      ["status", status],
      ["message", r.subMessage],
      ["workspace", r.workspace],
      ["project", r.project],
      ["compute group", r.computeGroup],
      ["image", r.image],
      ["command", r.command],
      ["spec", specText(r)],
      [
        "priority",
        r.priority !== undefined ? `${r.priority}${r.priorityLevel ? ` (${r.priorityLevel})` : ""}` : undefined,
      ],
      ["instances", r.instances],
      ["shm", r.shmGi !== undefined ? `${r.shmGi} GiB` : undefined],
      [
        "tasks × cpus",
        r.hpc ? `${r.hpc.numberOfTasks ?? "-"} × ${r.hpc.cpusPerTask ?? "-"} (${r.hpc.memoryPerCpu}/cpu)` : undefined,
      ],
      ["created", formatTime(r.timing.createdAt)],
      ["started", r.timing.startedAt !== undefined ? formatTime(r.timing.startedAt) : undefined],
      ["finished", r.timing.finishedAt !== undefined ? formatTime(r.timing.finishedAt) : undefined],
      ["running time", r.timing.runningTimeMs !== undefined ? formatDuration(r.timing.runningTimeMs) : undefined],
      ["console", r.consoleUrl],
    ]),
  ]
  if (r.pods.length > 0)
    out.push(
      "",
      renderTable(r.pods, [
        { header: "POD", cell: (p) => p.pod },
        { header: "NODE", cell: (p) => p.node },
        { header: "STATUS", cell: (p) => p.status },
        { header: "STARTED", cell: (p) => formatTime(p.startedAt) },
      ]),
    )
  for (const w of r.warnings) out.push(`warning: ${w}`)
  const d = r.diagnosis
  if (d !== undefined) {
    out.push("", `Diagnosis (${d.eventsRead} events, ${d.logLinesRead} log lines read):`)
    if (d.findings.length === 0)
      out.push(`  no known cause recognised; read ${callWord("logs")} and ${callWord("events")}.`)
    for (const f of d.findings) out.push(`- ${f.cause}`, `  evidence: ${f.evidence}`, `  fix: ${f.fix}`)
    for (const n of d.notes) out.push(`  note: ${n}`)
  }
  return out.join("\n")
}
