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
  "--mem": "memory_per_cpu (memory per CPU, not per node)",
}

const sbatchFix = (directive: string): string => {
  const option = directive.replace(/^#SBATCH\s*/, "").split(/[\s=]/)[0] ?? ""
  const parameter = Object.hasOwn(SBATCH_PARAMETERS, option) ? SBATCH_PARAMETERS[option] : undefined
  const general =
    "Remove the line: set resources with the job's number_of_tasks, cpus_per_task and memory_per_cpu parameters " +
    "(and its spec and compute group) instead."
  return parameter === undefined ? general : `${general} Here, use ${parameter} in place of \`${option}\`.`
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
    const fix = "Give the Slurm body to run, for example `srun python preprocess.py`."
    return [finding("error", "empty-command", "The HPC entrypoint is empty.", fix)]
  }
  const findings: Array<Finding> = []
  for (const line of input.entrypoint.split("\n").map((l) => l.trim())) {
    if (line.startsWith("#!")) {
      const message = "The entrypoint starts a script with a `#!` line, but the platform writes its own header."
      findings.push(finding("error", "hpc-shebang", message, "Remove the `#!` line; give only the body.", line))
    }
    if (/^#SBATCH(\s|$)/.test(line)) {
      const message = `\`${line}\` is not allowed: the platform generates the #SBATCH header itself.`
      findings.push(finding("error", "hpc-sbatch", message, sbatchFix(line), line))
    }
  }
  const commands = parseCommands(input.entrypoint)
  const launchesSrun = commands.some((cmd) => {
    const unwrapped = unwrapCommand(cmd.words)
    return unwrapped.wrappers.includes("srun") || basename(unwrapped.words[0] ?? "") === "srun"
  })
  if (!launchesSrun) {
    const message = "The work is not launched with `srun`, so it does not run as Slurm tasks on the allocated CPUs."
    const fix = "Launch each step with srun, for example `srun python preprocess.py`."
    findings.push(finding("warning", "hpc-no-srun", message, fix))
  }
  const image = input.image?.trim() ?? ""
  if (image !== "" && !/slurm/i.test(withoutHost(image))) {
    const message =
      `The image \`${image}\` does not look like a Slurm image; HPC jobs need Slurm in the image ` +
      '("slurmctld BackOff" in the events means it is missing).'
    const fix =
      'Use an image with Slurm installed (its name should contain "slurm"), e.g. an inspire-studio slurm image.'
    findings.push(finding("warning", "hpc-image-slurm", message, fix, image))
  }
  findings.push(...offlineNetworkFindings(commands, "hpc"))
  return findings
}
