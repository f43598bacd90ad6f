import { msg } from "../../words/message.js"
import { fieldWord, type Text } from "../../words/text.js"
import { type Finding, finding } from "./finding.js"
import { offlineNetworkFindings } from "./network.js"
import { parseCommands } from "./shell.js"
import { basename, unwrapCommand } from "./wrappers.js"

/** An HPC (Slurm) job's entrypoint as submitted, and the image it runs in. */
export interface HpcLintInput {
  /** The Slurm body; the platform writes the `#!` line and the `#SBATCH` header itself. */
  readonly entrypoint: string
  readonly image?: string | undefined
}

/** The create-request parameter each common `#SBATCH` option corresponds to. */
const SBATCH_PARAMETERS: Readonly<Record<string, string>> = {
  "-n": "number_of_tasks",
  "--ntasks": "number_of_tasks",
  "-c": "cpus_per_task",
  "--cpus-per-task": "cpus_per_task",
  "--mem-per-cpu": "memory_per_cpu",
  "--mem": "memory_per_cpu",
}

// The create-request parameters that set a job's resources, as the fields the reader passes.
const RESOURCE_FIELDS = () => ({
  tasks: fieldWord("number_of_tasks"),
  cpus: fieldWord("cpus_per_task"),
  memory: fieldWord("memory_per_cpu"),
})

const sbatchFix = (directive: string): Text => {
  const option = directive.replace(/^#SBATCH\s*/, "").split(/[\s=]/)[0] ?? ""
  const parameter = Object.hasOwn(SBATCH_PARAMETERS, option) ? SBATCH_PARAMETERS[option] : undefined
  return parameter === undefined
    ? msg("lint-sbatch-fix", RESOURCE_FIELDS())
    : msg("lint-sbatch-fix-option", {
        ...RESOURCE_FIELDS(),
        parameter: fieldWord(parameter),
        option,
        perCpu: option === "--mem" ? "yes" : "no",
      })
}

/** The image reference without its registry host, so only the repository and tag are searched for "slurm". */
const withoutHost = (image: string): string => {
  const [first = "", ...rest] = image.split("/")
  return rest.length > 0 && /[.:]|^localhost$/.test(first) ? rest.join("/") : image
}

/**
 * Lints an HPC entrypoint: no `#!` or `#SBATCH` lines, work launched with `srun`, a Slurm image, and no
 * internet, since HPC spaces are offline (INSPIRE-API.md §6 rules 6, 14, 25).
 */
export const lintHpcEntrypoint = (input: HpcLintInput): ReadonlyArray<Finding> => {
  if (input.entrypoint.trim() === "") {
    return [finding("error", "empty-command", msg("lint-hpc-empty"), msg("lint-hpc-empty-fix"))]
  }
  const findings: Array<Finding> = []
  for (const line of input.entrypoint.split("\n").map((l) => l.trim())) {
    if (line.startsWith("#!")) {
      findings.push(finding("error", "hpc-shebang", msg("lint-hpc-shebang"), msg("lint-hpc-shebang-fix"), line))
    }
    if (/^#SBATCH(\s|$)/.test(line)) {
      findings.push(finding("error", "hpc-sbatch", msg("lint-hpc-sbatch", { line }), sbatchFix(line), line))
    }
  }
  const commands = parseCommands(input.entrypoint)
  const launchesSrun = commands.some((cmd) => {
    const unwrapped = unwrapCommand(cmd.words)
    return unwrapped.wrappers.includes("srun") || basename(unwrapped.words[0] ?? "") === "srun"
  })
  if (!launchesSrun) {
    findings.push(finding("warning", "hpc-no-srun", msg("lint-hpc-no-srun"), msg("lint-hpc-no-srun-fix")))
  }
  const image = input.image?.trim() ?? ""
  if (image !== "" && !/slurm/i.test(withoutHost(image))) {
    findings.push(
      finding("warning", "hpc-image-slurm", msg("lint-hpc-image", { image }), msg("lint-hpc-image-fix"), image),
    )
  }
  findings.push(...offlineNetworkFindings(commands, "hpc"))
  return findings
}
