// The everyday calls of the skill's workflows, as an agent makes them, through the built server with the
// real SDK client checking every result against its output schema: each result still carries what the
// workflow reads next, and the text beside a long structured result is a summary, not a second copy.
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Connection, call, connectStdio, homeFor, logIn, structured, textOf } from "./harness.js"

let emu: RunningEmulator
let server: Connection

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  const env = homeFor(emu.url)
  await logIn(env, emu.demo.username, emu.demo.password)
  server = await connectStdio(env, ["--output-schemas"])
}, 30_000)

afterAll(async () => {
  await server?.close()
  await emu?.close()
})

const bytes = (s: string): number => Buffer.byteLength(s, "utf8")

/** A call's result, with the size checks every everyday result meets. */
const everyday = async (name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> => {
  const r = await call(server.client, name, args)
  const json = JSON.stringify(structured(r))
  const text = textOf(r)
  // The text never repeats the structured result: a long rendering is cut to its first and last lines.
  expect(bytes(text), `${name}: ${text}`).toBeLessThanOrEqual(1300)
  if (bytes(json) > 4000) expect(text).toContain(`the whole result is the structuredContent of ${name}`)
  return r
}

interface Spec {
  readonly id: string
  readonly gpuCount: number
  readonly cpuCount: number
  readonly memoryGi: number
  readonly pricePerHour?: number
  readonly allowedPriorityLevels?: ReadonlyArray<string>
}
interface Group {
  readonly id: string
  readonly name: string
  readonly gpus?: { readonly free: number; readonly total: number }
  readonly specs?: { readonly TRAIN?: ReadonlyArray<Spec> }
  readonly specCounts: Record<string, number>
}
interface Status {
  readonly projects: ReadonlyArray<{
    readonly name: string
    readonly enName: string
    readonly priorityCap: number
    readonly storage: { readonly projectHdd: string }
  }>
  readonly workspaces: ReadonlyArray<{
    readonly name: string
    readonly network: string
    readonly registry: string
    readonly projects: ReadonlyArray<{ readonly name: string }>
    readonly groups: ReadonlyArray<Group>
  }>
}

describe("the everyday results", () => {
  it("carry what the workflows read, in a few kilobytes, with a summary as their text", async () => {
    // Discover: the overview counts specs; schedule_type lists the ids a submit needs.
    const overview = await everyday("inspire_status")
    expect(bytes(JSON.stringify(overview.structuredContent))).toBeLessThan(20_000)
    const all = structured<Status>(overview)
    expect(all.projects.find((p) => p.enName === "embodied-fm")).toMatchObject({
      priorityCap: 10,
      storage: { projectHdd: "/inspire/hdd/project/embodied-fm/" },
    })
    const dist = all.workspaces.find((w) => w.name === "分布式训练空间")
    expect(dist).toMatchObject({ network: "offline", registry: "qb" })
    expect(dist?.projects.map((p) => p.name)).toContain("具身智能基础模型")
    const h100 = dist?.groups.find((g) => g.name === "H100")
    expect(h100).toMatchObject({ id: expect.stringMatching(/^lcg-/), gpus: { total: 32 }, specCounts: { TRAIN: 2 } })
    expect(h100?.specs).toBeUndefined()
    expect(textOf(overview)).toContain('schedule_type="TRAIN" lists the ids')
    expect(textOf(overview)).toContain("warning: Project 公共科研项目 has no budget left")

    const train = structured<Status>(await everyday("inspire_status", { schedule_type: "TRAIN" }))
    const specs = train.workspaces.find((w) => w.name === "分布式训练空间")?.groups.find((g) => g.name === "H100")
      ?.specs?.TRAIN
    const spec = specs?.find((s) => s.gpuCount === 1 && s.allowedPriorityLevels === undefined)
    expect(spec).toMatchObject({
      id: expect.stringMatching(/^quota-/),
      cpuCount: 20,
      memoryGi: 200,
      pricePerHour: 19.5,
    })

    // Submit three jobs: one that trains, one that idles, one that fails; an hour passes.
    const image = structured<{ images: ReadonlyArray<{ address: string }> }>(
      await call(server.client, "inspire_images", { workspace: "分布式训练空间", search: "pytorch" }),
    ).images[0]?.address
    const ids: string[] = []
    for (const [name, command] of [
      ["res-busy", "python train.py #emu:busy"],
      ["res-idle", "python train.py #emu:idle"],
      ["res-fail", "python train.py; exit 1"],
    ] as const) {
      const submitted = await call(server.client, "inspire_submit", {
        name,
        command,
        workspace: "分布式训练空间",
        project: "具身智能基础模型",
        compute_group: "H100",
        spec: spec?.id,
        image,
      })
      ids.push(structured<{ jobId: string }>(submitted).jobId)
    }
    emu.control.clock.advance(3600)
    const [busy, , failed] = ids

    // Follow: the listing, a failure's diagnosis, the log's newest lines, the utilisation verdict.
    const jobs = structured<{ tasks: ReadonlyArray<{ id: string; name: string; status: string }> }>(
      await everyday("inspire_jobs"),
    )
    expect(jobs.tasks.find((t) => t.id === failed)).toMatchObject({ name: "res-fail", status: "failed" })
    const detail = structured<{ status: { family: string }; diagnosis?: { findings: unknown[] } }>(
      await everyday("inspire_job_detail", { job_id: failed }),
    )
    expect(detail.status.family).toBe("failed")
    expect(detail.diagnosis).toBeDefined()

    const logs = await everyday("inspire_logs", { job_id: busy })
    const { lines, before } = structured<{ lines: ReadonlyArray<{ time: number; message: string }>; before?: number }>(
      logs,
    )
    expect(lines).toHaveLength(50)
    // The text keeps the newest line, the one an agent looks at first, and the cursor to older ones.
    expect(textOf(logs)).toContain(lines.at(-1)?.message)
    expect(before).toBe((lines[0]?.time ?? 0) - 1)
    expect(textOf(logs)).toContain(`Older lines: until="${before}"`)
    const older = structured<{ lines: ReadonlyArray<{ time: number }> }>(
      await call(server.client, "inspire_logs", { job_id: busy, until: String(before) }),
    ).lines
    expect(older.length).toBeGreaterThan(0)
    expect(older.every((l) => l.time <= (before ?? 0))).toBe(true)

    const metrics = structured<{ summary: { verdict: string; state: string } }>(
      await everyday("inspire_metrics", { job_id: busy }),
    )
    expect(metrics.summary.verdict).not.toBe("")

    // Find free GPUs, and who holds them.
    const free = structured<{
      workspaces: ReadonlyArray<{ name: string; groups: ReadonlyArray<{ name: string; gpus: { free: number } }> }>
    }>(await everyday("inspire_availability"))
    const groups = free.workspaces.find((w) => w.name === "分布式训练空间")?.groups ?? []
    expect(groups.map((g) => g.gpus.free).every((n) => n >= 0)).toBe(true)
    const usage = structured<{ totals: { gpus: number; tasks: number } }>(
      await everyday("inspire_usage", { workspace: "分布式训练空间" }),
    )
    expect(usage.totals.gpus).toBeGreaterThan(0)
  }, 120_000)
})
