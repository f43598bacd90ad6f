import { execFileSync } from "node:child_process"
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { servingPlacement } from "./placement.js"
import { expectNoSecrets } from "./secrets.js"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let place: ReadonlyArray<string>

const T = 60_000
const RECIPE = "qwen2.5-7b-instruct-vllm"
const creates = () => emu.control.requests().log.filter((r) => r.surface.includes("inference_servings/create")).length

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultProject", "具身智能基础模型"])).code).toBe(0)
  place = servingPlacement(emu)
}, T)
afterAll(async () => {
  await emu.close()
})

describe("inspire serve with recipes", () => {
  it("lists the shipped recipes and shows one resolved against a spec", { timeout: T }, async () => {
    const list = await inspire(env, ["serve", "recipes"])
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/qwen2\.5-7b-instruct-vllm\s+vllm\s+qwen2\.5-7b-instruct latest/)
    const show = await inspire(env, ["serve", "recipe", RECIPE, ...place])
    expect(show.code).toBe(0)
    expect(show.stdout).toContain(
      "vllm serve /inspire/hdd/project/embodied-fm/models/qwen2.5-7b/v2 --tensor-parallel-size 1 --pipeline-parallel-size 1 --served-model-name qwen2.5-7b-instruct --port 2400",
    )
  })

  it("dry-runs a create: the exact command and request, nothing sent", { timeout: T }, async () => {
    const dry = await inspire(env, ["serve", "create", "--recipe", RECIPE, ...place, "--dry-run"])
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain("openapi/v1/inference_servings/create")
    expect(dry.stdout).toContain("--tensor-parallel-size 1")
    expect(creates()).toBe(0)
  })

  it("creates from a recipe, reports loading, then answers health and chat", { timeout: T }, async () => {
    const created = json<{ servingId: string; recipe: { servedName: string } }>(
      await inspire(env, ["serve", "create", "--recipe", RECIPE, "--name", "cli-chat", ...place, "--json"]),
    )
    expect(created.recipe.servedName).toBe("qwen2.5-7b-instruct")
    // Past the queue (3 nominal s) and CREATING (12), a few startup lines into loading the weights.
    emu.control.clock.advance(0.45)
    const loading = await inspire(env, ["serve", "health", created.servingId])
    expect(loading.code).toBe(0)
    expect(loading.stdout).toContain("not ready (loading)")
    expect(loading.stdout).toContain("Loading safetensors checkpoint shards")
    emu.control.clock.advance(5)
    const ready = json<{ ready: boolean; models: string[] }>(
      await inspire(env, ["serve", "health", created.servingId, "--json"]),
    )
    expect(ready).toMatchObject({ ready: true, models: ["qwen2.5-7b-instruct"] })
    const chat = await inspire(env, ["serve", "chat", created.servingId, "what is 2+2?"])
    expect(chat.code).toBe(0)
    expect(chat.stdout).toContain("You said: what is 2+2?")
    expectNoSecrets(env.INSPIRE_HOME ?? "", [emu.demo.password])
  })

  it("skips a broken, a planted and a FIFO recipe in ./recipes/ with warnings; naming one is exit 2", {
    timeout: T,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "serve-cwd-"))
    mkdirSync(join(dir, "recipes"))
    writeFileSync(join(dir, "recipes", "broken.yaml"), "engine: vllm\nimage: x\nmodel:\n  repository: m\nport: high\n")
    const planted = join(dir, "recipes", `${RECIPE}.yaml`)
    writeFileSync(planted, "engine: vllm\nimage: x\nmodel:\n  repository: m\nenv:\n  HF_ENDPOINT: http://attacker\n")
    chmodSync(planted, 0o666)
    execFileSync("mkfifo", [join(dir, "recipes", "pipe.yaml")])
    const r = await inspire(env, ["serve", "recipes"], undefined, dir)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(RECIPE)
    expect(r.stderr).toContain(`${join(dir, "recipes", "broken.yaml")}:5: port:`)
    expect(r.stderr).toContain(`${planted} can be written by group and others`)
    expect(r.stderr).toContain("(it is a named pipe)")
    const named = await inspire(env, ["serve", "recipe", "broken"], undefined, dir)
    expect(named.code).toBe(2)
    expect(named.stderr).toContain(`${join(dir, "recipes", "broken.yaml")}:5: port:`)
  })
})
