import type { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord, confirmWord, joinText, type Text, text } from "../../words/text.js"
import { defineOperation, type OperationContext } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { renderPlan } from "../common/plan.js"
import { asides, formatDuration, formatTime, lines, nextSteps, renderFields, renderTable } from "../common/render.js"
import { createInference, type InferenceCreateResult } from "./create.js"
import { inferenceHealthWait } from "./health-wait.js"
import { type InferenceInput, InferenceInputSchema } from "./input.js"
import {
  type InferenceDetailResult,
  type InferenceListResult,
  type InferenceStopResult,
  inferenceDetail,
  inferenceList,
  inferenceStop,
} from "./manage.js"
import { InferenceOutput } from "./output.js"
import { type InferenceChatResult, type InferenceHealthResult, inferenceChat } from "./probe.js"
import {
  type InferenceRecipeResult,
  type InferenceRecipesResult,
  inferenceRecipe,
  inferenceRecipes,
} from "./recipes/actions.js"
import { renderChat, renderHealth, renderRecipe, renderRecipes } from "./render-recipes.js"

export type { InferenceCreateResult } from "./create.js"
export type { InferenceDetailResult, InferenceListResult, InferenceStopResult } from "./manage.js"
export type { InferenceChatResult, InferenceHealthResult } from "./probe.js"
export type { InferenceRecipeResult, InferenceRecipesResult } from "./recipes/actions.js"

/** What inspire_inference returns, by action. */
export type InferenceResult =
  | InferenceCreateResult
  | InferenceDetailResult
  | InferenceListResult
  | InferenceStopResult
  | InferenceRecipesResult
  | InferenceRecipeResult
  | InferenceHealthResult
  | InferenceChatResult

const run = (
  input: InferenceInput,
  context: OperationContext,
): Effect.Effect<InferenceResult, InspireError, ClientServices> => {
  if (input.action === "create") return createInference(input, context.workingDir)
  if (input.action === "recipes") return inferenceRecipes(context.workingDir)
  if (input.action === "recipe") return inferenceRecipe(input, context.workingDir)
  if (input.action === "health") return inferenceHealthWait(input, context)
  if (input.action === "chat") return inferenceChat(input)
  if (input.action === "detail") return inferenceDetail(input)
  if (input.action === "list") return inferenceList(input)
  return inferenceStop(input)
}

const warningLines = (warnings: ReadonlyArray<Text>): Text => joinText(asides("warning", warnings), "\n")

const renderCreate = (r: InferenceCreateResult) =>
  lines(
    r.plan !== undefined ? renderPlan(r.plan) : msg("inference-deploying", { name: r.name }),
    renderFields([
      [msg("inference-label-serving-id"), r.servingId],
      [
        msg("inference-label-recipe"),
        r.recipe !== undefined
          ? msg("inference-recipe-line", {
              name: r.recipe.name,
              engine: r.recipe.engine,
              tp: r.recipe.tensorParallel,
              pp: r.recipe.pipelineParallel,
              file: r.recipe.file,
            })
          : undefined,
      ],
      [msg("inference-label-served-as"), r.recipe?.servedName],
      [msg("inference-label-model-path"), r.recipe?.modelPath],
      [msg("inference-label-workspace"), r.workspace.name],
      [msg("inference-label-project"), r.project.name],
      [msg("inference-label-compute-group"), r.computeGroup.name],
      [msg("inference-label-spec"), `${r.spec.name} (${r.spec.id})`],
      [msg("inference-label-model"), `${r.model.name} v${r.model.version} (${r.model.id})`],
      [msg("inference-label-image"), r.image],
      [msg("inference-label-command"), r.command],
      [msg("inference-label-port"), r.port],
      [msg("inference-label-replicas"), msg("inference-replicas", { replicas: r.replicas, nodes: r.nodesPerReplica })],
      [msg("inference-label-priority"), r.priority],
      [msg("inference-label-custom-domain"), r.customDomain],
      [msg("inference-label-console"), r.consoleUrl],
      [msg("inference-label-recovered"), r.recovered === true ? msg("inference-recovered") : undefined],
      [msg("inference-label-access"), r.access],
    ]),
    warningLines(r.warnings),
    nextSteps(r.next),
  )

const renderDetail = (r: InferenceDetailResult) => {
  const s = r.serving
  return lines(
    renderFields([
      [msg("inference-label-serving"), `${s.name} (${s.id})`],
      [msg("inference-label-status"), `${s.status.raw || "-"} (${s.status.family})`],
      [
        msg("inference-label-access-url"),
        s.accessUrl ||
          (s.status.family === "running" ? msg("inference-access-not-reported") : msg("inference-access-none-yet")),
      ],
      [msg("inference-label-image"), s.image],
      [msg("inference-label-command"), s.command],
      [msg("inference-label-model"), `${s.modelId}${s.modelVersion !== undefined ? ` v${s.modelVersion}` : ""}`],
      [msg("inference-label-port"), s.port],
      [
        msg("inference-label-replicas"),
        s.replicas !== undefined
          ? msg("inference-replicas", { replicas: s.replicas, nodes: s.nodesPerReplica ?? 1 })
          : undefined,
      ],
      [msg("inference-label-compute-group"), s.logicComputeGroupName || s.logicComputeGroupId],
      [msg("inference-label-spec"), s.specId],
      [msg("inference-label-priority"), s.priority],
      [msg("inference-label-project"), s.projectName || s.projectId],
      [msg("inference-label-custom-domain"), s.customDomain],
      [
        msg("inference-label-created"),
        s.createdAt !== undefined
          ? msg("inference-created-ago", { time: formatTime(s.createdAt), age: formatDuration(r.ageMs) })
          : undefined,
      ],
      [msg("inference-label-updated"), s.updatedAt !== undefined ? formatTime(s.updatedAt) : undefined],
      [msg("inference-label-console"), r.consoleUrl],
      [msg("servexec-label-pods"), r.pods?.map((p) => `${p.name} (${p.status || "-"})`).join(", ")],
    ]),
    nextSteps(r.next),
  )
}

