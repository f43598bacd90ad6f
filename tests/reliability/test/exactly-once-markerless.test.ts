// Exactly-once creates of notebooks and servings (the platform keeps no marker for them), models (a
// marker in the description), HPC and Ray jobs (a marker line in the entrypoint) and images saved from a
// notebook (found by name and version), through core's catalogue: a loopback proxy loses answers after the
// platform acted, answers 502 after it acted and cuts requests before they arrive, and the emulator
// spoils some create answers (status 200, unreadable); for the first half of the creates the proxy strips
// the Date header with the clients' clock a minute ahead of the platform's, for the second half the Date
// is there and the platform's clock is 10 minutes ahead. 0 duplicates, 0 wrong ids, no failure saying
// "not created" for an object that exists.
import {
  type InspireClient,
  InspireError,
  inferenceOperation,
  invoke,
  modelsOperation,
  notebookOperation,
  type Operation,
  submitHpcOperation,
  submitRayOperation,
} from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FULL, report, size } from "./suite.js"
import { type LossyProxy, startLossyProxy } from "./support/lossy-proxy.js"
import { createTargets, homeFor, loggedInClient, seeded } from "./support/platform.js"

const CREATES = size(20, 60)
const CONCURRENCY = 4
const LOST = 0.25
const FAILED = 0.1
const CUT = 0.15
const SPOILED = 0.15
/** The create surfaces whose answers the emulator spoils (status 200, unreadable) after carrying them out. */
const CREATE_KEYS = [
  "v2:notebook.CreateNotebook",
  "v1:POST /api/v1/notebook/create",
  "oa:/openapi/v1/inference_servings/create",
  "v1:POST /api/v1/model/create",
  "oa:/openapi/v1/hpc_jobs/create",
  "v2:hpc.CreateJob",
  "v2:notebook.SaveNotebookImage",
  "v1:POST /api/v1/ray_job/create",
]

const KINDS = ["nb", "sv", "md", "hp", "im", "ry"] as const
type Kind = (typeof KINDS)[number]
const KIND_NAMES: Record<Kind, string> = {
  nb: "notebooks",
  sv: "servings",
  md: "models",
  hp: "HPC jobs",
  im: "images saved from a notebook",
  ry: "Ray jobs",
}

/** Proxy faults (lost answers, 502s after acting, cut requests) that creates of each kind met. */
const faultsMet: Record<Kind, number> = { nb: 0, sv: 0, md: 0, hp: 0, im: 0, ry: 0 }

let emu: RunningEmulator
let proxy: LossyProxy
let client: InspireClient
let dateless = false

/** The kind of create a request is, by its path (OA, V1 or V2). */
const createKind = (path: string): Kind | undefined =>
  /hpc_jobs\/create|hpc\?Action=CreateJob/.test(path)
    ? "hp"
    : /ray_job\/create/.test(path)
      ? "ry"
      : /SaveNotebookImage|mirror\/save(\?|$)/.test(path)
        ? "im"
        : /model\/create/.test(path)
          ? "md"
          : /inference_servings\/create|CreateServing/.test(path)
            ? "sv"
            : /CreateNotebook|notebook\/create/.test(path)
              ? "nb"
              : undefined

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  const random = seeded(7)
  // A create of its kind meets the fault at `rate`; each fault met is counted for its kind.
  const fault = (rate: number) => (_m: string, path: string) => {
    const kind = createKind(path)
    if (kind === undefined || random() >= rate) return false
    faultsMet[kind] += 1
    return true
  }
  proxy = await startLossyProxy(emu.url, fault(LOST), { cut: fault(CUT), fail: fault(FAILED), noDate: () => dateless })
  client = (await loggedInClient(emu, homeFor(proxy.url))).client
}, 30_000)
afterAll(async () => {
  await client?.close()
  await proxy?.close()
  await emu?.close()
})

interface Outcome {
  readonly kind: Kind
  readonly name: string
  readonly id?: string
  readonly created?: string
  readonly said: boolean
}

