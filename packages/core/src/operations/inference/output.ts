import { z } from "zod"
import { confirmWord, text } from "../../words/text.js"
import { type OutputOf, once } from "../catalogue/operation.js"
import { described, textOutput } from "../catalogue/schema.js"
import {
  epochMs,
  GroupRef,
  NextSteps,
  ProjectRef,
  SpecCandidateOutput,
  StatusOutput,
  Warnings,
  WorkspaceRef,
} from "../common/output.js"
import { PlanOutput } from "../common/plan.js"
import { recipeOutputs } from "./output-recipes.js"

/** What inspire_inference returns, by action. */
export const InferenceOutput = once(() => {
  const extra = recipeOutputs()
  const Serving = z.object({
    id: z.string().describe("Serving id (sv-…)"),
    name: z.string().describe("Serving name"),
    status: StatusOutput(),
    image: z.string().describe("Image address"),
    command: z.string().describe("The server command"),
    replicas: z.number().optional().describe("Replicas"),
    nodesPerReplica: z.number().optional().describe("Nodes per replica"),
    modelId: z.string().describe("Model id"),
    modelVersion: z.number().optional().describe("Model version"),
    port: z.number().optional().describe("Port the server listens on"),
    priority: z.string().describe("Priority as the platform reports it"),
    specId: z.string().describe("SERVING spec id"),
    customDomain: z.string().describe("Custom domain, or empty"),
    accessUrl: z.string().describe("Access URL once RUNNING, or empty"),
    logicComputeGroupId: z.string().describe("Compute group id"),
    logicComputeGroupName: z.string().describe("Compute group name"),
    workspaceId: z.string().describe("Workspace id"),
    projectId: z.string().describe("Project id"),
    projectName: z.string().describe("Project name"),
    createdBy: z.string().describe("Who created it"),
    createdAt: epochMs("Created"),
    updatedAt: epochMs("Last updated"),
  })

  const Create = z.object({
    action: z.literal("create"),
    dryRun: z.boolean().describe("True when nothing was deployed"),
    servingId: z.string().optional().describe("The new serving's id; absent on a dry run"),
    name: z.string().describe("Serving name"),
    workspace: WorkspaceRef(),
    project: ProjectRef(),
    computeGroup: GroupRef(),
    spec: SpecCandidateOutput(),
    image: z.string().describe("Image address"),
    command: z.string().describe("The server command"),
    port: z.number().describe("Port"),
    replicas: z.number().describe("Replicas"),
    nodesPerReplica: z.number().describe("Nodes per replica"),
    model: z.object({ id: z.string(), name: z.string(), version: z.number() }).describe("The model version served"),
    priority: z.number().describe("Priority 1–10"),
    customDomain: z.string().optional().describe("Custom domain"),
    consoleUrl: z.string().describe("The serving's page (or the servings list on a dry run)"),
    recovered: z.boolean().optional().describe("The create's answer was lost and the serving was found by name"),
    warnings: Warnings(),
    next: NextSteps(),
    plan: PlanOutput().optional(),
    recipe: extra.CreateRecipe,
    access: textOutput().optional().describe("How to reach it once RUNNING"),
  })

  const Detail = z.object({
    action: z.literal("detail"),
    serving: Serving.describe("The serving"),
    consoleUrl: z.string().describe("The serving's page"),
    ageMs: z.number().optional().describe("Time since creation in ms"),
    pods: z
      .array(z.object({ name: z.string(), status: z.string() }))
      .optional()
      .describe("Its pods and their states, when the platform lists them"),
    next: NextSteps(),
  })

  const List = z.object({
    action: z.literal("list"),
    workspace: WorkspaceRef(),
    servings: z.array(Serving).describe("The workspace's servings"),
    truncated: z.boolean().describe("True when the list was cut short"),
    consoleUrl: z.string().describe("The servings page"),
  })

  const Stop = z.object({
    action: z.literal("stop"),
    servingId: z.string().describe("Serving id"),
    name: z.string().describe("Serving name"),
    status: StatusOutput().describe("The state before this call"),
    confirmed: described(z.boolean(), text`Whether ${confirmWord()} was given`),
    stopped: z.boolean().describe("True when a stop request was sent"),
    message: textOutput().describe("What happened"),
    hint: textOutput().optional().describe("What to do next"),
    plan: PlanOutput().optional(),
  })

  return z.discriminatedUnion("action", [
    Create,
    Detail,
    List,
    Stop,
    extra.Recipes,
    extra.Recipe,
    extra.Health,
    extra.Chat,
  ])
})

/** The result of inspire_inference as users read it: the schema's output, read-only. */
export type InferenceOutputOf = OutputOf<ReturnType<typeof InferenceOutput>>
