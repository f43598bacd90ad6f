import { getModel, listModels, type ModelDetail } from "../../../api/models/models.js"
import { closestNames, matchName } from "../../../domain/names.js"
import { Effect, Either } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { storeRoots } from "../../../store/paths.js"
import { Store } from "../../../store/store.js"
import { msg } from "../../../words/message.js"
import { callWord, fieldWord } from "../../../words/text.js"
import type { ClientServices } from "../../catalogue/services.js"
import { type DeployTarget, deployTarget } from "../../common/deploy.js"
import type { InferenceInput } from "../input.js"
import { clashesOf, type RecipeBook, readRecipes, recipeFolders } from "./files.js"
import { type ResolvedRecipe, resolveRecipe } from "./resolve.js"
import type { Recipe, RecipeSource } from "./schema.js"

/** Every recipe the caller can use: shipped, the store's config folder, and `./recipes/` (CLI only). */
export const recipeBook = (workingDir: string | undefined): Effect.Effect<RecipeBook, InspireError, Store> =>
  Effect.flatMap(Store, (store) =>
    readRecipes(recipeFolders(store.paths.configDir, workingDir, storeRoots(store.paths))),
  )

const RANK: Readonly<Record<RecipeSource, number>> = { shipped: 0, config: 1, project: 2 }

/**
 * One recipe by its exact name; a miss lists the close names. A file of that name that was skipped
 * (untrusted, not a regular file, invalid) is the error, unless a folder of higher precedence has it.
 */
export const findRecipe = (book: RecipeBook, name: string): Effect.Effect<Recipe, InspireError> => {
  const found = book.recipes.find((r) => r.name === name.trim())
  const skipped = book.skipped.find(
    (s) => s.name === name.trim() && (found === undefined || RANK[s.source] >= RANK[found.source]),
  )
  if (skipped !== undefined) return Effect.fail(skipped.error)
  if (found !== undefined) return Effect.succeed(found)
  const near = closestNames(
    book.recipes.map((r) => r.name),
    name,
  )
  return Effect.fail(
    invalidInput(
      msg("recipes-unknown", { name }),
      msg("recipes-unknown-fix", {
        near: near.length > 0 ? msg("recipes-did-you-mean", { names: near.join(", ") }) : "",
        call: callWord("inference", { action: "recipes" }),
      }),
      { candidates: book.recipes.map((r) => r.name) },
    ),
  )
}

/** The model a recipe names: an id, else a name of the workspace's model repository. */
const recipeModel = (
  recipe: Recipe,
  input: InferenceInput,
  workspaceId: string,
): Effect.Effect<ModelDetail, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const wanted = input.model_id ?? recipe.model.repository
    if (wanted === undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("recipes-path-only", { recipe: recipe.name }),
          msg("recipes-path-only-fix", {
            model: fieldWord("model_id"),
            version: fieldWord("model_version"),
            call: callWord("models", { action: "list" }),
            file: recipe.file,
          }),
        ),
      )
    const listed = yield* listModels({ workspaceId })
    const match = matchName(
      listed.models,
      (m) => m.name,
      wanted,
      (m) => m.id === wanted,
    )
    if (match.kind === "one") return yield* getModel(match.item.id)
    if (match.kind === "many")
      return yield* Effect.fail(
        invalidInput(
          msg("recipes-models-match", {
            count: match.items.length,
            wanted,
            names: match.items.map((m) => m.name).join(", "),
          }),
          msg("recipes-models-match-fix", { file: recipe.file, field: fieldWord("model_id") }),
        ),
      )
    return yield* Effect.fail(
      invalidInput(
        msg("recipes-model-missing", { recipe: recipe.name, wanted }),
        msg("recipes-model-missing-fix", {
          call: callWord("models", { action: "create" }),
          field: fieldWord("model_id"),
        }),
        { candidates: listed.models.map((m) => m.name) },
      ),
    )
  })

/** The version a recipe asks for (a number, or `latest`) and where the platform keeps its files. */
const recipeVersion = (
  recipe: Recipe,
  model: ModelDetail,
  asked: number | undefined,
): Effect.Effect<{ readonly version: number; readonly path: string }, InspireError> => {
  const numbers = model.versions.flatMap((v) => (v.version !== undefined ? [v.version] : []))
  const want = asked ?? (recipe.model.version === "latest" ? Math.max(0, ...numbers) : recipe.model.version)
  const v = model.versions.find((x) => x.version === want)
  if (v === undefined)
    return Effect.fail(
      invalidInput(
        msg("recipes-no-version", { model: model.name, version: want }),
        msg("recipes-no-version-fix", { file: recipe.file }),
        {
          candidates: numbers,
        },
      ),
    )
  const path = recipe.model.path ?? v.modelPath
  if (path === "")
    return Effect.fail(
      invalidInput(
        msg("recipes-no-path", { model: model.name, version: want }),
        msg("recipes-no-path-fix", { file: recipe.file }),
      ),
    )
  return Effect.succeed({ version: want, path })
}

/** A recipe resolved against a real spec and model: everything `inference create` needs. */
export interface RecipeDeployment {
  readonly recipe: Recipe
  readonly resolved: ResolvedRecipe
  readonly where: DeployTarget
  readonly model: ModelDetail
  readonly version: number
}

/** Resolves a recipe for a placement: the SERVING spec's GPUs, the model's version and path. */
export const resolveForPlacement = (
  recipe: Recipe,
  input: InferenceInput,
): Effect.Effect<RecipeDeployment, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const replicas = input.replicas ?? recipe.replicas
    const nodes = input.node_num_per_replica ?? recipe.nodes_per_replica
    const where = yield* deployTarget(input, "SERVING", replicas * nodes)
    const model = yield* recipeModel(recipe, input, where.workspace.id)
    const { version, path } = yield* recipeVersion(recipe, model, input.model_version)
    const resolved = resolveRecipe(recipe, {
      gpus: where.spec.gpuCount,
      modelPath: path,
      replicas,
      nodesPerReplica: nodes,
      port: input.port,
    })
    if (Either.isLeft(resolved)) return yield* Effect.fail(resolved.left)
    return { recipe, resolved: resolved.right, where, model, version }
  })

/** The create input a recipe stands for, with its placement and model already looked up. */
export const recipeDeployment = (raw: InferenceInput, workingDir: string | undefined) =>
  Effect.gen(function* () {
    if (raw.command !== undefined)
      return yield* Effect.fail(invalidInput(msg("recipes-and-command"), msg("recipes-and-command-fix")))
    const book = yield* recipeBook(workingDir)
    const recipe = yield* findRecipe(book, raw.recipe ?? "")
    const d = yield* resolveForPlacement(recipe, raw)
    const r = d.resolved
    const input: InferenceInput = {
      ...raw,
      name: raw.name ?? recipe.name,
      model_id: d.model.id,
      model_version: d.version,
      image: raw.image ?? r.image,
      command: r.command,
      port: r.port,
      replicas: r.replicas,
      node_num_per_replica: r.nodesPerReplica,
    }
    return {
      input,
      where: d.where,
      model: d.model,
      // Files skipped, and the file used instead of another of the same name, before the recipe's own.
      warnings: [...book.warnings, ...clashesOf(book, recipe.name), ...r.warnings],
      summary: {
        name: recipe.name,
        file: recipe.file,
        engine: recipe.engine,
        tensorParallel: r.tensorParallel ?? 0,
        pipelineParallel: r.pipelineParallel ?? 0,
        servedName: r.servedName,
        modelPath: r.modelPath,
      },
      access: msg("recipes-access", { name: r.servedName }),
    }
  })
