import { z } from "zod"
import {
  createModel,
  deleteModel,
  listModels,
  plannedModelCreate,
  plannedModelDelete,
  prepareModel,
} from "../api/models/models.js"
import { Effect } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, confirmWord, fieldWord, joinText, type Text, text } from "../words/text.js"
import { defineOperation, type OutputOf } from "./catalogue/operation.js"
import { idField } from "./catalogue/refs.js"
import { described, textOutput } from "./catalogue/schema.js"
import type { ClientServices } from "./catalogue/services.js"
import { resolveTarget } from "./common/defaults.js"
import { resolveModel } from "./common/lookup.js"
import { epochMs, NextSteps, nextStep, ProjectRef, WorkspaceRef } from "./common/output.js"
import { labelOf, PlanOutput, renderPlan } from "./common/plan.js"
import { formatGigabytes, formatTime, nextSteps, renderFields, renderTable } from "./common/render.js"
import { resolveReadWorkspace } from "./common/support.js"

// Agents write a single type or tag as a plain string as often as a list.
const Strings = z.union([z.array(z.string()), z.string().transform((s) => [s])])

const Input = z.object({
  action: z
    .enum(["list", "detail", "create", "delete"])
    .default("list")
    .describe("list a workspace's models, detail one with its versions, create one, or delete one (needs confirm)"),
  model_id: idField(
    ["model"],
    text`For detail and delete: the model's id, as ${callWord("models", { action: "list" })} shows it, its name or a unique id prefix, looked up in workspace`,
  ),
  name: z.string().optional().describe("For create: the model name (letters, digits, CJK, . _ -; ≤ 64)"),
  model_source_path: z
    .string()
    .optional()
    .describe(
      "For create: the model files' absolute path under /inspire/, e.g. /inspire/hdd/project/<en_name>/models/qwen2.5-7b",
    ),
  model_type: Strings.optional().describe('For create: model types, e.g. ["LLM"] or "LLM" (LLMs are served by vLLM)'),
  description: z.string().optional().describe("For create: a description"),
  tags: Strings.optional().describe('For create: tags, e.g. ["qwen", "chat"]'),
  workspace: z.string().optional().describe("Workspace name or ws- id; defaultWorkspace when omitted"),
  project: z
    .string()
    .optional()
    .describe("For create: project name or id; defaultProject, or the workspace's only one"),
  confirm: z
    .boolean()
    .default(false)
    .describe("For delete: true to delete; without it only what would be deleted is shown"),
  dry_run: z
    .boolean()
    .default(false)
    .describe("For create and delete: check with reads only and return the plan (the exact request); nothing is sent"),
})

type ModelsInput = z.output<typeof Input>

const ModelFields = () => ({
  id: z.string().describe("Model id"),
  name: z.string().describe("Model name"),
  version: z.number().optional().describe("Version of this row"),
  description: z.string().describe("Description"),
  submitId: z.string().describe('The marker of the inspire create that made it ("" for one made elsewhere)'),
  modelType: z.array(z.string()).describe("Model types, e.g. LLM"),
  status: z.enum(["uploading", "ready", "error", "unknown"]).describe("Upload state"),
  rawStatus: z.string().describe("The platform's own status"),
  vllmCompatible: z.boolean().describe("Whether vLLM can serve it"),
  projectId: z.string().describe("Project id"),
  projectName: z.string().describe("Project name"),
  workspaceId: z.string().describe("Workspace id"),
  modelPath: z.string().describe("Where the platform keeps it"),
  sourcePath: z.string().describe("Where it was imported from"),
  tags: z.array(z.string()).describe("Tags"),
  owner: z.string().describe("Owner"),
  createdAt: epochMs("Created"),
  latestVersion: z.number().optional().describe("Newest version"),
})

