import { Either } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { msg } from "../../../words/message.js"
import type { Text } from "../../../words/text.js"
import type { Recipe } from "./schema.js"

/** What a recipe is resolved against: the SERVING spec's GPUs (absent without a spec) and the model's path. */
export interface RecipeContext {
  /** GPUs of one instance (the spec's `gpu_count`); undefined when no spec was given. */
  readonly gpus: number | undefined
  /** Where the model's files are inside the container; undefined when not looked up. */
  readonly modelPath: string | undefined
  readonly replicas?: number | undefined
  readonly nodesPerReplica?: number | undefined
  /** The port to listen on instead of the recipe's. */
  readonly port?: number | undefined
}

/** A recipe turned into what the serving create takes. */
export interface ResolvedRecipe {
  readonly name: string
  readonly engine: Recipe["engine"]
  readonly image: string
  readonly command: string
  /** False when the spec or the model path was not known, so the command holds placeholders. */
  readonly exact: boolean
  readonly port: number
  readonly replicas: number
  readonly nodesPerReplica: number
  readonly tensorParallel: number | undefined
  readonly pipelineParallel: number | undefined
  readonly servedName: string
  readonly modelPath: string
  readonly env: Readonly<Record<string, string>>
  readonly healthPath: string
  readonly healthTimeoutSeconds: number
  readonly warnings: ReadonlyArray<Text>
}

const SAFE = /^[A-Za-z0-9_./:=@%+,-]+$/