const spec = (type: string) =>
  emu.control.state().specs.find((s) => s.type === type && s.gpuCount === 1 && s.allowedPriorityLevels.length === 0)
    ?.id ?? ""

/** A Ray job of one worker group, on the fixture's CPU group that offers Ray specs. */
const rayInput = (name: string) => {
  const s = emu.control.state()
  const ws = s.workspaces.find((w) => w.name === "CI-情境智能")
  const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === "CPU资源-2")
  return {
    name,
    entrypoint: "python eval.py #emu:idle",
    workspace: "CI-情境智能",
    compute_group: "CPU资源-2",
    spec: s.specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_RAY_JOB" && x.lcgIds.includes(group?.id ?? ""))?.id,
    image: s.images.find((x) => x.name === "ray")?.address,
    worker: ["cpu:1-2"],
  }
}

const create = async (i: number): Promise<Outcome> => {
  const kind = KINDS[i % KINDS.length] ?? "nb"
  const name = `once-${kind}-${String(i).padStart(3, "0")}`
  const place = { name, compute_group: "H100", workspace: "分布式训练空间", project: "具身智能基础模型" }
  // Each save has a running notebook of its own: a notebook saves one image at a time.
  const source = kind === "im" ? emu.control.jupyter.runningNotebook({ name: `src-${name}` }) : undefined
  const raw =
    kind === "hp"
      ? createTargets(emu.control.state()).submitHpc(name, "srun python preprocess.py")
      : kind === "ry"
        ? rayInput(name)
        : source !== undefined
          ? { action: "save_image", notebook_id: source.id, workspace: "可上网GPU资源", name, version: "v1" }
          : kind === "nb"
            ? {
                action: "create",
                ...place,
                spec: spec("SCHEDULE_CONFIG_TYPE_DSW"),
                image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
              }
            : kind === "sv"
              ? {
                  action: "create",
                  ...place,
                  recipe: "qwen2.5-7b-instruct-vllm",
                  spec: spec("SCHEDULE_CONFIG_TYPE_SERVING"),
                }
              : {
                  action: "create",
                  name,
                  workspace: place.workspace,
                  project: place.project,
                  model_source_path: `/inspire/hdd/project/embodied-fm/models/${name}`,
                  model_type: "LLM",
                }
  const op = (kind === "nb" || kind === "im"
    ? notebookOperation
    : kind === "sv"
      ? inferenceOperation
      : kind === "hp"
        ? submitHpcOperation
        : kind === "ry"
          ? submitRayOperation
          : modelsOperation) as unknown as Operation
  try {
    const { result } = await client.run(invoke(op, raw))
    const r = result as {
      notebookId?: string
      servingId?: string
      modelId?: string
      jobId?: string
      image?: { id?: string }
    }
    const id = r.notebookId ?? r.servingId ?? r.modelId ?? r.jobId ?? r.image?.id
    return { kind, name, ...(id !== undefined ? { id } : {}), said: true }
  } catch (e) {
    const error = e instanceof InspireError ? e : undefined
    return {
      kind,
      name,
      ...(error?.created !== undefined ? { created: error.created } : {}),
      said: error?.created !== undefined && String(error.hint) !== "",
    }
  }
}