const ModelDetailOutput = z.lazy(() =>
  z
    .object({
      ...ModelFields(),
      versions: z
        .array(
          z.object({
            version: z.number().optional().describe("Version number"),
            sizeGb: z.number().optional().describe("Size in GB"),
            modelPath: z.string().describe("Where this version is kept"),
            createdAt: epochMs("Created"),
            vllmCompatible: z.boolean().describe("Whether vLLM can serve it"),
          }),
        )
        .describe("Its versions"),
      nextVersion: z.number().optional().describe("The number the next version will get"),
    })
    .describe("The model with its versions"),
)

const ModelsOutput = () =>
  z.discriminatedUnion("action", [
    z.object({
      action: z.literal("list"),
      workspace: WorkspaceRef(),
      models: z.array(z.object(ModelFields())).describe("The workspace's models"),
      truncated: z.boolean().describe("True when the list was cut short"),
    }),
    z.object({ action: z.literal("detail"), model: ModelDetailOutput }),
    z.object({
      action: z.literal("create"),
      dryRun: z.boolean().describe("True when nothing was created"),
      modelId: z.string().optional().describe("The new model's id; absent on a dry run"),
      name: z.string().describe("Model name"),
      sourcePath: z.string().describe("Where the files were imported from"),
      workspace: WorkspaceRef(),
      project: ProjectRef(),
      recovered: z.boolean().optional().describe("The create's answer was lost and the model was found by name"),
      next: NextSteps(),
      plan: PlanOutput().optional(),
    }),
    z.object({
      action: z.literal("delete"),
      model: ModelDetailOutput,
      confirmed: described(z.boolean(), text`Whether ${confirmWord()} was given`),
      deleted: z.boolean().describe("True when it was deleted"),
      message: textOutput().describe("What happened"),
      hint: textOutput().optional().describe("What to do next"),
      plan: PlanOutput().optional(),
    }),
  ])

/** What inspire_models returns, by action: its output schema's type. */
export type ModelsResult = OutputOf<ReturnType<typeof ModelsOutput>>

const listHint = (): Text => msg("models-list-hint", { call: callWord("models", { action: "list" }) })

const modelOf = ({ action, model_id, workspace }: ModelsInput) =>
  resolveModel(model_id, workspace, invalidInput(msg("models-needs-id", { action }), listHint()))

/** A model source path must be an absolute path on the shared storage the containers see (/inspire/…). */
const checkSourcePath = (raw: string | undefined): Effect.Effect<string, InspireError> => {
  const hint = msg("models-path-hint", { call: callWord("status") })
  if (raw === undefined || raw.trim() === "")
    return Effect.fail(invalidInput(msg("models-needs-path", { field: fieldWord("model_source_path") }), hint))
  const path = raw.trim()
  if (!path.startsWith("/inspire/") || path.length <= "/inspire/".length)
    return Effect.fail(invalidInput(msg("models-path-outside", { path }), hint))
  if (path.split("/").some((part) => part === ".." || part === "."))
    return Effect.fail(invalidInput(msg("models-path-dots", { path }), hint))
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is rejected here
  if (/[\u0000-\u001f\s]/.test(path)) return Effect.fail(invalidInput(msg("models-path-space", { path }), hint))
  return Effect.succeed(path.replace(/\/+$/, "").replace(/\/{2,}/g, "/"))
}

const list = (input: ModelsInput) =>
  Effect.gen(function* () {
    const workspace = yield* resolveReadWorkspace(input)
    const listed = yield* listModels({ workspaceId: workspace.id })
    return {
      action: "list" as const,
      workspace: { id: workspace.id, name: workspace.name },
      models: listed.models,
      truncated: listed.truncated,
    }
  })

