// The world both fuzzing suites run in: an in-process emulator, a throw-away home with a logged-in
// profile, a few real tasks to aim at, and the valid values (workspaces, specs, ids) the generators use.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInspireClient, findOperation, invoke } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import type { Vocabulary } from "./fuzz-values.js"

/** Everything a suite needs to point its processes at the emulator and nowhere else. */
export interface World {
  readonly emu: RunningEmulator
  /** The temp folder holding HOME, TMPDIR, INSPIRE_HOME and SYNERGY_HOME. */
  readonly root: string
  readonly env: Record<string, string>
  readonly vocabulary: Vocabulary
  /** Task ids that have ended: the only ones a wait may name, so that no wait blocks. */
  readonly endedTasks: ReadonlyArray<string>
  /** Inputs that worked at setup, per operation: starting points for near-valid inputs. */
  readonly templates: Readonly<Record<string, ReadonlyArray<Record<string, unknown>>>>
  /** Ids of every task created at setup; tasks the fuzzers create are pruned now and then. */
  readonly seeded: ReadonlySet<string>
  /** Connections that tried to leave loopback, caught by the dead-end proxy. */
  readonly escapes: () => number
  readonly prune: () => void
  readonly close: () => Promise<void>
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      resolve(typeof address === "object" && address !== null ? address.port : 0)
    })
  })

// A loopback port with nothing behind it, for DOCKER_HOST: a push fails fast with DockerUnavailable.
const closedPort = async (): Promise<number> => {
  const server = createServer()
  const port = await listen(server)
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

// The proxy every non-loopback request is sent to (NO_PROXY exempts loopback): it counts and hangs up.
const deadEndProxy = async (): Promise<{ port: number; count: () => number; close: () => Promise<void> }> => {
  let count = 0
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    count++
    sockets.add(socket)
    socket.on("error", () => undefined)
    socket.destroy()
  })
  const port = await listen(server)
  return {
    port,
    count: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const writeProfile = (configDir: string, emuUrl: string, pushPort: number): void => {
  mkdirSync(configDir, { recursive: true })
  const registry = (id: "qb" | "sj", display: string) => ({
    push: `127.0.0.1:${pushPort}`,
    display,
    api: `${emuUrl}/harbor/${id}`,
  })
  const config = {
    version: 1,
    currentProfile: "default",
    profiles: {
      default: {
        defaults: {},
        endpoints: {
          baseUrl: emuUrl,
          registries: {
            qb: registry("qb", "docker.sii.shaipower.online"),
            sj: registry("sj", "docker-t.sii.shaipower.online"),
          },
        },
      },
    },
  }
  writeFileSync(join(configDir, "config.json"), JSON.stringify(config))
}

type State = ReturnType<RunningEmulator["control"]["state"]>

// Valid values per field name, straight from the emulator's fixture, plus near misses a user might type.
const vocabularyOf = (state: State, taskIds: ReadonlyArray<string>, ended: ReadonlyArray<string>): Vocabulary => {
  const uuid = "00000000-0000-4000-8000-000000000000"
  const missing = [`job-${uuid}`, `hpc-job-${uuid}`, `sv-${uuid}`, uuid, "job-1", "nope"]
  const byKind = (prefix: string) => taskIds.filter((id) => id.startsWith(prefix))
  return {
    workspace: [...state.workspaces.flatMap((w) => [w.name, w.id]), "分布式训练", "ws-unknown"],
    project: [...state.projects.flatMap((p) => [p.name, p.enName, p.id]), "no-such-project"],
    compute_group: [...new Set(state.groups.map((g) => g.name)), state.groups[0]?.id ?? "", "H999"],
    spec: [...state.specs.slice(0, 30).flatMap((s) => [s.id, s.name]), "quota-unknown", "1*H100"],
    image: [
      ...state.images.map((i) => i.address),
      ...state.images.map((i) => `${i.name}:${i.version}`),
      "docker.io/library/ubuntu:22.04",
      "docker.sii.shaipower.online/inspire-studio/missing:v1",
      "ubuntu",
    ],
    job_id: [...taskIds, ...missing],
    serving_id: [...byKind("sv-"), `sv-${uuid}`, "sv-1"],
    notebook_id: [...taskIds.filter((id) => !/^(job|hpc-job|sv)-/.test(id)), uuid, "nb-1"],
    model_id: [...state.models.map((m) => m.id), "model-unknown"],
    model_version: [1, 2, 3, 99],
    name: ["fuzz", "fuzz-job-1", "训练-1", "a".repeat(64), "with space", "UPPER_case.dot"],
    command: ["python train.py", "echo hi #emu:duration=5", "exit 1", "pip install torch", "#emu:oom python x.py"],
    entrypoint: ["srun hostname", "echo hpc #emu:duration=5", "exit 1"],
    username: ["20250001", "robot$inspire-studio+user-20250001", "nobody"],
    password: ["wrong-password", "x"],
    time_range: ["30m", "1h", "24h", "7d", "90d", "0m", "-5m", "2026-01-01T00:00:00Z/2026-01-02T00:00:00Z"],
    since: ["10m", "2026-01-15T02:00:00Z", "yesterday", "2026-13-45"],
    until: ["now", "2026-01-16T02:00:00Z", "5m"],
    pod: ["worker-0", `${ended[0] ?? "job-x"}-worker-0-0`],
    tag: ["v1", "latest", "UPPER", "a:b", "x".repeat(200)],
    search: ["pytorch", "cuda", "启智", ""],
    keyword: ["fuzz", "nb", ""],
    repo: ["inspire-studio/my-train", "my-train", "missing"],
    framework: ["pytorch", "deepspeed", "megatron", "unknown"],
    shm: [1, 32, 1024, "32", "32Gi", "abc", 0.5],
    memory_per_cpu: ["4G", "512M", 4, "4", "lots"],
    value: ["分布式训练空间", "具身智能基础模型", "H100", 5, "64", "", "pytorch"],
    envs: [{ A: "1" }, { PATH: "/bin", "": "x" }, { "bad key": "v" }],
    model_type: [["LLM"], "LLM", ["LLM", "VLM"], []],
    tags: [["qwen"], "chat", []],
    model_source_path: ["/inspire/hdd/project/embodied-fm/public/models/x", "relative/path", ""],
    custom_domain: ["my-service", "UPPER", "a.b.c"],
  }
}

interface Seeded {
  readonly ids: ReadonlyArray<string>
  readonly templates: Record<string, Array<Record<string, unknown>>>
}

const seedTasks = async (env: Record<string, string>, state: State): Promise<Seeded> => {
  const client = createInspireClient({ env })
  const ids: string[] = []
  const templates: Record<string, Array<Record<string, unknown>>> = {}
  const specOf = (type: string, workspace: string) =>
    state.specs.find((s) => s.type === type && s.workspaceId === workspace && s.allowedPriorityLevels.length === 0)
  const wsId = (name: string) => state.workspaces.find((w) => w.name === name)?.id ?? ""
  const train = specOf("SCHEDULE_CONFIG_TYPE_TRAIN", wsId("分布式训练空间"))
  const dsw = specOf("SCHEDULE_CONFIG_TYPE_DSW", wsId("分布式训练空间"))
  const image = state.images[0]?.address ?? ""
  const base = { workspace: "分布式训练空间", project: "具身智能基础模型", image }
  const attempts: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
    ...["python train.py #emu:duration=5", "exit 1", "#emu:oom python x.py"].map(
      (command, i) =>
        ["submit", { ...base, name: `seed-${i}`, command, compute_group: "H100", spec: train?.id }] as const,
    ),
    [
      "submit_hpc",
      {
        name: "seed-hpc",
        entrypoint: "srun hostname #emu:duration=5",
        workspace: "高性能计算",
        project: "具身智能基础模型",
        image,
        spec: specOf("SCHEDULE_CONFIG_TYPE_HPC", wsId("高性能计算"))?.id,
      },
    ],
    ["notebook", { ...base, action: "create", name: "seed-nb", compute_group: "H100", spec: dsw?.id }],
    [
      "inference",
      {
        ...base,
        action: "create",
        name: "seed-sv",
        compute_group: "H100",
        spec: specOf("SCHEDULE_CONFIG_TYPE_SERVING", wsId("分布式训练空间"))?.id,
        model_id: state.models[0]?.id,
        model_version: 1,
        command: "serve",
      },
    ],
  ]
  try {
    for (const [name, input] of attempts) {
      const op = findOperation(name)
      if (op === undefined) continue
      const made = await client.run(invoke(op, input)).catch(() => undefined)
      const result = made?.result as { jobId?: string; notebookId?: string; servingId?: string } | undefined
      const id = result?.jobId ?? result?.notebookId ?? result?.servingId
      if (id === undefined) continue
      ids.push(id)
      templates[name] = [...(templates[name] ?? []), input]
    }
  } finally {
    await client.close()
  }
  return { ids, templates }
}

