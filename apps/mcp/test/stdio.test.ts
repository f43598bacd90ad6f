import { existsSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { OPERATIONS } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import type { Progress } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Connection, call, connectStdio, homeFor, logIn, structured, textOf } from "./harness.js"
import { expectNoSecrets } from "./secrets.js"
import { runWorkflow } from "./workflow.js"

// The manual's fifteen tools, in its order: the contract, and the one fixed list (the tool list itself is
// checked against the catalogue, so a new operation needs no edit here).
const MANUAL = [
  "inspire_config",
  "inspire_login",
  "inspire_status",
  "inspire_submit",
  "inspire_submit_hpc",
  "inspire_inference",
  "inspire_jobs",
  "inspire_job_detail",
  "inspire_logs",
  "inspire_metrics",
  "inspire_stop",
  "inspire_images",
  "inspire_image_push",
  "inspire_notebook",
  "inspire_models",
]

const SKILL = fileURLToPath(new URL("../../../skills/sii-inspire/SKILL.md", import.meta.url))

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let server: Connection

interface Fixture {
  readonly groups: ReadonlyArray<{ id: string; name: string }>
  readonly specs: ReadonlyArray<{ id: string; type: string; lcgIds: string[] }>
}

// A group whose GPUs are all taken: a job there waits in the queue for as long as a test needs.
const busyPlacement = () => {
  const s = emu.control.state() as unknown as Fixture
  const group = s.groups.find((g) => g.name === "H200-3号机房")
  const spec = s.specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && x.lcgIds.includes(group?.id ?? ""))
  if (group === undefined || spec === undefined) throw new Error("fixture changed")
  return { compute_group: group.id, spec: spec.id }
}

const queuedJob = async (name: string): Promise<string> => {
  const images = structured<{ images: ReadonlyArray<{ address: string }> }>(
    await call(server.client, "inspire_images", { workspace: "分布式训练空间", search: "pytorch" }),
  )
  const r = await call(server.client, "inspire_submit", {
    name,
    command: "python train.py",
    workspace: "分布式训练空间",
    project: "具身智能基础模型",
    image: images.images[0]?.address,
    ...busyPlacement(),
  })
  return structured<{ jobId: string }>(r).jobId
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
  env = homeFor(emu.url)
  await logIn(env, emu.demo.username, emu.demo.password)
  server = await connectStdio(env)
}, 30_000)

afterAll(async () => {
  await server?.close()
  await emu?.close()
})