const create = (input: ModelsInput) =>
  Effect.gen(function* () {
    if (input.name === undefined || input.name.trim() === "")
      return yield* Effect.fail(
        invalidInput(
          msg("models-needs-name", { name: fieldWord("name") }),
          msg("models-needs-name-fix", { field: fieldWord("name", "qwen2.5-7b") }),
        ),
      )
    const sourcePath = yield* checkSourcePath(input.model_source_path)
    const target = yield* resolveTarget(input, { needGroup: false })
    const request = {
      workspaceId: target.workspace.id,
      projectId: target.project.id,
      name: input.name,
      modelSourcePath: sourcePath,
      ...(input.model_type !== undefined ? { modelType: input.model_type } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.tags !== undefined ? { tags: input.tags } : {}),
    }
    const where = {
      sourcePath,
      workspace: { id: target.workspace.id, name: target.workspace.name },
      project: { id: target.project.id, name: target.project.name },
    }
    if (input.dry_run) {
      const { name, body } = yield* prepareModel(request)
      return {
        action: "create" as const,
        dryRun: true,
        name,
        ...where,
        next: [],
        plan: {
          summary: msg("models-plan-create", { name, workspace: target.workspace.name, path: sourcePath }),
          targets: [{ kind: "model", id: name, name, change: msg("models-change-created") }],
          requests: [plannedModelCreate(body)],
        },
      }
    }
    const created = yield* createModel(request)
    return {
      action: "create" as const,
      dryRun: false,
      modelId: created.modelId,
      name: input.name.trim(),
      sourcePath,
      workspace: { id: target.workspace.id, name: target.workspace.name },
      project: { id: target.project.id, name: target.project.name },
      recovered: created.recovered,
      next: [
        nextStep("models", { action: "detail", model_id: created.modelId }, msg("models-why-versions")),
        nextStep(
          "inference",
          { action: "create", model_id: created.modelId, model_version: 1 },
          msg("models-why-serve"),
        ),
      ],
    }
  })

const remove = (input: ModelsInput) =>
  Effect.gen(function* () {
    const model = yield* modelOf(input)
    const what = msg("models-what", { name: model.name, id: model.id, count: model.versions.length })
    if (input.dry_run)
      return {
        action: "delete" as const,
        model,
        confirmed: input.confirm,
        deleted: false,
        message: msg("models-delete-dry", { what }),
        plan: {
          summary: msg("models-plan-delete", { model: labelOf(model) }),
          targets: [
            {
              kind: "model",
              id: model.id,
              name: model.name,
              change: msg("models-change-deleted", { count: model.versions.length }),
            },
          ],
          requests: [plannedModelDelete(model.id)],
        },
      }
    if (!input.confirm)
      return {
        action: "delete" as const,
        model,
        confirmed: false,
        deleted: false,
        message: msg("models-delete-preview", { what }),
        hint: msg("models-delete-how", {
          call: callWord("models", { action: "delete", model_id: model.id, confirm: true }),
        }),
      }
    yield* deleteModel(model.id)
    return {
      action: "delete" as const,
      model,
      confirmed: true,
      deleted: true,
      message: msg("models-deleted", { what, path: model.sourcePath || msg("models-its-path") }),
    }
  })

const run = (input: ModelsInput): Effect.Effect<ModelsResult, InspireError, ClientServices> => {
  if (input.action === "list") return list(input)
  if (input.action === "create") return create(input)
  if (input.action === "delete") return remove(input)
  return Effect.map(modelOf(input), (model) => ({ action: "detail" as const, model }))
}

// Blocks of a render, one below the other.
const lines = (...blocks: ReadonlyArray<Text | string>): Text => joinText(blocks, "\n")

