import { z } from "zod"
import { textOutput } from "../catalogue/schema.js"
import { NextSteps, SpecCandidateOutput, StatusOutput } from "../common/output.js"

/** The result variants of the recipe, health and chat actions of inspire_inference. */
export const recipeOutputs = () => {
  const Source = z
    .enum(["shipped", "config", "project"])
    .describe("Where the recipe file is: shipped, the config folder, ./recipes/")
  const Entry = {
    name: z.string().describe("Recipe name"),
    engine: z.string().describe("vllm or sglang"),
    model: z.string().describe("The model: repository and version, or a path on shared storage"),
    file: z.string().describe("The recipe's file"),
    source: Source,
    description: z.string().optional().describe("What the recipe is for"),
  }
  const Clashes = z.array(textOutput()).describe("Recipe names defined twice, and which file wins")
  const Skipped = z.array(textOutput()).describe("Recipe files skipped, and why")

  const Recipes = z.object({
    action: z.literal("recipes"),
    recipes: z.array(z.object(Entry)).describe("The recipes, by name"),
    folders: z
      .array(z.object({ dir: z.string(), source: Source }))
      .describe("The folders read, lowest precedence first"),
    clashes: Clashes,
    warnings: Skipped,
  })

  const Resolved = z
    .object({
      name: z.string(),
      engine: z.string(),
      image: z.string().describe("Image address"),
      command: z.string().describe("The server command the serving runs"),
      exact: z.boolean().describe("False when the spec or model path was unknown and the command holds placeholders"),
      port: z.number(),
      replicas: z.number(),
      nodesPerReplica: z.number(),
      tensorParallel: z.number().optional().describe("Tensor parallel size; absent without a spec"),
      pipelineParallel: z.number().optional().describe("Pipeline parallel size; absent without a spec"),
      servedName: z.string().describe("The model name the OpenAI API answers to"),
      modelPath: z.string().describe("Where the model's files are inside the container"),
      env: z.record(z.string(), z.string()).describe("Environment set before the engine starts"),
      healthPath: z.string(),
      healthTimeoutSeconds: z.number(),
      warnings: z.array(textOutput()),
    })
    .describe("The recipe resolved into the serving's command and sizes")

  const Recipe = z.object({
    action: z.literal("recipe"),
    recipe: z
      .object({
        ...Entry,
        image: z.string(),
        port: z.number(),
        parallel: z.object({
          tensor: z.union([z.number(), z.literal("auto")]),
          pipeline: z.union([z.number(), z.literal("auto")]),
        }),
        nodesPerReplica: z.number(),
        replicas: z.number(),
        args: z.array(z.string()),
        env: z.record(z.string(), z.string()),
        health: z.object({ path: z.string(), timeoutSeconds: z.number() }),
      })
      .describe("The recipe as written, defaults filled in"),
    resolved: Resolved,
    spec: SpecCandidateOutput().optional(),
    model: z.object({ id: z.string(), name: z.string(), version: z.number() }).optional().describe("The model version"),
    clashes: Clashes,
    warnings: Skipped,
    next: NextSteps(),
  })

  const Health = z.object({
    action: z.literal("health"),
    servingId: z.string(),
    name: z.string(),
    status: StatusOutput(),
    stage: z
      .enum(["waiting", "starting", "loading", "ready", "crashed", "stopped", "unreachable"])
      .describe("How far it is from answering"),
    ready: z.boolean().describe("True when /models and a chat completion answered"),
    reason: textOutput().describe("Why it is (not) ready"),
    accessUrl: z.string().describe("The OpenAI base URL (…/v1), or empty"),
    models: z.array(z.string()).describe("Model names /models lists"),
    latencyMs: z.object({ models: z.number().optional(), chat: z.number().optional() }).describe("Latency in ms"),
    reply: z.string().optional().describe("The probe's chat reply"),
    logs: z
      .array(z.object({ time: z.number(), pod: z.string(), message: z.string() }))
      .describe("The newest log lines when not ready"),
    next: NextSteps(),
    outcome: z
      .enum(["ready", "timed-out", "failed"])
      .optional()
      .describe("With wait: ready; timed-out (call again); failed (it crashed or stopped)"),
    wait: z
      .object({
        timeoutSeconds: z.number().describe("The bound of the wait (s)"),
        timeoutFrom: z.enum(["asked", "recipe", "default"]).describe("wait_seconds, the recipe's, or the default"),
        recipe: z.string().optional().describe("The serving's recipe, when known"),
        path: z.string().describe("The path probed"),
        probes: z.number().describe("How many times it was probed"),
        waitedMs: z.number().describe("How long it waited (ms)"),
        stages: z
          .array(z.object({ afterMs: z.number(), stage: z.string() }))
          .describe("Each stage seen, with when it was first seen"),
      })
      .optional()
      .describe("With wait: how the wait went"),
  })

  const Chat = z.object({
    action: z.literal("chat"),
    servingId: z.string(),
    name: z.string(),
    model: z.string().describe("The model name sent"),
    reply: z.string().describe("The assistant's reply"),
    finishReason: z.string(),
    latencyMs: z.number(),
    usage: z.object({ promptTokens: z.number(), completionTokens: z.number() }).optional(),
  })

  const CreateRecipe = z
    .object({
      name: z.string(),
      file: z.string(),
      engine: z.string(),
      tensorParallel: z.number(),
      pipelineParallel: z.number(),
      servedName: z.string(),
      modelPath: z.string(),
    })
    .optional()
    .describe("The recipe the command was built from")

  return { Recipes, Recipe, Health, Chat, CreateRecipe }
}
