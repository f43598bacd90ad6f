import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Cause, Effect, Either, Exit, Option } from "effect"
import { describe, expect, it } from "vitest"
import { findRecipe } from "../../../src/operations/inference/recipes/deploy.js"
import { readRecipes, shippedRecipeDir } from "../../../src/operations/inference/recipes/files.js"
import { parseRecipe } from "../../../src/operations/inference/recipes/parse.js"
import { resolveRecipe } from "../../../src/operations/inference/recipes/resolve.js"
import type { Recipe } from "../../../src/operations/inference/recipes/schema.js"
import { renderWords } from "../../../src/words/render.js"
import { text } from "../../../src/words/text.js"

const parsed = async (yaml: string): Promise<Recipe> => Effect.runPromise(parseRecipe(yaml, "/r/x.yaml", "project"))
const errorOf = async (yaml: string): Promise<string> => {
  const exit = await Effect.runPromiseExit(parseRecipe(yaml, "/r/bad.yaml", "project"))
  if (Exit.isSuccess(exit)) throw new Error("expected a validation error")
  // The error's sentences are messages; read them as the library's English.
  const failure = Cause.failureOption(exit.cause)
  return Option.isSome(failure)
    ? renderWords(text`${failure.value.text}\n${failure.value.hint}`, "library")
    : JSON.stringify(exit.cause)
}

const VLLM = `engine: vllm
image: docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4
model:
  repository: qwen2.5-7b-instruct
  version: 2
served_name: qwen
port: 2400
`
const SGLANG = VLLM.replace("engine: vllm", "engine: sglang")
const PATH = "/inspire/hdd/project/p/models/qwen/v2"
const resolved = (r: Recipe, gpus: number, nodes = 1) => {
  const out = resolveRecipe(r, { gpus, modelPath: PATH, nodesPerReplica: nodes })
  if (Either.isLeft(out)) throw new Error(out.left.message)
  return out.right
}

describe("recipe resolution", () => {
  it("vLLM on 1 GPU: TP 1, PP 1, the model's path, served name and port", async () => {
    const r = resolved(await parsed(VLLM), 1)
    expect(r.command).toBe(
      `vllm serve ${PATH} --tensor-parallel-size 1 --pipeline-parallel-size 1 --served-model-name qwen --port 2400`,
    )
    expect(r.exact).toBe(true)
  })

  it("vLLM on 8 GPUs: TP 8", async () => {
    const r = resolved(await parsed(VLLM), 8)
    expect([r.tensorParallel, r.pipelineParallel]).toEqual([8, 1])
    expect(r.command).toContain("--tensor-parallel-size 8 --pipeline-parallel-size 1")
  })

  it("vLLM on 2 nodes × 8: TP 8 × PP 2 over a Ray cluster started from the LWS environment", async () => {
    const r = resolved(await parsed(VLLM), 8, 2)
    expect([r.tensorParallel, r.pipelineParallel, r.nodesPerReplica]).toEqual([8, 2, 2])
    expect(r.command).toBe(
      `if [ "\${LWS_WORKER_INDEX:-0}" = "0" ]; then ray start --head --port=6379 && vllm serve ${PATH} --tensor-parallel-size 8 --pipeline-parallel-size 2 --distributed-executor-backend ray --served-model-name qwen --port 2400; else ray start --address=\${LWS_LEADER_ADDRESS}:6379 --block; fi`,
    )
  })

  it("vLLM with the mp backend on 2 nodes: --nnodes, --node-rank, --master-addr, workers --headless", async () => {
    const r = resolved(await parsed(`${VLLM}distributed:\n  backend: mp\n`), 8, 2)
    expect(r.command).toContain(
      "--nnodes 2 --node-rank ${LWS_WORKER_INDEX:-0} --master-addr ${LWS_LEADER_ADDRESS} --master-port 29500",
    )
    expect(r.command).toContain("--headless")
  })

  it("SGLang on 1 GPU, 8 GPUs and 2 nodes × 8: --tp over every GPU, --host 0.0.0.0, dist-init from LWS", async () => {
    const recipe = await parsed(SGLANG)
    expect(resolved(recipe, 1).command).toBe(
      `python -m sglang.launch_server --model-path ${PATH} --tp 1 --served-model-name qwen --host 0.0.0.0 --port 2400`,
    )
    expect(resolved(recipe, 8).command).toContain("--tp 8 ")
    const multi = resolved(recipe, 8, 2)
    expect(multi.tensorParallel).toBe(16)
    expect(multi.command).toContain(
      "--tp 16 --nnodes 2 --node-rank ${LWS_WORKER_INDEX:-0} --dist-init-addr ${LWS_LEADER_ADDRESS}:20000",
    )
  })

  it("refuses a tensor parallel size larger than the instance's GPUs, before anything is sent", async () => {
    const recipe = await parsed(`${VLLM}parallel:\n  tensor: 4\n`)
    const out = resolveRecipe(recipe, { gpus: 1, modelPath: PATH })
    expect(Either.isLeft(out) && out.left.message).toContain(
      "tensor parallel 4 × pipeline parallel 1 = 4 GPUs, but a replica has 1",
    )
  })

  it("puts env before the engine and quotes what the shell would split", async () => {
    const r = resolved(await parsed(`${VLLM}env:\n  A: "two words"\nargs: ["--chat-template", "a b"]\n`), 1)
    expect(r.command).toMatch(/^export A='two words' && vllm serve .* --chat-template 'a b'$/)
  })
})