/** One shell word: as is when safe, else single-quoted. `${…}` expansions are left for the shell. */
const word = (s: string): string =>
  SAFE.test(s) || /^\$\{[A-Za-z_][A-Za-z0-9_]*(:-[0-9]+)?\}(:[0-9]+)?$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`

const words = (ws: ReadonlyArray<string>): string => ws.map(word).join(" ")

// Flags the resolution sets itself; the recipe's `args` setting one again wins (argparse keeps the last).
const MANAGED: Readonly<Record<Recipe["engine"], ReadonlyArray<string>>> = {
  vllm: ["--tensor-parallel-size", "-tp", "--pipeline-parallel-size", "-pp", "--port", "--served-model-name"],
  sglang: ["--tp", "--tp-size", "--tensor-parallel-size", "--pp-size", "--port", "--served-model-name", "--model-path"],
}

const sizes = (
  recipe: Recipe,
  gpus: number,
  nodes: number,
): Either.Either<{ readonly tp: number; readonly pp: number }, InspireError> => {
  const { tensor, pipeline } = recipe.parallel
  // vLLM: TP within a node, PP across nodes. SGLang: one TP group over every GPU of the replica.
  const tp = tensor !== "auto" ? tensor : recipe.engine === "vllm" ? gpus : gpus * nodes
  const pp = pipeline !== "auto" ? pipeline : recipe.engine === "vllm" ? nodes : 1
  const total = gpus * nodes
  if (tp * pp > total)
    return Either.left(
      invalidInput(
        msg("recipes-too-many-gpus", { recipe: recipe.name, tp, pp, product: tp * pp, total, nodes, gpus }),
        msg("recipes-too-many-gpus-fix", { file: file(recipe) }),
      ),
    )
  return Either.right({ tp, pp })
}

const file = (recipe: Recipe): string => recipe.file

const exportPrefix = (env: Readonly<Record<string, string>>): string => {
  const pairs = Object.entries(env).map(([k, v]) => `${k}=${word(v)}`)
  return pairs.length === 0 ? "" : `export ${pairs.join(" ")} && `
}

interface Parts {
  readonly recipe: Recipe
  readonly path: string
  readonly served: string
  readonly tp: string
  readonly pp: string
  readonly nodes: number
  readonly port: number
  readonly args: ReadonlyArray<string>
}

const rankVar = (r: Recipe) => `\${${r.distributed.rank_env}:-0}`
const leaderVar = (r: Recipe) => `\${${r.distributed.leader_address_env}}`

const vllmCommand = (p: Parts): string => {
  const serve = ["vllm", "serve", p.path, "--tensor-parallel-size", p.tp, "--pipeline-parallel-size", p.pp]
  const tail = ["--served-model-name", p.served, "--port", String(p.port), ...p.args]
  const d = p.recipe.distributed
  if (p.nodes <= 1) return words([...serve, ...tail])
  const leader = `[ "${rankVar(p.recipe)}" = "0" ]`
  if (d.backend === "ray") {
    const rayPort = String(d.port ?? 6379)
    const head = `ray start --head --port=${rayPort} && ${words([...serve, "--distributed-executor-backend", "ray", ...tail])}`
    return `if ${leader}; then ${head}; else ray start --address=${leaderVar(p.recipe)}:${rayPort} --block; fi`
  }
  const dist = [
    "--nnodes",
    String(p.nodes),
    "--node-rank",
    rankVar(p.recipe),
    "--master-addr",
    leaderVar(p.recipe),
    "--master-port",
    String(d.port ?? 29500),
  ]
  return `if ${leader}; then ${words([...serve, ...dist, ...tail])}; else ${words([...serve, ...dist, "--headless", ...tail])}; fi`
}

const sglangCommand = (p: Parts): string => {
  const base = ["python", "-m", "sglang.launch_server", "--model-path", p.path, "--tp", p.tp]
  const pp = p.pp !== "1" ? ["--pp-size", p.pp] : []
  const dist =
    p.nodes > 1
      ? [
          "--nnodes",
          String(p.nodes),
          "--node-rank",
          rankVar(p.recipe),
          "--dist-init-addr",
          `${leaderVar(p.recipe)}:${p.recipe.distributed.port ?? 20000}`,
        ]
      : []
  // SGLang binds 127.0.0.1 unless told otherwise: the platform's gateway could not reach it.
  return words([
    ...base,
    ...pp,
    ...dist,
    "--served-model-name",
    p.served,
    "--host",
    "0.0.0.0",
    "--port",
    String(p.port),
    ...p.args,
  ])
}

/**
 * Turns a recipe into the serving's command, image, port and sizes for an instance of `gpus` GPUs. A
 * parallel size the replica cannot hold is refused here, before anything is sent.
 */
export const resolveRecipe = (recipe: Recipe, ctx: RecipeContext): Either.Either<ResolvedRecipe, InspireError> => {
  const nodes = ctx.nodesPerReplica ?? recipe.nodes_per_replica
  const replicas = ctx.replicas ?? recipe.replicas
  const warnings: Text[] = []
  let tp: number | undefined
  let pp: number | undefined
  if (ctx.gpus !== undefined) {
    if (ctx.gpus === 0)
      return Either.left(
        invalidInput(
          msg("recipes-no-gpus", { recipe: recipe.name, engine: recipe.engine }),
          msg("recipes-no-gpus-fix"),
        ),
      )
    const s = sizes(recipe, ctx.gpus, nodes)
    if (Either.isLeft(s)) return Either.left(s.left)
    tp = s.right.tp
    pp = s.right.pp
    if (tp * pp < ctx.gpus * nodes)
      warnings.push(msg("recipes-gpus-unused", { tp, pp, product: tp * pp, total: ctx.gpus * nodes }))
  } else {
    // Without a spec only what needs no GPU count is known.
    const { tensor, pipeline } = recipe.parallel
    tp = tensor !== "auto" ? tensor : undefined
    pp = pipeline !== "auto" ? pipeline : recipe.engine === "vllm" ? nodes : 1
  }
  const overridden = recipe.args.filter((a) => MANAGED[recipe.engine].includes(a.split("=")[0] ?? a))
  if (overridden.length > 0) warnings.push(msg("recipes-args-override", { args: overridden.join(", ") }))
  if (recipe.shm_gi !== undefined) warnings.push(msg("recipes-shm-ignored", { shm: recipe.shm_gi }))
  const path =
    recipe.model.path ??
    ctx.modelPath ??
    `<path of ${recipe.model.repository ?? "the model"} ${recipe.model.version === "latest" ? "latest" : `v${recipe.model.version}`}>`
  const served = recipe.served_name ?? recipe.model.repository ?? path.split("/").filter(Boolean).at(-1) ?? "model"
  const parts: Parts = {
    recipe,
    path,
    served,
    tp: tp !== undefined ? String(tp) : "<GPUs of the spec>",
    pp: pp !== undefined ? String(pp) : "1",
    nodes,
    port: ctx.port ?? recipe.port,
    args: recipe.args,
  }
  const command = exportPrefix(recipe.env) + (recipe.engine === "vllm" ? vllmCommand(parts) : sglangCommand(parts))
  return Either.right({
    name: recipe.name,
    engine: recipe.engine,
    image: recipe.image,
    command,
    exact: ctx.gpus !== undefined && (recipe.model.path !== undefined || ctx.modelPath !== undefined),
    port: ctx.port ?? recipe.port,
    replicas,
    nodesPerReplica: nodes,
    tensorParallel: tp,
    pipelineParallel: pp,
    servedName: served,
    modelPath: path,
    env: recipe.env,
    healthPath: recipe.health.path,
    healthTimeoutSeconds: recipe.health.timeout_seconds,
    warnings,
  })
}
