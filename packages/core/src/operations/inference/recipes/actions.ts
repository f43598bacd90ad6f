import { toCandidate } from "../../../domain/specs.js"
import { Effect } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { msg } from "../../../words/message.js"
import { callWord } from "../../../words/text.js"
import type { ClientServices } from "../../catalogue/services.js"
import type { DeployTarget } from "../../common/deploy.js"
import { nextStep } from "../../common/output.js"
import type { InferenceInput } from "../input.js"
import type { InferenceOutputOf } from "../output.js"
import { findRecipe, recipeBook, resolveForPlacement } from "./deploy.js"
import { clashesOf } from "./files.js"
import { resolveRecipe } from "./resolve.js"
import type { Recipe, RecipeSource } from "./schema.js"

/** One recipe as a list shows it. */
export interface RecipeEntry {
  readonly name: string
  readonly engine: string
  /** The model: `repository vN` or the path on shared storage. */
  readonly model: string
  readonly file: string
  readonly source: RecipeSource
  readonly description?: string
}

/** The recipes the caller can deploy, and where they were looked for. */
export interface InferenceRecipesResult extends Extract<InferenceOutputOf, { readonly action: "recipes" }> {}

/** One recipe, resolved against a spec when one was given. */
export interface InferenceRecipeResult extends Extract<InferenceOutputOf, { readonly action: "recipe" }> {}

const modelText = (r: Recipe): string =>
  r.model.repository !== undefined
    ? `${r.model.repository} ${r.model.version === "latest" ? "latest" : `v${r.model.version}`}`
    : (r.model.path ?? "")

const entry = (r: Recipe): RecipeEntry => ({
  name: r.name,
  engine: r.engine,
  model: modelText(r),
  file: r.file,
  source: r.source,
  ...(r.description !== undefined ? { description: r.description.trim() } : {}),
})

// Where a suggested create goes: the placement the recipe was resolved against, else what was asked with
// a placeholder for the spec (create needs one: `inspire avail` shows the groups' SERVING specs).
const placementOf = (input: InferenceInput, where: DeployTarget | undefined): Readonly<Record<string, string>> => {
  if (where !== undefined)
    return {
      workspace: where.workspace.id,
      project: where.target.project.id,
      compute_group: where.group.name,
      spec: where.spec.id,
    }
  const asked = { workspace: input.workspace, project: input.project, compute_group: input.compute_group }
  return {
    ...Object.fromEntries(Object.entries(asked).filter((e): e is [string, string] => e[1] !== undefined)),
    spec: "<spec-id>",
  }
}

/** Lists every recipe (shipped, config folder, ./recipes/) with the clashes between names. */
export const inferenceRecipes = (
  workingDir: string | undefined,
): Effect.Effect<InferenceRecipesResult, InspireError, ClientServices> =>
  Effect.map(recipeBook(workingDir), (book) => ({
    action: "recipes" as const,
    recipes: book.recipes.map(entry),
    folders: book.folders.map((f) => ({ dir: f.dir, source: f.source })),
    clashes: book.clashes,
    warnings: book.warnings,
  }))

/**
 * Shows one recipe and the command it resolves to: against the spec (and the model's path) when spec or
 * compute_group is given, else with placeholders where those go.
 */
export const inferenceRecipe = (
  input: InferenceInput,
  workingDir: string | undefined,
): Effect.Effect<InferenceRecipeResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (input.recipe === undefined || input.recipe.trim() === "")
      return yield* Effect.fail(
        invalidInput(
          msg("recipes-needs-recipe"),
          msg("recipes-lists", { call: callWord("inference", { action: "recipes" }) }),
        ),
      )
    const book = yield* recipeBook(workingDir)
    const recipe = yield* findRecipe(book, input.recipe)
    const placed = input.spec !== undefined || input.compute_group !== undefined
    const deployment = placed ? yield* resolveForPlacement(recipe, input) : undefined
    const offline = resolveRecipe(recipe, {
      gpus: undefined,
      modelPath: undefined,
      replicas: input.replicas,
      nodesPerReplica: input.node_num_per_replica,
      port: input.port,
    })
    const resolved = deployment?.resolved ?? (yield* offline)
    return {
      action: "recipe",
      recipe: {
        ...entry(recipe),
        image: recipe.image,
        port: recipe.port,
        parallel: recipe.parallel,
        nodesPerReplica: recipe.nodes_per_replica,
        replicas: recipe.replicas,
        args: recipe.args,
        env: recipe.env,
        health: { path: recipe.health.path, timeoutSeconds: recipe.health.timeout_seconds },
      },
      resolved,
      ...(deployment !== undefined
        ? {
            spec: toCandidate(deployment.where.spec),
            model: { id: deployment.model.id, name: deployment.model.name, version: deployment.version },
          }
        : {}),
      clashes: clashesOf(book, recipe.name),
      warnings: book.warnings,
      next: [
        nextStep(
          "inference",
          {
            action: "create",
            recipe: recipe.name,
            ...placementOf(input, deployment?.where),
            dry_run: true,
          },
          deployment !== undefined
            ? msg("recipes-why-request")
            : msg("recipes-why-request-spec", { call: callWord("availability") }),
        ),
      ],
    } satisfies InferenceRecipeResult
  })