describe("inspire-mcp over stdio", () => {
  it("lists every catalogue operation as a tool, in registry order, with schemas and annotations", async () => {
    const { tools } = await server.client.listTools()
    const names = tools.map((t) => t.name)
    expect(names).toEqual(OPERATIONS.map((op) => `inspire_${op.name}`))
    expect(names.filter((n) => MANUAL.includes(n))).toEqual(MANUAL)
    for (const tool of tools) {
      expect(tool.title, tool.name).toMatch(/\w/)
      expect(tool.description?.length, tool.name).toBeGreaterThan(40)
      expect(tool.inputSchema.type).toBe("object")
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {}))
        expect((schema as { description?: string }).description, `${tool.name}.${field}`).toMatch(/\w/)
      // Output schemas are resources, or listed with --output-schemas (toolsets.test.ts).
      expect(tool.outputSchema, tool.name).toBeUndefined()
      // Read as the protocol says a host reads them (absent hints take their defaults), each is the
      // operation's own; a tool that writes states destructiveHint, whatever its value.
      const a = tool.annotations ?? {}
      const op = OPERATIONS.find((o) => `inspire_${o.name}` === tool.name)?.annotations
      const readOnly = a.readOnlyHint ?? false
      expect(
        {
          readOnly,
          destructive: readOnly ? false : (a.destructiveHint ?? true),
          idempotent: a.idempotentHint ?? false,
          openWorld: a.openWorldHint ?? true,
        },
        tool.name,
      ).toEqual({ ...op, destructive: op?.readOnly === true ? false : op?.destructive })
      if (!readOnly) expect(typeof a.destructiveHint, tool.name).toBe("boolean")
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]))
    expect(byName.inspire_status?.annotations).toMatchObject({ readOnlyHint: true })
    expect(byName.inspire_status?.annotations).not.toHaveProperty("destructiveHint")
    expect(byName.inspire_stop?.annotations).toMatchObject({ destructiveHint: true })
    expect(byName.inspire_submit?.annotations).toEqual({ destructiveHint: false })
    expect(byName.inspire_config?.annotations?.openWorldHint).toBe(false)
    expect(byName.inspire_submit?.inputSchema.required).toEqual(expect.arrayContaining(["name", "command"]))
    expect(byName.inspire_login?.description).toMatch(/`inspire login`.*terminal|terminal.*`inspire login`/)
    expect(byName.inspire_login?.description).toContain("out of the conversation")
  })

  it("offers the skill's documents as Markdown resources", async () => {
    // The tools' output schemas follow them (toolsets.test.ts).
    const resources = (await server.client.listResources()).resources.filter(
      (r) => !r.uri.startsWith("inspire://schemas/"),
    )
    if (!existsSync(SKILL)) return expect(resources).toEqual([])
    expect(resources[0]).toMatchObject({ uri: "inspire://skills/sii-inspire/SKILL.md", mimeType: "text/markdown" })
    expect(resources.every((r) => r.uri.startsWith("inspire://skills/sii-inspire/") && r.uri.endsWith(".md"))).toBe(
      true,
    )
    const read = await server.client.readResource({ uri: "inspire://skills/sii-inspire/SKILL.md" })
    expect(read.contents[0]).toMatchObject({ mimeType: "text/markdown", text: readFileSync(SKILL, "utf8") })
    await expect(server.client.readResource({ uri: "inspire://skills/sii-inspire/../../etc/passwd" })).rejects.toThrow(
      /No resource/,
    )
  })

  it("runs a whole job from discovery to stop with structured results", async () => {
    await runWorkflow(server.client, emu, "mcp-stdio-1")
  }, 40_000)

  it("returns failures as error results with the hint and the candidates", async () => {
    const badSpec = await call(server.client, "inspire_submit", {
      name: "bad-spec",
      command: "python train.py",
      workspace: "分布式训练空间",
      project: "具身智能基础模型",
      compute_group: "H100",
      spec: "no-such-spec",
      image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
    })
    expect(badSpec.isError).toBe(true)
    expect(badSpec.structuredContent).toBeUndefined()
    const text = textOf(badSpec)
    expect(text).toMatch(/^error \(InvalidInput\): /)
    expect(text).toMatch(/\nhint: /)
    expect(text).toMatch(/\ncandidates:\n- \{"id":"[^"]+","name"/)

    const missing = await call(server.client, "inspire_submit", { name: "no-command" })
    expect(missing.isError).toBe(true)
    expect(textOf(missing)).toContain("command")
    expect(textOf(missing)).toContain("hint: Check the parameters of inspire_submit")

    const wrongType = await call(server.client, "inspire_wait", { job_id: "job-x", timeout_seconds: 99_999 })
    expect(wrongType.isError).toBe(true)
    expect(textOf(wrongType)).toContain("timeout_seconds")

    const notFound = await call(server.client, "inspire_job_detail", { job_id: "job-00000000-dead-beef" })
    expect(notFound.isError).toBe(true)
    expect(textOf(notFound)).toMatch(/^error \(NotFound\)/)
  })

  it("tells an agent that is not logged in to log in from a terminal", async () => {
    const fresh = homeFor(emu.url)
    const other = await connectStdio(fresh)
    try {
      const r = await call(other.client, "inspire_status")
      expect(r.isError).toBe(true)
      expect(textOf(r)).toMatch(/^error \(NotLoggedIn\)/)
      expect(textOf(r)).toContain("hint: Log in from a terminal with `inspire login`")
      const login = await call(other.client, "inspire_login", {
        username: emu.demo.username,
        password: emu.demo.password,
      })
      expect(structured(login)).toMatchObject({ target: "inspire", username: emu.demo.username, verified: true })
      const after = await call(other.client, "inspire_status", { schedule_type: "TRAIN" })
      expect(structured(after)).toMatchObject({ user: { loginName: emu.demo.username } })
    } finally {
      await other.close()
    }
  })

  it("sends progress notifications while waiting, and a wait is bounded", async () => {
    const id = await queuedJob("mcp-queued-1")
    const seen: Progress[] = []
    const r = await call(
      server.client,
      "inspire_wait",
      { job_id: id, until: "running", timeout_seconds: 2, poll_seconds: 0.2 },
      { onprogress: (p) => seen.push(p) },
    )
    expect(structured(r)).toMatchObject({ jobId: id, outcome: "timed-out", status: { family: "waiting" } })
    expect(seen.length).toBeGreaterThanOrEqual(3)
    for (let i = 1; i < seen.length; i++) expect(seen[i]?.progress).toBeGreaterThan(seen[i - 1]?.progress ?? 0)
    expect(seen[0]).toMatchObject({ total: 2 })
    expect(seen[0]?.message).toContain(`${id} has status waiting`)
  }, 20_000)

  it("stops the operation when the request is cancelled, and keeps serving", async () => {
    const id = await queuedJob("mcp-queued-2")
    const controller = new AbortController()
    let reports = 0
    const pending = call(
      server.client,
      "inspire_wait",
      { job_id: id, until: "running", timeout_seconds: 600, poll_seconds: 0.2 },
      {
        signal: controller.signal,
        onprogress: () => {
          reports++
          if (reports === 2) controller.abort("enough")
        },
      },
    )
    await expect(pending).rejects.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 500))
    const before = emu.control.requests().total
    await new Promise((resolve) => setTimeout(resolve, 1200))
    // A wait still polling every 0.2 s would have asked about five more times by now.
    expect(emu.control.requests().total).toBe(before)
    const after = await call(server.client, "inspire_job_detail", { job_id: id })
    expect(structured(after)).toMatchObject({ id, status: { family: "waiting" } })
  }, 20_000)

  it("keeps secrets out of everything it printed and returned", async () => {
    await server.close()
    server = await connectStdio(env)
    expect(server.stderr()).not.toContain(emu.demo.password)
    expectNoSecrets([env.INSPIRE_HOME ?? ""], [emu.demo.password])
  })
})