describe("exactly-once creates of notebooks, servings, models, HPC and Ray jobs and saved images", () => {
  it(
    `${CREATES} creates, answers lost, 502 or unreadable, requests cut, with and without the platform's time: 0 duplicates`,
    async () => {
      const outcomes: Outcome[] = []
      const half = CREATES / 2
      for (const [k, offset] of [-60_000, 10 * 60_000].entries()) {
        dateless = k === 0
        emu.control.faults.set({
          clockOffsetMs: offset,
          answers: Object.fromEntries(CREATE_KEYS.map((key) => [key, { mode: "mixed" as const, rate: SPOILED }])),
        })
        const queue = Array.from({ length: half }, (_, j) => k * half + j)
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            for (let i = queue.shift(); i !== undefined; i = queue.shift()) outcomes.push(await create(i))
          }),
        )
      }
      emu.control.faults.reset()
      const state = emu.control.state()
      const made = (name: string) =>
        [...state.tasks, ...state.models, ...state.images].filter((t) => t.name === name).map((t) => t.id)
      const duplicates = outcomes.filter((o) => made(o.name).length > 1)
      const wrongIds = outcomes.filter((o) => o.id !== undefined && !made(o.name).includes(o.id))
      const lost = outcomes.filter((o) => o.created === "no" && made(o.name).length > 0)
      const failures = outcomes.filter((o) => o.id === undefined)
      const unknown = failures.filter((o) => o.created === "unknown")
      const unsaid = failures.filter((o) => !o.said)
      const perKind = KINDS.map((kind) => {
        const of = outcomes.filter((o) => o.kind === kind)
        const ok = of.filter((o) => o.id !== undefined).length
        return {
          name: `${KIND_NAMES[kind]}: creates tried`,
          value: `${of.length} (${ok} answered with their id; ${faultsMet[kind]} lost answers, 502s and cut requests met)`,
        }
      })
      console.log(
        `exactly-once (notebooks, servings, models, HPC and Ray jobs, saved images): ${CREATES} creates, ` +
          `${CREATES - failures.length} succeeded, ${unknown.length} "unknown", ${duplicates.length} duplicates, ` +
          `${wrongIds.length} wrong ids, ${lost.length} lost; ${perKind.map((r) => `${r.name}: ${r.value}`).join("; ")}`,
      )
      report({
        id: "exactly-once-markerless",
        title: "Exactly-once creates of notebooks, servings, models, HPC and Ray jobs and saved images",
        method:
          `${CREATES} creates through core's catalogue (notebooks, servings, models, HPC jobs, Ray jobs and images saved from ` +
          `a running notebook in turn, each its own name), ${CONCURRENCY} at a time. A loopback proxy in front of ` +
          `the emulator carries out ${LOST * 100}% of the creates and loses their answer, carries out ` +
          `${FAILED * 100}% and answers 502, and cuts ${CUT * 100}% before they reach it; the emulator answers ` +
          `${SPOILED * 100}% of the creates it carries out with an unreadable 200 (truncated, empty, wrong type, a ` +
          "login page, a JSON error). For the first half the proxy's answers carry no Date header and the clients' " +
          "clock is a minute ahead of the platform's; for the second half the Date is there and the platform's " +
          "clock is 10 minutes ahead. Afterwards every object the emulator holds is matched by name against the " +
          "creates and their answers.",
        notes: [
          "A client that applies its send-time window to the platform's stamps without knowing the platform's " +
            "time, and resends when that finds nothing, made 6 duplicates in 60 notebook and serving creates.",
          "A save that does not look its image up by name and version after a lost or unreadable answer fails " +
            "without saying whether the image exists; saving again then makes a second image of that name and " +
            "version, or is refused while the first is still saving.",
        ],
        rows: [
          { name: "creates tried", value: String(CREATES) },
          ...perKind,
          { name: "succeeded", value: String(CREATES - failures.length) },
          { name: "duplicates", value: String(duplicates.length), target: "0", met: duplicates.length === 0 },
          { name: "wrong ids", value: String(wrongIds.length), target: "0", met: wrongIds.length === 0 },
          {
            name: "told not created, but exist",
            value: String(lost.length),
            target: "0",
            met: lost.length === 0,
          },
          {
            name: "reported unknown (may exist; list before creating again)",
            value: `${unknown.length} of ${failures.length} failures`,
          },
          {
            name: "failures saying whether the object exists and what to do",
            value: `${failures.length - unsaid.length} of ${failures.length}`,
            target: "all",
            met: unsaid.length === 0,
          },
        ],
      })
      expect(duplicates.map((o) => o.name)).toEqual([])
      expect(wrongIds.map((o) => o.name)).toEqual([])
      expect(lost.map((o) => o.name)).toEqual([])
      expect(unsaid.map((o) => o.name)).toEqual([])
    },
    FULL ? 600_000 : 180_000,
  )
})