describe("recipe validation", () => {
  it("points at the file, line and field of a wrong value", async () => {
    const e = await errorOf(VLLM.replace("port: 2400", "port: many"))
    expect(e).toContain("/r/bad.yaml:7: port:")
  })

  it("names an unknown key and its line", async () => {
    const e = await errorOf(`${VLLM}parallel:\n  tensr: 2\n`)
    expect(e).toContain("/r/bad.yaml:9: parallel: unknown key tensr")
  })

  it("names a bad engine", async () => {
    expect(await errorOf(VLLM.replace("engine: vllm", "engine: tgi"))).toContain("/r/bad.yaml:1: engine:")
  })

  it("reports YAML syntax errors with their line", async () => {
    expect(await errorOf(`${VLLM}args: [unclosed\n`)).toContain("the recipe is not valid YAML")
  })

  it("needs a model repository or path", async () => {
    expect(await errorOf(VLLM.replace("  repository: qwen2.5-7b-instruct\n", ""))).toContain(
      "/r/bad.yaml:3: model: give model.repository",
    )
  })
})

describe("recipe folders", () => {
  it("ships recipes that all validate", async () => {
    const dir = shippedRecipeDir()
    expect(dir).toBeDefined()
    const book = await Effect.runPromise(readRecipes([{ dir: dir ?? "", source: "shipped" }]))
    expect(book.recipes.map((r) => r.name)).toEqual(
      expect.arrayContaining(["qwen2.5-7b-instruct-vllm", "qwen2.5-7b-instruct-sglang", "deepseek-v3-sglang"]),
    )
    expect(book.clashes).toEqual([])
  })

  it("lets ./recipes/ win a name clash over the config folder, and says which file wins", async () => {
    const root = mkdtempSync(join(tmpdir(), "recipes-"))
    const config = join(root, "config")
    const project = join(root, "project")
    mkdirSync(config)
    mkdirSync(project)
    writeFileSync(join(config, "mine.yaml"), VLLM)
    writeFileSync(join(project, "mine.yaml"), SGLANG)
    const book = await Effect.runPromise(
      readRecipes([
        { dir: config, source: "config" },
        { dir: project, source: "project" },
      ]),
    )
    expect(book.recipes.find((r) => r.name === "mine")?.engine).toBe("sglang")
    expect(book.clashes.map((c) => renderWords(c, "library"))).toEqual([
      expect.stringContaining(`${join(project, "mine.yaml")} wins (./recipes/ beat`),
    ])
  })

  it.skipIf(process.getuid === undefined)("refuses a recipe of the config folder that others can write", async () => {
    const root = mkdtempSync(join(tmpdir(), "recipes-trust-"))
    const config = join(root, "config", "recipes")
    mkdirSync(config, { recursive: true, mode: 0o700 })
    chmodSync(root, 0o700)
    writeFileSync(join(config, "planted.yaml"), VLLM)
    chmodSync(join(config, "planted.yaml"), 0o666)
    const book = await Effect.runPromise(readRecipes([{ dir: config, source: "config", trustRoots: [root] }]))
    expect(book.recipes).toEqual([])
    expect(renderWords(book.warnings[0] ?? "", "library")).toContain(`${join(config, "planted.yaml")} can be written`)
    const exit = await Effect.runPromiseExit(findRecipe(book, "planted"))
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("StoreError")
  })
})
