import { describe, expect, it } from "vitest"
import { WebSocket } from "ws"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, trainBody, useLoggedInEmulator } from "./helpers.js"
import { eventually } from "./jupyter-client.js"

// The worker PTY (§4.17): a shell in a running job's pod over a WebSocket, the session cookie its only
// credential, text frames typed in and binary frames of raw PTY output.

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})

const runningJob = async (instances = 1, run = true): Promise<string> => {
  const r = await c.oa("train_job/create", trainBody(f, {}, { instance_count: instances }))
  expect(r.body.code, JSON.stringify(r.body)).toBe(0)
  if (run) emu.control.clock.advance(20)
  return r.body.data.job_id as string
}

const socketUrl = (job: string, pod: string, version = "v2", path = "train_job/remote_cmd") =>
  `${emu.url.replace(/^http/, "ws")}/api/${version}/${path}?job_id=${encodeURIComponent(job)}&instance_name=${encodeURIComponent(pod)}`

/** One PTY socket: what came (and whether every frame was binary), and helpers to wait on it. */
class Pty {
  out = ""
  textFrames = 0
  code: number | undefined
  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data, binary) => {
      if (!binary) this.textFrames++
      this.out += Buffer.isBuffer(data) ? data.toString("utf8") : String(data)
    })
    ws.on("close", (code) => {
      this.code = code
    })
  }

  static open(url: string, headers: Record<string, string>): Promise<Pty> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers })
      const pty = new Pty(ws)
      ws.once("open", () => resolve(pty))
      ws.once("unexpected-response", (_q, res) => reject(new Error(`handshake answered ${res.statusCode}`)))
      ws.once("error", reject)
    })
  }

  type(text: string): void {
    this.ws.send(text)
  }

  async see(re: RegExp): Promise<RegExpMatchArray> {
    await eventually(() => re.test(this.out), `${re} in ${JSON.stringify(this.out.slice(-300))}`)
    return re.exec(this.out) as RegExpMatchArray
  }
}

describe("the worker PTY of a training job's pod (§4.17)", () => {
  it("runs a shell on a real pseudo-terminal: text frames in, binary frames out, stty for the size", async () => {
    const job = await runningJob()
    const pty = await Pty.open(socketUrl(job, `${job}-worker-0`), { cookie: c.cookie })
    pty.type("echo out-$((6*7)) $MY_POD_NAME; [ -t 0 ] && echo is-a-tty\r")
    await pty.see(new RegExp(`out-42 ${job}-worker-0`))
    await pty.see(/is-a-tty/)
    pty.type("stty columns 100 rows 30; stty size\r")
    await pty.see(/\b30 100\b/)
    expect(pty.textFrames).toBe(0)
    pty.type("exit 3\r")
    await eventually(() => pty.code !== undefined, "the socket to close")
    expect(pty.code).toBe(1000)
  })

  it("passes Ctrl-C to the command as SIGINT", async () => {
    const job = await runningJob()
    const pty = await Pty.open(socketUrl(job, `${job}-worker-0`), { cookie: c.cookie })
    pty.type("echo up-$((0+1))\r")
    await pty.see(/up-1/)
    pty.type("sleep 30; echo after-$((1+1))\r")
    await new Promise((r) => setTimeout(r, 300))
    pty.type("\u0003")
    pty.type("echo back-$((2+2))\r")
    await pty.see(/back-4/)
    expect(pty.out).not.toContain("after-2")
    pty.ws.close()
  })

  it("takes the session cookie only, and refuses an unknown job or pod, or a job not running", async () => {
    const job = await runningJob(2)
    const pod = `${job}-worker-1`
    await expect(Pty.open(socketUrl(job, pod), {})).rejects.toThrow(/401/)
    await expect(Pty.open(socketUrl(job, pod), { authorization: `Bearer ${c.token}` })).rejects.toThrow(/401/)
    const other = `job-${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}`
    await expect(Pty.open(socketUrl(other, pod), { cookie: c.cookie })).rejects.toThrow(/404/)
    await expect(Pty.open(socketUrl(job, `${job}-worker-7`), { cookie: c.cookie })).rejects.toThrow(/404/)
    const queued = await runningJob(1, false)
    await expect(Pty.open(socketUrl(queued, `${queued}-worker-0`), { cookie: c.cookie })).rejects.toThrow(/400/)
    const pty = await Pty.open(socketUrl(job, pod), { cookie: c.cookie })
    pty.type("echo ready-$((3*3))\r")
    await pty.see(/ready-9/)
    await c.oa("train_job/stop", { job_id: job })
    emu.control.clock.advance(30)
    await eventually(() => pty.code !== undefined, "the shell to end with its job")
    await expect(Pty.open(socketUrl(job, pod), { cookie: c.cookie })).rejects.toThrow(/400/)
  })

  it("answers under /api/v2 by default and under /api/v1 alone when the workerPty rule says so", async () => {
    const job = await runningJob()
    const pod = `${job}-worker-0`
    await expect(Pty.open(socketUrl(job, pod, "v1"), { cookie: c.cookie })).rejects.toThrow(/404/)
    emu.control.rules.set({ workerPty: "v1" })
    try {
      await expect(Pty.open(socketUrl(job, pod, "v2"), { cookie: c.cookie })).rejects.toThrow(/404/)
      const pty = await Pty.open(socketUrl(job, pod, "v1"), { cookie: c.cookie })
      pty.type("echo v1-$((5*5))\r")
      await pty.see(/v1-25/)
      pty.ws.close()
    } finally {
      emu.control.rules.reset()
    }
  })
})