const renderList = (r: InferenceListResult) =>
  lines(
    msg("inference-list-heading", {
      workspace: r.workspace.name,
      count: r.servings.length,
      cut: r.truncated ? msg("inference-list-cut") : "",
    }),
    renderTable(
      r.servings,
      [
        { header: msg("inference-col-id"), cell: (s) => s.id },
        { header: msg("inference-col-name"), cell: (s) => s.name },
        { header: msg("inference-col-status"), cell: (s) => s.status.raw },
        { header: msg("inference-col-replicas"), cell: (s) => s.replicas, align: "right" },
        { header: msg("inference-col-created"), cell: (s) => formatTime(s.createdAt) },
        { header: msg("inference-col-by"), cell: (s) => s.createdBy },
      ],
      msg("inference-list-none"),
    ),
    msg("inference-console-line", { url: r.consoleUrl }),
  )

const renderStop = (r: InferenceStopResult) =>
  r.plan !== undefined ? lines(renderPlan(r.plan), r.message) : lines(r.message, r.hint)

export const inferenceOperation = defineOperation({
  name: "inference",
  title: "Deploy, inspect and stop inference servings",
  description: text`Deploys, inspects and stops inference servings (模型部署). create from a recipe (recipes lists them; it builds the engine command) or from a model version (${callWord("models")}) with a registered image, command, compute_group and SERVING spec. Returns the serving id (sv-…); then health, chat (one prompt), detail, list. stop needs ${confirmWord()}: a live service may be answering users.`,
  input: InferenceInputSchema,
  output: InferenceOutput,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  effects: { by: "action", writes: ["create", "stop"] },
  // health with wait_seconds waits: a host with a per-call limit cuts it and says to call again.
  agent: { waitField: "wait_seconds" },
  examples: [
    {
      action: "create",
      name: "dry-serving",
      model_id: "{model}",
      model_version: 1,
      command: "python -m vllm.entrypoints.openai.api_server --port 2400",
      compute_group: "{serving_group}",
      spec: "{serving_spec}",
      image: "{image}",
      workspace: "{workspace}",
    },
    {
      action: "create",
      recipe: "qwen2.5-7b-instruct-vllm",
      name: "dry-recipe",
      compute_group: "{serving_group}",
      spec: "{serving_spec}",
      workspace: "{workspace}",
    },
    { action: "stop", serving_id: "{serving}", confirm: true },
    { action: "recipe", recipe: "qwen2.5-7b-instruct-vllm" },
    { action: "health", serving_id: "{serving}" },
    { action: "chat", serving_id: "{serving}", prompt: "Hello" },
  ],
  actions: {
    create: {
      summary: "Deploy a model as an inference service",
      fields: [
        "name",
        "recipe",
        "model_id",
        "model_version",
        "image",
        "command",
        "port",
        "replicas",
        "node_num_per_replica",
        "compute_group",
        "spec",
        "workspace",
        "project",
        "priority",
        "custom_domain",
      ],
      cli: { path: ["serve", "create"], confirm: false },
    },
    list: {
      summary: "List a workspace's inference services",
      fields: ["workspace", "project"],
      cli: { path: ["serve", "list"] },
    },
    detail: {
      summary: "Show one inference service",
      fields: ["serving_id", "workspace"],
      cli: { path: ["serve", "show"], positional: ["serving_id"] },
    },
    stop: {
      summary: "Stop an inference service",
      fields: ["serving_id", "workspace"],
      cli: { path: ["serve", "stop"], positional: ["serving_id"] },
    },
    recipes: {
      summary: "List the serving recipes (shipped, config folder, ./recipes/)",
      fields: [],
      cli: { path: ["serve", "recipes"] },
    },
    recipe: {
      summary: "Show a serving recipe and the command it resolves to",
      fields: ["recipe", "spec", "compute_group", "workspace", "project", "replicas", "node_num_per_replica", "port"],
      cli: { path: ["serve", "recipe"], positional: ["recipe"] },
    },
    health: {
      summary: "Probe a serving's OpenAI endpoint, or say why it is not ready (with its last logs)",
      fields: ["serving_id", "workspace", "recipe", "wait", "wait_seconds"],
      cli: { path: ["serve", "health"], positional: ["serving_id"] },
    },
    chat: {
      summary: "Send one prompt to a serving",
      fields: ["serving_id", "workspace", "prompt"],
      cli: { path: ["serve", "chat"], positional: ["serving_id", "prompt"] },
    },
  },
  run,
  render: (r: InferenceResult) =>
    r.action === "recipes"
      ? renderRecipes(r)
      : r.action === "recipe"
        ? renderRecipe(r)
        : r.action === "health"
          ? renderHealth(r)
          : r.action === "chat"
            ? renderChat(r)
            : r.action === "create"
              ? renderCreate(r)
              : r.action === "detail"
                ? renderDetail(r)
                : r.action === "list"
                  ? renderList(r)
                  : renderStop(r),
})
