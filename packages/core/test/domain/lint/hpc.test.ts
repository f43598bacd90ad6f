import { describe, expect, it } from "vitest"
import type { Finding } from "../../../src/domain/lint/finding.js"
import { lintHpcEntrypoint } from "../../../src/domain/lint/hpc.js"
import { renderWords } from "../../../src/words/render.js"

const SLURM_IMAGE = "docker.sii.shaipower.online/inspire-studio/slurm-pytorch:24.05"
const rules = (findings: ReadonlyArray<Finding>) => findings.map((f) => `${f.level}:${f.rule}`)
const ruleIds = (entrypoint: string, image: string | undefined = SLURM_IMAGE) =>
  rules(lintHpcEntrypoint(image === undefined ? { entrypoint } : { entrypoint, image }))

describe("lintHpcEntrypoint", () => {
  it("accepts a clean Slurm body", () => {
    expect(ruleIds("cd /inspire/hdd/project/p\nsrun python preprocess.py --shard $SLURM_PROCID")).toEqual([])
  })

  it.each([[""], ["  \n "]])("rejects an empty entrypoint %j and nothing else", (entrypoint) => {
    expect(ruleIds(entrypoint)).toEqual(["error:empty-command"])
  })

  it("rejects a shebang line", () => {
    const findings = lintHpcEntrypoint({ entrypoint: "#!/bin/bash\nsrun python p.py", image: SLURM_IMAGE })
    expect(rules(findings)).toEqual(["error:hpc-shebang"])
    expect(findings[0]?.match).toBe("#!/bin/bash")
  })

  it("rejects each #SBATCH line, naming the directive and the parameter to use instead", () => {
    const entrypoint = "#SBATCH --ntasks=4\n#SBATCH -c 8\n  #SBATCH --time=01:00:00\nsrun python p.py"
    const findings = lintHpcEntrypoint({ entrypoint, image: SLURM_IMAGE })
    expect(rules(findings)).toEqual(["error:hpc-sbatch", "error:hpc-sbatch", "error:hpc-sbatch"])
    expect(findings.map((f) => f.match)).toEqual(["#SBATCH --ntasks=4", "#SBATCH -c 8", "#SBATCH --time=01:00:00"])
    expect(renderWords(findings[0]?.fix ?? "", "library")).toContain("use number_of_tasks in place of `--ntasks`")
    expect(renderWords(findings[1]?.fix ?? "", "library")).toContain("use cpus_per_task in place of `-c`")
    for (const f of findings)
      expect(renderWords(f.fix, "library")).toMatch(/number_of_tasks.*cpus_per_task.*memory_per_cpu/)
  })

  it("does not mistake comments or quoted text for directives", () => {
    expect(ruleIds("# SBATCH is not used here\n# see #! docs\nsrun python p.py")).toEqual([])
    expect(ruleIds('srun echo "#SBATCH --ntasks=4"')).toEqual([])
  })

  it("warns when the work is not launched with srun", () => {
    expect(ruleIds("python preprocess.py")).toEqual(["warning:hpc-no-srun"])
    expect(ruleIds("echo srun && python p.py")).toEqual(["warning:hpc-no-srun"])
    expect(ruleIds("python srun.py")).toEqual(["warning:hpc-no-srun"])
  })

  it.each([
    ["srun python p.py"],
    ["module load x && srun -n 4 python p.py 2>&1 | tee log"],
    ["time srun --ntasks=2 python p.py"],
    ["for f in a b; do\n  srun python p.py $f\ndone"],
    ["bash -c 'srun python p.py'"],
  ])("finds srun in %j", (entrypoint) => {
    expect(ruleIds(entrypoint)).toEqual([])
  })

  it("warns when the image does not contain Slurm", () => {
    const findings = lintHpcEntrypoint({
      entrypoint: "srun python p.py",
      image: "docker.sii.shaipower.online/x/pytorch:2",
    })
    expect(rules(findings)).toEqual(["warning:hpc-image-slurm"])
    expect(renderWords(findings[0]?.message ?? "", "library")).toContain("slurmctld BackOff")
  })

  it("matches slurm in the repository or tag, case-insensitively, and skips the check without an image", () => {
    expect(ruleIds("srun p", "docker.sii.shaipower.online/inspire-studio/SLURM-base:1")).toEqual([])
    expect(ruleIds("srun p", "docker.sii.shaipower.online/team/pytorch:slurm-23")).toEqual([])
    expect(ruleIds("srun p", "slurm.example.com/team/pytorch:1")).toEqual(["warning:hpc-image-slurm"])
    expect(ruleIds("srun p", undefined)).toEqual([])
    expect(ruleIds("srun p", "  ")).toEqual([])
  })

  it("treats HPC spaces as offline: network commands are errors, even under srun", () => {
    const findings = lintHpcEntrypoint({
      entrypoint: "srun pip install x\nwget u && srun python p.py",
      image: SLURM_IMAGE,
    })
    expect(findings.map((f) => [f.level, f.rule, f.match])).toEqual([
      ["error", "offline-network", "srun pip install x"],
      ["error", "offline-network", "wget u"],
    ])
    expect(renderWords(findings[0]?.message ?? "", "library")).toContain("HPC")
  })

  it("reports every problem of a batch script pasted as it is", () => {
    const entrypoint = "#!/bin/bash\n#SBATCH --mem-per-cpu=4G\ngit pull\npython p.py"
    expect(ruleIds(entrypoint, "docker.sii.shaipower.online/x/py:1")).toEqual([
      "error:hpc-shebang",
      "error:hpc-sbatch",
      "warning:hpc-no-srun",
      "warning:hpc-image-slurm",
      "error:offline-network",
    ])
  })
})
