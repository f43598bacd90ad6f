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
      "create deploys a serving (from a recipe or a raw command); detail shows one; stop stops one (needs confirm); list shows a workspace's; recipes lists the serving recipes; recipe shows one resolved; health probes a serving's OpenAI endpoint; chat sends it one prompt",
    ),
  recipe: z
    .string()
    .optional()
    .describe(
      "For create and recipe: a serving recipe's name (recipes lists them); it sets engine, image, model, port, parallel sizes and the command. For health: the recipe the serving was made from (its health path and timeout; found from the command when omitted)",
    ),
  prompt: z.string().optional().describe("For chat: the user message to send"),
  wait: described(
    z.boolean().optional(),
    text`For health: keep probing until the serving answers, crashes or stops, or the wait runs out (${fieldWord("wait_seconds")}; default the recipe's health.timeout_seconds, else 600)`,
  ),
  wait_seconds: z
    .number()
    .min(1)
    .max(3600)
    .optional()
    .describe("For health: wait at most this many seconds for it to answer (implies wait); call again to keep waiting"),
  serving_id: refersTo(
    z
      .string()
      .optional()
      .describe(
        "For detail, stop, health and chat: the serving's id (sv-…), its name or a unique id prefix, looked up in workspace",
      ),
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
    .describe(
      "For create: a registered image's display address (docker.sii.shaipower.online/inspire-studio/…:tag), never the push domain; defaultImage when omitted",
    ),
  command: z
    .string()
    .optional()
    .describe(
      "For create: the long-running server command, e.g. python -m vllm.entrypoints.openai.api_server --port 2400; not just sleep infinity",
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
  spec: z
    .string()
    .optional()
    .describe("For create: a SERVING spec id of the group; missing or wrong, the error lists the valid ones"),
  workspace: deployFields.workspace,
  project: deployFields.project,
  priority: deployFields.priority,
  custom_domain: z.string().optional().describe("For create: an optional custom domain"),
  dry_run: z
    .boolean()
    .default(false)
    .describe(
      "For create and stop: check everything with reads only and return the plan (the exact request); nothing is sent",
    ),
  confirm: z
    .boolean()
    .default(false)
    .describe("For stop: must be true to stop; without it the current state is shown and nothing is stopped"),
})

/** The parsed input of inspire_inference. */
export type InferenceInput = z.output<typeof InferenceInputSchema>
