import { getModel, listModels, type ModelDetail } from "../../api/models/models.js"
import { servingConsoleUrl } from "../../api/servings/schema.js"
import { createServing, plannedServingCreate, prepareServing } from "../../api/servings/servings.js"
import { pickOrFail, whereWord, wholeIdKind } from "../../domain/lookup.js"
import { validateName } from "../../domain/resources.js"
import { Effect, Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord, type Text } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { deployPlace, deployTarget } from "../common/deploy.js"
import { deployImageHint, imageOrDefault, resolveRegisteredImage } from "../common/image.js"
import { nextStep } from "../common/output.js"
import { placementWarnings } from "../common/placement.js"
import { choosePriority } from "../common/priority.js"
import { uniqueWarnings } from "../common/support.js"
import type { InferenceInput } from "./input.js"
import type { InferenceOutputOf } from "./output.js"
import { recipeDeployment } from "./recipes/deploy.js"

/** What `inference create` did (or, with dry_run, would do). */
export interface InferenceCreateResult extends Extract<InferenceOutputOf, { readonly action: "create" }> {}

const required = <A>(value: A | undefined, field: string, example: string | Text): Effect.Effect<A, InspireError> =>
  value === undefined || value === ""
    ? Effect.fail(
        invalidInput(
          msg("inference-create-needs", { field: fieldWord(field) }),
          msg("inference-create-needs-fix", { field: fieldWord(field), example }),
        ),
      )
    : Effect.succeed(value)

// A serving needs a process that answers on its port; `sleep infinity` only keeps the pod alive (§4.8).
const commandWarnings = (command: string, port: number): ReadonlyArray<Text> => {
  const warnings: Text[] = []
  if (/^\s*(exec\s+)?sleep\s+(infinity|inf|\d+[smhd]?)\s*;?\s*$/i.test(command))
    warnings.push(msg("inference-command-sleeps", { port }))
  else if (/vllm/i.test(command) && !/--port[\s=]/.test(command)) warnings.push(msg("inference-vllm-port", { port }))
  return warnings
}

// An unknown model id is an input mistake: answer with the models of the workspace to choose from.
// A name or id prefix is looked up in the serving's workspace (one list), by the rule of domain/lookup.ts.
const modelFor = (
  modelId: string,
  workspace: { readonly id: string; readonly name: string },
): Effect.Effect<ModelDetail, InspireError, Platform> =>
  wholeIdKind(modelId) === "model" ? modelById(modelId, workspace.id) : modelByName(modelId, workspace)

const modelByName = (wanted: string, workspace: { readonly id: string; readonly name: string }) =>
  Effect.gen(function* () {
    const listed = yield* listModels({ workspaceId: workspace.id })
    const picked = pickOrFail("model", listed.models, wanted, whereWord([workspace.name]))
    if ("error" in picked) return yield* Effect.fail(picked.error)
    return yield* getModel(picked.item.id)
  })

const modelById = (modelId: string, workspaceId: string): Effect.Effect<ModelDetail, InspireError, Platform> =>
  getModel(modelId).pipe(
    Effect.catchIf(
      (e) => e.reason === "NotFound",
      () =>
        Effect.flatMap(Effect.either(listModels({ workspaceId })), (listed) =>
          Effect.fail(
            invalidInput(
              msg("inference-no-model", { id: modelId }),
              msg("inference-no-model-fix", {
                list: callWord("models", { action: "list" }),
                create: callWord("models", { action: "create" }),
              }),
              Either.isRight(listed)
                ? { candidates: listed.right.models.map((m) => ({ id: m.id, name: m.name, latest: m.latestVersion })) }
                : {},
            ),
          ),
        ),
    ),
  )

