import { nextLine } from "../output.js"
import { renderFields } from "../render.js"
import { describeSpecCandidate } from "./describe.js"
import type { SubmitResult } from "./shared.js"

/** The short text of a submit, dry run or resubmit result. */
export const renderSubmit = (r: SubmitResult): string => {
  const what = r.kind === "hpc" ? "HPC job" : "Training job"
  const head = r.dryRun
    ? `Dry run: ${what} ${r.name} was not created. It would send ${r.request?.surface ?? "the create request"}:`
    : `${what} ${r.name} submitted: ${r.jobId}${r.resubmittedFrom !== undefined ? ` (from ${r.resubmittedFrom})` : ""}`
  const fields = renderFields([
    ["Console", r.consoleUrl],
    ["Status", r.status],
    ["Project", `${r.project.name} (${r.project.enName})`],
    ["Workspace", `${r.workspace.name} (${r.workspace.network})`],
    ["Compute group", r.computeGroup.name],
    ["Spec", `${r.spec.id}: ${describeSpecCandidate(r.spec)}`],
    ["Nodes", r.instanceCount],
    [
      "Slurm",
      r.slurm !== undefined
        ? `${r.slurm.numberOfTasks} task(s) × ${r.slurm.cpusPerTask} CPU × ${r.slurm.memoryPerCpu} per CPU`
        : undefined,
    ],
    ["Shm", r.shmGi !== undefined ? `${r.shmGi} GiB` : undefined],
    ["Priority", r.priority],
    ["Image", r.image],
    [r.kind === "hpc" ? "Entrypoint" : "Command", r.command],
  ])
  const lines = [head, fields]
  if (r.request !== undefined) lines.push(JSON.stringify(r.request.body, null, 2))
  for (const w of r.warnings) lines.push(`warning: ${w}`)
  for (const f of r.findings) lines.push(`${f.level}: ${f.message} ${f.fix}`)
  if (r.next.length > 0) lines.push("Next:", ...r.next.map((c) => `  ${nextLine(c)}`))
  return lines.join("\n")
}