/** Starts the emulator and a logged-in home; every path a fuzzed call may write to is under `root`. */
export const startWorld = async (label: string): Promise<World> => {
  // A paused clock: seeded jobs are run to their end once, and then nothing grows by itself (a running
  // notebook's log or metrics would otherwise lengthen by the hour while a full-size run goes on).
  const emu = await startEmulator({ port: 0, paused: true })
  const root = mkdtempSync(join(tmpdir(), `inspire-${label}-`))
  const proxy = await deadEndProxy()
  const pushPort = await closedPort()
  const sink = `http://127.0.0.1:${proxy.port}`
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: join(root, "home"),
    TMPDIR: join(root, "tmp"),
    INSPIRE_HOME: join(root, "inspire"),
    SYNERGY_HOME: join(root, "synergy"),
    INSPIRE_BASE_URL: emu.url,
    INSPIRE_RATE_LIMIT: "100000",
    HTTPS_PROXY: sink,
    HTTP_PROXY: sink,
    NO_PROXY: "127.0.0.1,localhost",
    DOCKER_HOST: `tcp://127.0.0.1:${pushPort}`,
    NO_COLOR: "1",
  }
  for (const dir of ["HOME", "TMPDIR", "SYNERGY_HOME"] as const) mkdirSync(env[dir] ?? root, { recursive: true })
  writeProfile(join(env.INSPIRE_HOME ?? root, "config"), emu.url, pushPort)
  const login = createInspireClient({ env })
  await login.login({ username: emu.demo.username, password: emu.demo.password }).finally(() => login.close())
  const state = emu.control.state()
  const { ids, templates } = await seedTasks(env, state)
  // Past every seeded job's run time: they have all ended before the first fuzzed call.
  emu.control.clock.advance(3_600)
  const live = emu.control.state().tasks
  const ended = ids.filter((id) => {
    const task = live.find((t) => t.id === id)
    return task?.timeline.finished !== undefined
  })
  const seeded = new Set(ids)
  return {
    emu,
    root,
    env,
    vocabulary: vocabularyOf(state, ids, ended),
    endedTasks: ended,
    templates,
    seeded,
    escapes: proxy.count,
    prune: () => {
      const current = emu.control.state()
      current.tasks = current.tasks.filter((t) => seeded.has(t.id))
      emu.control.clearRequests()
    },
    close: async () => {
      await proxy.close()
      await emu.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}
