import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"

// `job submit --file SPEC.yaml` submits what a spec file says (train, hpc or ray), `--set` and flags on
// top; `job show ID -o yaml` writes the spec of a job, and that spec submits the same create body again.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let dir: string

interface Fixture {
  readonly workspaces: ReadonlyArray<{ id: string; name: string }>
  readonly groups: ReadonlyArray<{ id: string; name: string; workspaceId: string }>
  readonly specs: ReadonlyArray<{ id: string; type: string; lcgIds: string[] }>
  readonly images: ReadonlyArray<{ address: string; name?: string; registry: string }>
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
  env = homeFor(emu.url)
  dir = env.INSPIRE_HOME ?? ""
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
}, 30_000)
afterAll(async () => {
  await emu.close()
})

type Body = Record<string, unknown>
const creates = () => emu.control.requests().log.filter((q) => /POST .*\/create$/.test(q.surface))

const write = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text)
  return name
}

const dryBody = async (args: ReadonlyArray<string>): Promise<Body> =>
  json<{ request: { body: Body } }>(await inspire(env, [...args, "--dry-run", "--json"], undefined, dir)).request.body

// Flags as `key value` pairs, as a spec file's lines: `--compute-group H100` → `compute_group: H100`.
const asYaml = (flags: ReadonlyArray<string>): string =>
  flags
    .flatMap((f, i) => (i % 2 === 0 ? [`${f.slice(2).replace(/-/g, "_")}: ${JSON.stringify(flags[i + 1])}`] : []))
    .join("\n")

// Submits from flags, then shows the job as a spec and dry-runs that spec: the same body as the flags' dry run.
const roundTrip = async (submit: ReadonlyArray<string>, idPattern: RegExp): Promise<void> => {
  const before = await dryBody(submit)
  const made = await inspire(env, [...submit, "--json"], undefined, dir)
  const id = json<{ jobId: string }>(made).jobId
  expect(id).toMatch(idPattern)
  const shown = await inspire(env, ["job", "show", id, "-o", "yaml"])
  expect(shown.code, shown.stderr).toBe(0)
  const spec = write(`${id}.yaml`, shown.stdout)
  const sent = creates().length
  expect(await dryBody(["job", "submit", "--file", spec])).toEqual(before)
  expect(creates()).toHaveLength(sent)
}

describe("job spec files", () => {
  it("round-trips a training job: show -o yaml, then submit --file, gives the same create body", async () => {
    const place = placement(emu, "分布式训练空间", "H100", { workspaceFlag: true })
    const args = ["job", "submit", "--name", "spec-train", "--command", "python train.py", ...place]
    await roundTrip([...args, "--envs", "SEED=1", "--priority", "5"], /^job-/)
  }, 60_000)

  it("round-trips an HPC and a Ray job", async () => {
    const s = emu.control.state() as unknown as Fixture
    const hpcGroup = s.groups.find((g) => g.name === "高性能计算")
    const hpcSpec = s.specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_HPC" && x.lcgIds.includes(hpcGroup?.id ?? ""))
    const slurm = s.images.find((i) => i.registry === "qb" && /slurm/.test(i.address))
    await roundTrip(
      [
        ...["hpc", "submit", "--name", "spec-hpc", "--entrypoint", "srun python x.py #emu:idle"],
        ...["--workspace", "高性能计算", "--compute-group", "高性能计算", "--spec", hpcSpec?.id ?? ""],
        ...["--image", slurm?.address ?? "", "--cpus-per-task", "4", "--project", "具身智能基础模型"],
        // The platform keeps a job's TTL (600 s when none is given), and its spec carries what was kept.
        ...["--ttl-after-finish-seconds", "600"],
      ],
      /^hpc-job-/,
    )
    const ws = s.workspaces.find((w) => w.name === "CI-情境智能")
    const rayGroup = s.groups.find((g) => g.workspaceId === ws?.id && g.name === "CPU资源-2")
    const raySpec = s.specs.find(
      (x) => x.type === "SCHEDULE_CONFIG_TYPE_RAY_JOB" && x.lcgIds.includes(rayGroup?.id ?? ""),
    )
    const ray = s.images.find((i) => i.name === "ray")
    await roundTrip(
      [
        ...["ray", "submit", "--name", "spec-ray", "--entrypoint", "python tune.py #emu:idle"],
        ...["--workspace", "CI-情境智能", "--compute-group", "CPU资源-2", "--spec", raySpec?.id ?? ""],
        ...["--image", ray?.address ?? "", "--worker", "cpu:1-2"],
      ],
      /^rj-/,
    )
  }, 90_000)

  it("puts --set over the file and flags over both, saying which flags won", async () => {
    const place = placement(emu, "分布式训练空间", "H100", { workspaceFlag: true })
    const spec = write("train.yaml", `name: from-file\ncommand: python a.py\npriority: 3\n${asYaml(place)}\n`)
    const run = await inspire(
      env,
      ["job", "submit", "--file", spec, "--set", "priority=6", "--set", "envs.SEED=7", "--name", "from-flag"],
      undefined,
      dir,
    )
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain("Note: --name from the command line replaces the spec file's.")
    const made = emu.control.state().tasks.find((t) => t.name === "from-flag")
    expect(made).toBeDefined()
    const body = await dryBody(["job", "submit", "--file", spec, "--set", "priority=6", "--set", "envs.SEED=7"])
    expect(body.name).toBe("from-file")
    expect(body.task_priority).toBe(6)
    expect(JSON.stringify(body)).toContain('"SEED"')
  }, 60_000)

  it("refuses a malformed spec naming the line and the field, and sends nothing (exit 2)", async () => {
    const sent = creates().length
    const typo = write("typo.yaml", "name: x\ncomand: python a.py\npriority: high\n")
    const bad = await inspire(env, ["job", "submit", "--file", typo], undefined, dir)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('typo.yaml:2:9: "comand" is not a field of a job spec')
    expect(bad.stderr).toContain("typo.yaml:3:11: priority: Invalid input: expected number, received string")
    const broken = write("broken.yaml", "name: [x\ncommand: y\n")
    const syntax = await inspire(env, ["job", "submit", "--file", broken], undefined, dir)
    expect(syntax.code).toBe(2)
    expect(syntax.stderr).toMatch(/broken\.yaml:\d+:\d+: the spec file cannot be read/)
    const kind = write("kind.yaml", "kind: slurm\nname: x\n")
    expect((await inspire(env, ["job", "submit", "--file", kind], undefined, dir)).stderr).toContain(
      "kind.yaml:1:7: kind:",
    )
    const set = await inspire(env, ["job", "submit", "--file", typo, "--set", "priority"], undefined, dir)
    expect(set.stderr).toContain('--set takes KEY=VALUE, got "priority".')
    const noFile = await inspire(env, ["job", "submit", "--set", "priority=1"], undefined, dir)
    expect(noFile.code).toBe(2)
    expect(noFile.stderr).toContain("needs --file")
    const output = await inspire(env, ["job", "show", "job-x", "-o", "json"])
    expect(output.code).toBe(2)
    expect(creates()).toHaveLength(sent)
  }, 60_000)
})