describe("the worker PTY of a serving's pod (§4.8, §4.17)", () => {
  const SERVING_PTY = "inference_servings/instances/exec"

  it("lists a serving's pods on V2 and runs a shell in each, until the serving stops", async () => {
    const lcg = f.group("分布式训练空间", "H100")
    const r = await c.oa("inference_servings/create", {
      name: "exec-serving",
      workspace_id: f.ws("分布式训练空间"),
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      command:
        "python -m vllm.entrypoints.openai.api_server --model /inspire/hdd/project/embodied-fm/models/qwen2.5-7b/v2 --port 2400",
      image: "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4",
      image_type: "SOURCE_OFFICIAL",
      model_id: emu.control.state().models[0]?.id,
      model_version: 2,
      port: 2400,
      replicas: 2,
      node_num_per_replica: 1,
      task_priority: 6,
      spec_id: f.spec(lcg, "SERVING", 1),
    })
    expect(r.body.code, JSON.stringify(r.body)).toBe(0)
    const id = r.body.data.inference_serving_id as string
    emu.control.clock.advance(3600)
    const listed = await c.result("inference_serving", "ListServingInstances", { inference_serving_id: id })
    expect(listed.items.map((i: { name: string; status: string }) => [i.name, i.status])).toEqual([
      [`${id}-replica-0`, "RUNNING"],
      [`${id}-replica-1`, "RUNNING"],
    ])
    const pod = `${id}-replica-1`
    // A serving's pod answers on the servings' path only.
    await expect(Pty.open(socketUrl(id, pod), { cookie: c.cookie })).rejects.toThrow(/404/)
    const pty = await Pty.open(socketUrl(id, pod, "v2", SERVING_PTY), { cookie: c.cookie })
    pty.type("echo in-$((7*6)) $MY_POD_NAME; [ -t 0 ] && echo is-a-tty\r")
    await pty.see(new RegExp(`in-42 ${pod}`))
    await pty.see(/is-a-tty/)
    expect(pty.textFrames).toBe(0)
    expect((await c.oa("inference_servings/stop", { inference_serving_id: id })).body.code).toBe(0)
    emu.control.clock.advance(30)
    await eventually(() => pty.code !== undefined, "the shell to end with its serving")
    await expect(Pty.open(socketUrl(id, pod, "v2", SERVING_PTY), { cookie: c.cookie })).rejects.toThrow(/400/)
  })
})
