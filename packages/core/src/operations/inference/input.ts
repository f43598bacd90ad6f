import { z } from "zod"
import { callWord, fieldWord, text } from "../../words/text.js"
import { refersTo } from "../catalogue/refs.js"
import { described } from "../catalogue/schema.js"
import { deployFields } from "../common/fields.js"

/** The input of inspire_inference: one flat object, each action reading the fields it needs. */
export const InferenceInputSchema = z.object({
  action: z
    .enum(["create", "detail", "stop", "list", "recipes", "recipe", "health", "chat"])
    .describe(
      "create, detail, stop, list (a workspace's), recipes (list), recipe (one, resolved), health (probe its OpenAI endpoint), chat (one prompt)",
    ),
  recipe: z
    .string()
    .optional()
    .describe(
      "For create and recipe: a recipe name (recipes lists them); it sets engine, image, model, port, sizes and command. For health: the serving's (default: from its command)",
    ),
  prompt: z.string().optional().describe("For chat: the user message to send"),
  wait: described(
    z.boolean().optional(),
    text`For health: keep probing until it answers, crashes or stops, or ${fieldWord("wait_seconds")} (default the recipe's timeout, else 600) run out`,
  ),
  wait_seconds: z
    .number()
    .min(1)
    .max(3600)
    .optional()
    .describe("For health: wait at most this many seconds (implies wait); call again to keep waiting"),
  serving_id: refersTo(
    z
      .string()
      .optional()
      .describe("For detail, stop, health and chat: the serving's id (sv-…), name or unique id prefix"),
    "serving",
  ),
  name: z.string().optional().describe("For create: the serving name (letters, digits, CJK, . _ -; ≤ 64)"),
  model_id: refersTo(
    described(
      z.string().optional(),
      text`For create: the model to serve, from ${callWord("models", { action: "list" })}: its id, name or a unique id prefix`,
    ),
    "model",
  ),
  model_version: described(
    z.number().int().positive().optional(),
    text`For create: the model version, from ${callWord("models", { action: "detail" })}`,
  ),
  image: z
    .string()
    .optional()
    .describe("For create: a registered image's display address (not the push domain); default defaultImage"),
  command: z
    .string()
    .optional()
    .describe(
      "For create without a recipe: the long-running server command, e.g. python -m vllm.entrypoints.openai.api_server --port 2400",
    ),
  port: z
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .describe("For create: the port the server listens on (default 2400, or the recipe's)"),
  replicas: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("For create and recipe: how many replicas (default 1, or the recipe's)"),
  node_num_per_replica: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("For create and recipe: nodes per replica (default 1, or the recipe's)"),
  compute_group: deployFields.compute_group,
  spec: z.string().optional().describe("For create: a SERVING spec id of the group"),
  workspace: deployFields.workspace,
  project: deployFields.project,
  priority: deployFields.priority,
  custom_domain: z.string().optional().describe("For create: an optional custom domain"),
  dry_run: z.boolean().default(false).describe("For create and stop: return the plan; send nothing"),
  confirm: z
    .boolean()
    .default(false)
    .describe("For stop: must be true to stop; without it only the current state is shown"),
})

/** The parsed input of inspire_inference. */
export type InferenceInput = z.output<typeof InferenceInputSchema>
