// Exactly-once creates of notebooks and servings (the platform keeps no marker for them) and models (a
// marker in the description), through core's catalogue: a loopback proxy loses answers after the platform acted and cuts requests before they
// arrive; for the first half of the creates it strips the Date header with the clients' clock a minute
// ahead of the platform's, for the second half the Date is there and the platform's clock is 10 minutes
// ahead. 0 duplicates, 0 wrong ids, no failure saying "not created" for an object that exists.
import {
  type InspireClient,
  InspireError,
  inferenceOperation,
  invoke,
  modelsOperation,
  notebookOperation,
  type Operation,
} from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FULL, report, size } from "./suite.js"
import { type LossyProxy, startLossyProxy } from "./support/lossy-proxy.js"
import { homeFor, loggedInClient, seeded } from "./support/platform.js"

const CREATES = size(18, 60)
const CONCURRENCY = 4
const LOST = 0.25
const CUT = 0.15

let emu: RunningEmulator
let proxy: LossyProxy
let client: InspireClient
let dateless = false

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  const random = seeded(7)
  const create = (path: string) =>
    /CreateNotebook|notebook\/create|inference_servings\/create|CreateServing|model\/create/.test(path)
  proxy = await startLossyProxy(emu.url, (_m, path) => create(path) && random() < LOST, {
    cut: (_m, path) => create(path) && random() < CUT,
    noDate: () => dateless,
  })
  client = (await loggedInClient(emu, homeFor(proxy.url))).client
}, 30_000)
afterAll(async () => {
  await client?.close()
  await proxy?.close()
  await emu?.close()
})

interface Outcome {
  readonly name: string
  readonly id?: string
  readonly created?: string
  readonly said: boolean
}

const spec = (type: string) =>
  emu.control.state().specs.find((s) => s.type === type && s.gpuCount === 1 && s.allowedPriorityLevels.length === 0)
    ?.id ?? ""

const KINDS = ["nb", "sv", "md"] as const

const create = async (i: number): Promise<Outcome> => {
  const kind = KINDS[i % KINDS.length] ?? "nb"
  const name = `once-${kind}-${String(i).padStart(3, "0")}`
  const place = { name, compute_group: "H100", workspace: "分布式训练空间", project: "具身智能基础模型" }
  const raw =
    kind === "nb"
      ? {
          action: "create",
          ...place,
          spec: spec("SCHEDULE_CONFIG_TYPE_DSW"),
          image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
        }
      : kind === "sv"
        ? { action: "create", ...place, recipe: "qwen2.5-7b-instruct-vllm", spec: spec("SCHEDULE_CONFIG_TYPE_SERVING") }
        : {
            action: "create",
            name,
            workspace: place.workspace,
            project: place.project,
            model_source_path: `/inspire/hdd/project/embodied-fm/models/${name}`,
            model_type: "LLM",
          }
  const op = (kind === "nb"
    ? notebookOperation
    : kind === "sv"
      ? inferenceOperation
      : modelsOperation) as unknown as Operation
  try {
    const { result } = await client.run(invoke(op, raw))
    const r = result as { notebookId?: string; servingId?: string; modelId?: string }
    const id = r.notebookId ?? r.servingId ?? r.modelId
    return { name, ...(id !== undefined ? { id } : {}), said: true }
  } catch (e) {
    const error = e instanceof InspireError ? e : undefined
    return {
      name,
      ...(error?.created !== undefined ? { created: error.created } : {}),
      said: error?.created !== undefined && String(error.hint) !== "",
    }
  }
}

describe("exactly-once creates of notebooks, servings and models", () => {
  it(
    `${CREATES} creates, answers lost or requests cut, with and without the platform's time: 0 duplicates`,
    async () => {
      const outcomes: Outcome[] = []
      const half = CREATES / 2
      for (const [k, offset] of [-60_000, 10 * 60_000].entries()) {
        dateless = k === 0
        emu.control.faults.set({ clockOffsetMs: offset })
        const queue = Array.from({ length: half }, (_, j) => k * half + j)
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            for (let i = queue.shift(); i !== undefined; i = queue.shift()) outcomes.push(await create(i))
          }),
        )
      }
      emu.control.faults.reset()
      const state = emu.control.state()
      const made = (name: string) => [...state.tasks, ...state.models].filter((t) => t.name === name).map((t) => t.id)
      const duplicates = outcomes.filter((o) => made(o.name).length > 1)
      const wrongIds = outcomes.filter((o) => o.id !== undefined && !made(o.name).includes(o.id))
      const lost = outcomes.filter((o) => o.created === "no" && made(o.name).length > 0)
      const failures = outcomes.filter((o) => o.id === undefined)
      const unknown = failures.filter((o) => o.created === "unknown")
      const unsaid = failures.filter((o) => !o.said)
      console.log(
        `exactly-once (notebooks, servings, models): ${CREATES} creates, ${CREATES - failures.length} succeeded, ` +
          `${unknown.length} "unknown", ${duplicates.length} duplicates, ${wrongIds.length} wrong ids, ${lost.length} lost`,
      )
      report({
        id: "exactly-once-markerless",
        title: "Exactly-once creates of notebooks, servings and models",
        method:
          `${CREATES} creates through core's catalogue (notebooks, servings and models in turn, each its own name), ` +
          `${CONCURRENCY} at a time. A loopback proxy in front of the emulator carries out ${LOST * 100}% of the ` +
          `creates and loses their answer, and cuts ${CUT * 100}% before they reach it. For the first half its ` +
          "answers carry no Date header and the clients' clock is a minute ahead of the platform's; for the second " +
          "half the Date is there and the platform's clock is 10 minutes ahead. Afterwards every object the " +
          "emulator holds is matched by name against the creates and their answers.",
        notes: [
          "A client that applies its send-time window to the platform's stamps without knowing the platform's " +
            "time, and resends when that finds nothing, made 6 duplicates in 60 notebook and serving creates.",
        ],
        rows: [
          { name: "creates tried", value: String(CREATES) },
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