/** Checks everything a serving needs (group, SERVING spec, model version, registered image, priority), then deploys it. */
export const createInference = (
  raw: InferenceInput,
  workingDir?: string,
): Effect.Effect<InferenceCreateResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const fromRecipe = raw.recipe !== undefined ? yield* recipeDeployment(raw, workingDir) : undefined
    const input = fromRecipe?.input ?? raw
    const port = input.port ?? 2400
    const replicas = input.replicas ?? 1
    const nodesPerReplica = input.node_num_per_replica ?? 1
    const name = yield* validateName(
      yield* required(input.name, "name", fieldWord("name", "llama-serving")),
      "serving name",
    )
    const modelId = yield* required(
      input.model_id,
      "model_id",
      msg("inference-model-id-example", { call: callWord("models", { action: "list" }) }),
    )
    const version = yield* required(input.model_version, "model_version", fieldWord("model_version", 1))
    const command = (yield* required(
      input.command,
      "command",
      fieldWord("command", "python -m vllm.entrypoints.openai.api_server --port 2400"),
    )).trim()
    const where = fromRecipe?.where ?? (yield* deployTarget(input, "SERVING", replicas * nodesPerReplica, "load"))
    const { target, group, workspace, spec } = where
    const model = fromRecipe?.model ?? (yield* modelFor(modelId, workspace))
    const known = model.versions.find((v) => v.version === version)
    if (known === undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("inference-no-version", { model: model.name, version }),
          msg("inference-no-version-fix", { call: callWord("models", { action: "detail", model_id: model.id }) }),
          { candidates: model.versions.flatMap((v) => (v.version !== undefined ? [v.version] : [])) },
        ),
      )
    const image = yield* resolveRegisteredImage(yield* imageOrDefault(input.image, deployImageHint()), workspace)
    const priority = yield* choosePriority(input.priority, target.project, spec, "four-under-cap")
    const platform = yield* Platform
    const vllmWarning =
      /vllm/i.test(command) && !known.vllmCompatible ? [msg("inference-not-vllm", { version, model: model.name })] : []
    const base = {
      action: "create" as const,
      name,
      ...deployPlace(where),
      image: image.image.address,
      command,
      port: port,
      replicas: replicas,
      nodesPerReplica: nodesPerReplica,
      model: { id: model.id, name: model.name, version },
      priority: priority.priority,
      ...(input.custom_domain !== undefined && input.custom_domain !== "" ? { customDomain: input.custom_domain } : {}),
      consoleUrl: servingConsoleUrl(platform.baseUrl, workspace.id),
      ...(fromRecipe !== undefined ? { recipe: fromRecipe.summary, access: fromRecipe.access } : {}),
    }
    const placement = yield* placementWarnings(input.compute_group, target, {
      scheduleType: "SERVING",
      spec,
      instances: replicas * nodesPerReplica,
      priority: priority.priority,
    })
    const checked = [
      ...(fromRecipe?.warnings ?? []),
      ...target.warnings,
      ...placement,
      ...image.warnings,
      ...priority.warnings,
      ...commandWarnings(command, port),
      ...vllmWarning,
    ]
    const request = {
      name,
      workspaceId: workspace.id,
      projectId: target.project.id,
      logicComputeGroupId: group.id,
      command,
      image: image.image,
      modelId: model.id,
      modelVersion: version,
      port: port,
      replicas: replicas,
      nodesPerReplica: nodesPerReplica,
      priority: priority.priority,
      priorityCap: target.project.priorityCap,
      spec,
      registry: workspace.policy.registry,
      ...(input.custom_domain !== undefined ? { customDomain: input.custom_domain } : {}),
    }
    if (input.dry_run) {
      const prepared = yield* prepareServing(request)
      return {
        ...base,
        dryRun: true,
        warnings: uniqueWarnings(checked, prepared.warnings),
        next: [],
        plan: {
          summary: msg("inference-plan-create", { name, workspace: workspace.name }),
          targets: [
            {
              kind: "serving",
              id: name,
              name,
              change: msg("inference-change-deployed", { replicas, model: model.name, version }),
            },
          ],
          requests: [plannedServingCreate(prepared.body)],
        },
      } satisfies InferenceCreateResult
    }
    const created = yield* createServing(request)
    return {
      ...base,
      dryRun: false,
      servingId: created.servingId,
      consoleUrl: created.consoleUrl,
      recovered: created.recovered,
      warnings: uniqueWarnings(checked, created.warnings),
      next: [
        fromRecipe !== undefined
          ? nextStep("inference", { action: "health", serving_id: created.servingId }, msg("inference-why-answers"))
          : nextStep("inference", { action: "detail", serving_id: created.servingId }, msg("inference-why-running")),
        nextStep("job_detail", { job_id: created.servingId }, msg("inference-why-events")),
      ],
    } satisfies InferenceCreateResult
  })