const renderModel = (m: Extract<ModelsResult, { readonly action: "detail" }>["model"]): Text =>
  lines(
    renderFields([
      [msg("models-label-model"), `${m.name} (${m.id})`],
      [msg("models-label-status"), m.status === "unknown" ? m.rawStatus : m.status],
      [msg("models-label-type"), m.modelType.join(", ")],
      [msg("models-label-latest"), m.latestVersion],
      [msg("models-label-vllm"), m.vllmCompatible ? msg("models-compatible") : msg("models-no")],
      [msg("models-label-source-path"), m.sourcePath],
      [msg("models-label-project"), m.projectName || m.projectId],
      [msg("models-label-owner"), m.owner],
      [msg("models-label-tags"), m.tags.join(", ")],
      [msg("models-label-description"), m.description],
      [msg("models-label-created"), m.createdAt !== undefined ? formatTime(m.createdAt) : undefined],
    ]),
    renderTable(
      m.versions,
      [
        { header: msg("models-col-version"), cell: (v) => v.version, align: "right" },
        {
          header: msg("models-col-size"),
          cell: (v) => (v.sizeGb !== undefined ? formatGigabytes(v.sizeGb) : undefined),
          align: "right",
        },
        { header: msg("models-col-vllm"), cell: (v) => (v.vllmCompatible ? msg("models-yes") : msg("models-no")) },
        { header: msg("models-col-path"), cell: (v) => v.modelPath },
        { header: msg("models-col-created"), cell: (v) => formatTime(v.createdAt) },
      ],
      msg("models-no-versions"),
    ),
  )

const render = (r: ModelsResult): Text => {
  if (r.action === "detail") return renderModel(r.model)
  if ((r.action === "create" || r.action === "delete") && r.plan !== undefined)
    return lines(renderPlan(r.plan), ...(r.action === "delete" ? [r.message] : []))
  if (r.action === "delete") return lines(r.message, ...(r.hint !== undefined ? [r.hint] : []))
  if (r.action === "create")
    return lines(
      msg("models-created", {
        name: r.name,
        id: r.modelId ?? "",
        workspace: r.workspace.name,
        project: r.project.name,
        path: r.sourcePath ?? "",
      }),
      nextSteps(r.next),
    )
  return lines(
    msg("models-list-heading", {
      workspace: r.workspace.name,
      count: r.models.length,
      cut: r.truncated ? msg("models-list-cut") : "",
    }),
    renderTable(
      r.models,
      [
        { header: msg("models-col-id"), cell: (m) => m.id },
        { header: msg("models-col-name"), cell: (m) => m.name },
        { header: msg("models-col-latest"), cell: (m) => m.latestVersion, align: "right" },
        { header: msg("models-col-status"), cell: (m) => (m.status === "unknown" ? m.rawStatus : m.status) },
        { header: msg("models-col-vllm"), cell: (m) => (m.vllmCompatible ? msg("models-yes") : msg("models-no")) },
        { header: msg("models-col-type"), cell: (m) => m.modelType.join(",") },
        { header: msg("models-col-owner"), cell: (m) => m.owner },
      ],
      msg("models-none"),
    ),
  )
}

export const modelsOperation = defineOperation({
  name: "models",
  title: "Manage the model repository",
  description: text`Manages the model repository (模型管理) that servings deploy from: list, detail (versions with size, path, vLLM compatibility; ${callWord("inference")} needs model_id and model_version from here), create (registers files already under /inspire/…), delete (the entry, not the files; needs ${confirmWord()}).`,
  input: Input,
  output: ModelsOutput,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  effects: { by: "action", writes: ["create", "delete"] },
  examples: [
    {
      action: "create",
      name: "dry-model",
      model_source_path: "/inspire/hdd/project/demo/models/m",
      workspace: "{workspace}",
    },
    { action: "delete", model_id: "{model}", confirm: true },
  ],
  actions: {
    list: { summary: "List a workspace's models", fields: ["workspace", "project"], cli: { path: ["model", "list"] } },
    detail: {
      summary: "Show one model with its versions",
      fields: ["model_id", "workspace", "project"],
      cli: { path: ["model", "show"], positional: ["model_id"] },
    },
    create: {
      summary: "Create a model-repository entry",
      fields: ["name", "model_source_path", "model_type", "description", "tags", "workspace", "project"],
      cli: { path: ["model", "create"], confirm: false },
    },
    delete: {
      summary: "Delete a model-repository entry (not its files)",
      fields: ["model_id", "workspace", "project"],
      cli: { path: ["model", "delete"], positional: ["model_id"] },
    },
  },
  run,
  render,
})
