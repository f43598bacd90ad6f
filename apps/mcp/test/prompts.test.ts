// The skill's main workflows as MCP prompts, read with the real SDK client from the built server: listed
// where their tools are, worded as MCP calls in the server's language, with clear errors for bad arguments.
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, describe, expect, it } from "vitest"
import { type Connection, connectStdio, homeFor } from "./harness.js"

const open: Connection[] = []

// No platform is asked anything: prompts are words. The address is a closed loopback port.
const serve = async (args: ReadonlyArray<string> = [], extra: NodeJS.ProcessEnv = {}): Promise<Connection> => {
  const { INSPIRE_MCP_TOOLSETS: _all, ...env } = homeFor("http://127.0.0.1:9")
  const connection = await connectStdio({ ...env, ...extra }, args)
  open.push(connection)
  return connection
}

afterAll(async () => {
  for (const c of open) await c.close()
})

const textOf = (r: GetPromptResult): string => {
  const content = r.messages[0]?.content
  return content?.type === "text" ? content.text : ""
}

describe("prompts", () => {
  it("offers the training, diagnosis and free-GPU workflows, worded as MCP calls", async () => {
    const { client } = await serve()
    const { prompts } = await client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual(["train", "diagnose", "free_gpus"])
    expect(prompts[0]).toMatchObject({
      title: "Submit a training job and check it trains",
      arguments: [
        { name: "command", required: true },
        { name: "name", required: false },
        { name: "workspace", required: false },
      ],
    })

    const train = await client.getPrompt({ name: "train", arguments: { command: "python train.py" } })
    expect(train.messages).toHaveLength(1)
    expect(train.messages[0]?.role).toBe("user")
    const steps = textOf(train)
    expect(steps).toContain('inspire_status(schedule_type="TRAIN")')
    expect(steps).toContain(
      'inspire_submit(name="exp-001", command="python train.py", compute_group=<group>, spec=<TRAIN spec id>, dry_run=true)',
    )
    expect(steps).toContain('inspire_wait(job_id=<job id>, until="running")')
    expect(steps).toContain('inspire_metrics(job_id=<job id>, time_range="30m")')

    const diagnose = textOf(await client.getPrompt({ name: "diagnose", arguments: { job_id: "job-42" } }))
    expect(diagnose).toContain('inspire_job_detail(job_id="job-42")')
    expect(diagnose).toContain('inspire_events(job_id="job-42", warnings_only=true)')
    expect(diagnose).toContain('inspire_logs(job_id="job-42", lines=200) shows what the program printed last')

    // Without the capacity toolset the groups' counts in inspire_status stand in for the nodes' view.
    const free = textOf(await client.getPrompt({ name: "free_gpus", arguments: { gpus: "8" } }))
    expect(free).toContain("Find where 8 GPUs are free now")
    expect(free).not.toContain("inspire_availability")
    expect(free).toContain("inspire_status shows each compute group's free and total GPUs")
  })

  it("uses the nodes' view where inspire_availability is listed, and leaves out what read-only cannot do", async () => {
    const all = await serve(["--toolsets", "all"])
    const free = textOf(await all.client.getPrompt({ name: "free_gpus", arguments: { gpus: "8", workspace: "H" } }))
    expect(free).toContain('inspire_availability(workspace="H", gpus=8) reads the nodes')

    const readOnly = await serve(["--read-only"])
    expect((await readOnly.client.listPrompts()).prompts.map((p) => p.name)).toEqual(["diagnose", "free_gpus"])
    // inspire_logs is not listed read-only (it may write a download): the diagnosis reads more of the log.
    const diagnose = textOf(await readOnly.client.getPrompt({ name: "diagnose", arguments: { job_id: "job-42" } }))
    expect(diagnose).toContain('inspire_job_detail(job_id="job-42", log_lines=300) reads more of the log')
    expect(diagnose).not.toContain("inspire_logs")
    await expect(readOnly.client.getPrompt({ name: "train", arguments: { command: "x" } })).rejects.toThrow(
      /No prompt train; prompts\/list shows them \(diagnose, free_gpus\)/,
    )
  })

  it("refuses a missing or bad argument with what to send", async () => {
    const { client } = await serve()
    await expect(client.getPrompt({ name: "diagnose", arguments: {} })).rejects.toThrow(
      /The prompt diagnose needs the argument job_id/,
    )
    await expect(client.getPrompt({ name: "free_gpus", arguments: { gpus: "lots" } })).rejects.toThrow(
      /gpus must be a whole number from 1 to 64, not "lots"/,
    )
  })

  it("speaks the server's language", async () => {
    const { client } = await serve([], { INSPIRE_LANG: "zh-CN" })
    const { prompts } = await client.listPrompts()
    expect(prompts.map((p) => p.title)).toEqual(["提交训练任务并确认它在训练", "诊断失败的任务", "查找空闲 GPU"])
    const train = textOf(await client.getPrompt({ name: "train", arguments: { command: "python train.py" } }))
    expect(train).toContain("在 SII 启智平台提交一个运行 `python train.py` 的训练任务")
    expect(train).toContain('inspire_status(schedule_type="TRAIN")')
    await expect(client.getPrompt({ name: "diagnose", arguments: {} })).rejects.toThrow(/提示 diagnose 需要参数 job_id/)
  })
})
