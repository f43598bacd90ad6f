import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeEach, describe, expect, it } from "vitest"
import { invoke } from "../../../src/operations/catalogue/invoke.js"
import { inferenceOperation } from "../../../src/operations/inference/index.js"
import { renderWords } from "../../../src/words/render.js"
import type { Text } from "../../../src/words/text.js"
import { useEmulator } from "../../emulator.js"
import { call, failed, h100SpecId, succeeded, trainingSpaceProfile } from "../harness.js"

const emu = useEmulator()

beforeEach(() => {
  emu.current.control.reset()
})

const profile = () => trainingSpaceProfile(emu.current)
const spec = () => h100SpecId(emu.current, "SERVING") ?? ""
const advance = (seconds: number) => emu.current.control.clock.advance(seconds)
const creates = () =>
  emu.current.control.requests().log.filter((r) => r.surface.includes("inference_servings/create")).length

type Health = { stage: string; ready: boolean; reason: string; logs: { message: string }[]; models: string[] }

describe("inference create from a recipe", () => {
  it("dry run: the exact command and request, and no create request", async () => {
    const r = succeeded(
      await call(
        emu.current,
        inferenceOperation,
        { action: "create", recipe: "qwen2.5-7b-instruct-vllm", compute_group: "H100", spec: spec(), dry_run: true },
        profile(),
      ),
    )
    const result = r.result as unknown as { command: string; plan: { requests: { body: Record<string, unknown> }[] } }
    expect(result.command).toBe(
      "vllm serve /inspire/hdd/project/embodied-fm/models/qwen2.5-7b/v2 --tensor-parallel-size 1 --pipeline-parallel-size 1 --served-model-name qwen2.5-7b-instruct --port 2400 --max-model-len 32768 --gpu-memory-utilization 0.90",
    )
    expect(result.plan.requests[0]?.body).toMatchObject({
      name: "qwen2.5-7b-instruct-vllm",
      model_version: 2,
      port: 2400,
    })
    expect(r.text).toContain("served as")
    expect(creates()).toBe(0)
  })

  it("refuses a recipe whose tensor parallel size exceeds the spec's GPUs before sending", async () => {
    const p = profile()
    mkdirSync(join(p.home, "config", "recipes"), { recursive: true })
    writeFileSync(
      join(p.home, "config", "recipes", "too-wide.yaml"),
      "engine: vllm\nimage: docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4\nmodel:\n  repository: qwen2.5-7b-instruct\nparallel:\n  tensor: 8\n",
    )
    const e = failed(
      await call(
        emu.current,
        inferenceOperation,
        { action: "create", recipe: "too-wide", compute_group: "H100", spec: spec() },
        p,
      ),
    )
    expect(e.message).toContain("= 8 GPUs, but a replica has 1")
    expect(creates()).toBe(0)
  })

  it("create → health (loading, then ready) → chat against the emulator", { timeout: 60_000 }, async () => {
    const p = profile()
    const created = succeeded(
      await call(
        emu.current,
        inferenceOperation,
        {
          action: "create",
          recipe: "qwen2.5-7b-instruct-vllm",
          name: "qwen-chat",
          compute_group: "H100",
          spec: spec(),
        },
        p,
      ),
    ).result as unknown as { servingId: string; access: string }
    expect(created.access).toContain('model "qwen2.5-7b-instruct"')
    const id = created.servingId
    const health = async () =>
      succeeded(await call(emu.current, inferenceOperation, { action: "health", serving_id: id }, p))
        .result as unknown as Health
    expect((await health()).stage).toMatch(/waiting|starting/)
    advance(0.3)
    const loading = await health()
    expect(loading).toMatchObject({ stage: "loading", ready: false })
    expect(loading.logs.map((l) => l.message).join("\n")).toContain("vLLM API server version")
    advance(5)
    const ready = await health()
    expect(ready).toMatchObject({ stage: "ready", ready: true, models: ["qwen2.5-7b-instruct"] })
    const chat = succeeded(
      await call(emu.current, inferenceOperation, { action: "chat", serving_id: id, prompt: "ping" }, p),
    )
    expect((chat.result as unknown as { reply: string }).reply).toContain("You said: ping")
  })

  it("diagnoses a misconfigured recipe from the engine's logs", { timeout: 60_000 }, async () => {
    const p = profile()
    mkdirSync(join(p.home, "config", "recipes"), { recursive: true })
    writeFileSync(
      join(p.home, "config", "recipes", "override.yaml"),
      'engine: vllm\nimage: docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4\nmodel:\n  repository: qwen2.5-7b-instruct\nargs: ["--tensor-parallel-size", "4"]\n',
    )
    const created = succeeded(
      await call(
        emu.current,
        inferenceOperation,
        { action: "create", recipe: "override", compute_group: "H100", spec: spec() },
        p,
      ),
    )
    const result = created.result as unknown as { servingId: string; warnings: string[] }
    expect(result.warnings.join(" ")).toContain("set --tensor-parallel-size again")
    advance(5)
    const h = succeeded(
      await call(emu.current, inferenceOperation, { action: "health", serving_id: result.servingId }, p),
    ).result as unknown as Health
    expect(h).toMatchObject({ stage: "crashed", ready: false })
    expect(h.logs.map((l) => l.message).join("\n")).toContain(
      "please set tensor_parallel_size (4) to less than max local gpu count (1)",
    )
  })

  it("create says which ./recipes/ file it used instead of the shipped one, and which it skipped", async () => {
    const p = profile()
    const dir = join(p.home, "work")
    mkdirSync(join(dir, "recipes"), { recursive: true })
    const recipe =
      "engine: vllm\nimage: inspire-studio/vllm:0.6.3-cuda12.4\nmodel:\n  repository: qwen2.5-7b-instruct\n"
    const mine = join(dir, "recipes", "qwen2.5-7b-instruct-vllm.yaml")
    writeFileSync(mine, recipe)
    const planted = join(dir, "recipes", "planted.yaml")
    writeFileSync(planted, recipe)
    chmodSync(planted, 0o666)
    const input = { action: "create", recipe: "qwen2.5-7b-instruct-vllm", compute_group: "H100", spec: spec() }
    const exit = await p.run(
      invoke(inferenceOperation, { ...input, dry_run: true }, { progress: () => undefined, workingDir: dir }),
    )
    if (exit._tag !== "Success") throw new Error(`create failed: ${JSON.stringify(exit.cause)}`)
    const said = (exit.value.result as unknown as { warnings: Text[] }).warnings.map((w) => renderWords(w, "library"))
    expect(said).toContainEqual(expect.stringContaining(`${mine} wins (./recipes/ beat the recipes shipped`))
    expect(said).toContainEqual(expect.stringContaining(`Recipe file skipped: ${planted} can be written`))
  })

  it("lists recipes with ./recipes/ from the working directory", async () => {
    const p = profile()
    const dir = join(p.home, "work")
    mkdirSync(join(dir, "recipes"), { recursive: true })
    writeFileSync(
      join(dir, "recipes", "qwen2.5-7b-instruct-vllm.yaml"),
      "engine: sglang\nimage: x\nmodel:\n  path: /inspire/hdd/project/p/m\n",
    )
    const exit = await p.run(
      invoke(inferenceOperation, { action: "recipes" }, { progress: () => undefined, workingDir: dir }),
    )
    if (exit._tag !== "Success") throw new Error("recipes failed")
    const r = exit.value.result as unknown as { recipes: { name: string; source: string }[]; clashes: Text[] }
    expect(r.recipes.find((x) => x.name === "qwen2.5-7b-instruct-vllm")?.source).toBe("project")
    expect(renderWords(r.clashes[0] ?? "", "library")).toContain(
      "wins (./recipes/ beat the recipes shipped with inspire)",
    )
  })
})
