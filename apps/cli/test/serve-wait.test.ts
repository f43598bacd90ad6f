import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { servingPlacement } from "./placement.js"

// `inspire serve health --wait`: a running clock (6× real time), so a serving takes a few probes to load.
let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let place: ReadonlyArray<string>
let cwd: string

const T = 120_000

interface Health {
  ready: boolean
  stage: string
  outcome?: string
  logs: ReadonlyArray<{ message: string }>
  wait?: { timeoutSeconds: number; timeoutFrom: string; recipe?: string; probes: number; stages: { stage: string }[] }
}

// A copy of the shipped Qwen recipe whose args end with one flag set wrong (the engine keeps the last).
const recipe = (name: string, extra: string, timeout: number) =>
  [
    "engine: vllm",
    "image: docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4",
    "model:",
    "  repository: qwen2.5-7b-instruct",
    "  version: latest",
    `served_name: ${name}`,
    "port: 2400",
    `args: [${extra}]`,
    "health:",
    "  path: /v1/models",
    `  timeout_seconds: ${timeout}`,
    "",
  ].join("\n")

const create = async (name: string, recipeName: string): Promise<string> => {
  const r = await inspire(
    env,
    ["serve", "create", "--recipe", recipeName, "--name", name, ...place, "--json"],
    undefined,
    cwd,
  )
  expect(r.code, r.stderr).toBe(0)
  return json<{ servingId: string }>(r).servingId
}

const modelProbes = (id: string) =>
  emu.control.requests().log.filter((r) => r.surface.includes(`/serving/${id}/v1/models`)).length

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 6 })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultProject", "具身智能基础模型"])).code).toBe(0)
  place = servingPlacement(emu)
  cwd = mkdtempSync(join(tmpdir(), "serve-wait-"))
  mkdirSync(join(cwd, "recipes"))
  writeFileSync(join(cwd, "recipes", "qwen-tp16.yaml"), recipe("qwen-tp16", '"--tensor-parallel-size", "16"', 60))
  writeFileSync(join(cwd, "recipes", "qwen-port.yaml"), recipe("qwen-port", '"--port", "9999"', 60))
}, T)
afterAll(async () => {
  await emu.close()
})

describe("inspire serve health --wait", () => {
  it("probes a loading serving until it answers, a bounded number of times (exit 0)", { timeout: T }, async () => {
    const id = await create("wait-ready", "qwen2.5-7b-instruct-vllm")
    const r = await inspire(env, ["serve", "health", id, "--wait", "--json"], undefined, cwd)
    expect(r.code, r.stderr).toBe(0)
    const h = json<Health>(r)
    expect(h).toMatchObject({ ready: true, stage: "ready", outcome: "ready" })
    // The shipped recipe was found from the serving's command: its health.timeout_seconds bounds the wait.
    expect(h.wait).toMatchObject({ timeoutSeconds: 600, timeoutFrom: "recipe", recipe: "qwen2.5-7b-instruct-vllm" })
    expect(h.wait?.probes).toBeGreaterThanOrEqual(2)
    expect(h.wait?.stages.at(-1)?.stage).toBe("ready")
    // Polite: about ten nominal seconds of loading take a handful of probes, not a tight loop.
    expect(modelProbes(id)).toBeLessThanOrEqual(6)
  })

  it("gives up after a short --wait when it never answers (exit 11)", { timeout: T }, async () => {
    const id = await create("wait-port", "qwen-port")
    const r = await inspire(env, ["serve", "health", id, "--wait", "3"], undefined, cwd)
    expect(r.code, r.stdout + r.stderr).toBe(11)
    expect(r.stdout).toContain("not ready in time")
    expect(r.stdout).toMatch(/of 3 s \(asked, recipe qwen-port\)/)
  })

  it("stops early on a crashed serving, with its logs' last lines (exit 10)", { timeout: T }, async () => {
    const id = await create("wait-tp16", "qwen-tp16")
    const r = await inspire(env, ["serve", "health", id, "--wait", "--json"], undefined, cwd)
    expect(r.code, r.stderr).toBe(10)
    const h = JSON.parse(r.stdout) as Health
    expect(h).toMatchObject({ ready: false, stage: "crashed", outcome: "failed" })
    expect(h.wait).toMatchObject({ timeoutSeconds: 60, timeoutFrom: "recipe", recipe: "qwen-tp16" })
    expect(h.logs.map((l) => l.message).join("\n")).toContain("please set tensor_parallel_size (16)")
  })

  it("refuses a --wait that is not a number of seconds (exit 2)", { timeout: T }, async () => {
    const r = await inspire(env, ["serve", "health", "sv-00000000", "--wait", "soon"])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("--wait takes seconds")
  })

  it("serve create --wait chains into the same wait", { timeout: T }, async () => {
    const r = await inspire(
      env,
      ["serve", "create", "--recipe", "qwen2.5-7b-instruct-vllm", "--name", "wait-chain", ...place, "--wait", "--json"],
      undefined,
      cwd,
    )
    expect(r.code, r.stderr).toBe(0)
    const both = json<{ create: { servingId: string }; health: Health }>(r)
    expect(both.health).toMatchObject({ ready: true, outcome: "ready" })
  })
})
