import { spawn, spawnSync } from "node:child_process"
import { callWrites } from "@holos-inspire/core/internal"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import type { Command } from "commander"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fixedOf, materializeTree, operationOf, pathOf } from "../src/command.js"
import { buildProgram } from "../src/program.js"
import { BIN, homeFor, inspire, json } from "./harness.js"

const walk = (command: Command, out: Command[] = []): Command[] => {
  out.push(command)
  for (const c of command.commands) walk(c, out)
  return out
}

describe("--dry-run and --yes come from the operation's definition", () => {
  const commands = walk(materializeTree(buildProgram())).filter((c) => operationOf.has(c))

  it("offers --dry-run on exactly the commands whose action writes", () => {
    const wrong = commands.flatMap((c) => {
      const op = operationOf.get(c)
      if (op === undefined) return [`${pathOf(c)}: no operation`]
      const writes = callWrites(op, fixedOf.get(c) ?? {})
      const offered = c.options.some((o) => o.long === "--dry-run")
      return writes === offered ? [] : [`${pathOf(c)}: writes=${writes}, --dry-run offered=${offered}`]
    })
    expect(wrong).toEqual([])
  })

  it("asks for --yes only on commands that write", () => {
    for (const c of commands) {
      const op = operationOf.get(c)
      if (op !== undefined && !callWrites(op, fixedOf.get(c) ?? {}))
        expect(
          c.options.map((o) => o.long),
          pathOf(c),
        ).not.toContain("--yes")
    }
  })
})

describe("dry runs from the shell", () => {
  let emu: RunningEmulator
  let env: NodeJS.ProcessEnv
  const T = 40_000
  const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"

  const trainSpec = () => {
    const s = emu.control.state()
    const ws = s.workspaces.find((w) => w.name === "分布式训练空间")
    const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === "H100")
    return s.specs.find(
      (x) =>
        x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" &&
        x.lcgIds.includes(group?.id ?? "") &&
        x.gpuCount === 1 &&
        x.allowedPriorityLevels.length === 0,
    )?.id
  }

  const submit = async (name: string) => {
    const args = ["job", "submit", "--name", name, "--command", "python train.py #emu:idle", "--compute-group", "H100"]
    const r = await inspire(env, [...args, "--spec", trainSpec() ?? "", "--image", IMAGE, "--json"])
    return json<{ jobId: string }>(r).jobId
  }

  const statusOf = (id: string) => emu.control.state().tasks.find((t) => t.id === id)?.phase
  const writesSent = () =>
    emu.control
      .requests()
      .log.filter((r) => r.write)
      .map((r) => r.surface)

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, speed: 300 })
    env = homeFor(emu.url)
    const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
    expect(login.code).toBe(0)
    expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
    expect((await inspire(env, ["config", "set", "defaultProject", "具身智能基础模型"])).code).toBe(0)
  }, 30_000)
  afterAll(async () => {
    await emu.close()
  })

  it(
    "job stop --dry-run off a terminal, without --yes, plans and stops nothing",
    async () => {
      const id = await submit("keep-running")
      emu.control.clock.advance(5)
      const before = statusOf(id)
      emu.control.clearRequests()
      const text = await inspire(env, ["job", "stop", id, "--dry-run"])
      expect(text.code, text.stderr).toBe(0)
      expect(text.stdout).toContain(`Dry run: Stop job keep-running (${id})`)
      expect(text.stdout).toContain(`POST openapi/v1/train_job/stop {"job_id":"${id}"}`)
      const plan = json<{ dryRun: boolean; plan: { targets: unknown[] } }>(
        await inspire(env, ["job", "stop", id, "--dry-run", "--json"]),
      )
      expect(plan).toMatchObject({ dryRun: true, plan: { targets: [{ id, name: "keep-running" }] } })
      expect(writesSent()).toEqual([])
      expect(statusOf(id)).toBe(before)
    },
    T,
  )

  it(
    "notebook, config and login dry runs change nothing",
    async () => {
      const s = emu.control.state()
      const dsw = s.specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_DSW" && x.gpuCount === 1)?.id ?? ""
      const created = json<{ notebookId: string }>(
        await inspire(
          env,
          ["notebook", "create", "--name", "nb-keep", "--compute-group", "H100"].concat([
            "--spec",
            dsw,
            "--image",
            IMAGE,
            "--json",
          ]),
        ),
      )
      emu.control.clock.advance(60)
      const logins = emu.control.auth.logins()
      emu.control.clearRequests()
      const stop = await inspire(env, ["notebook", "stop", created.notebookId, "--dry-run"])
      expect(stop.code, stop.stderr).toBe(0)
      expect(stop.stdout).toContain("Dry run: Stop notebook nb-keep")
      const set = await inspire(env, ["config", "set", "defaultPriority", "7", "--dry-run"])
      expect(set.stdout).toContain("Dry run: Set defaultPriority in profile default")
      const login = await inspire(env, ["login", "--username", "someone-else", "--dry-run"])
      expect(login.code, login.stderr).toBe(0)
      expect(login.stdout).toContain("someone-else")
      expect(login.stdout).toContain("nothing was sent or changed")
      expect(writesSent()).toEqual([])
      expect(emu.control.auth.logins()).toEqual(logins)
      expect((await inspire(env, ["config", "get", "defaultPriority"])).stdout.trim()).toBe("")
      expect(emu.control.state().tasks.find((t) => t.id === created.notebookId)?.phase).toMatch(/run/i)
    },
    T,
  )

  const scriptPath = spawnSync("sh", ["-c", "command -v script"], { encoding: "utf8" }).stdout.trim()
  it.skipIf(scriptPath === "")(
    "on a terminal, the confirmation names the job, and 'n' leaves it running",
    async () => {
      const id = await submit("ask-me")
      emu.control.clock.advance(5)
      // util-linux `script` gives the CLI a pseudo-terminal; the answer arrives on it.
      const out = await new Promise<string>((resolve, reject) => {
        const child = spawn(scriptPath, ["-qec", `${process.execPath} ${BIN} job stop ${id}`, "/dev/null"], { env })
        let text = ""
        child.stdout.on("data", (d: Buffer) => {
          text += d.toString("utf8")
          if (text.includes("[y/N]")) child.stdin.end("n\n")
        })
        child.on("error", reject)
        child.on("close", () => resolve(text))
      })
      expect(out).toContain(`Stop job ask-me (${id})? [y/N]`)
      expect(out).toContain("Cancelled; nothing was changed.")
      expect(out).not.toContain("error:")
      expect(statusOf(id)).toMatch(/run/i)
    },
    T,
  )
})
