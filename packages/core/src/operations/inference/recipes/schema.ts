import { z } from "zod"
import { zodMessage } from "../../../words/issues.js"
import { msg } from "../../../words/message.js"

/** `auto`, or a positive whole number. */
const Size = z.union([z.literal("auto"), z.number().int().positive()])

// Built inside the lazy schema, so its message is made on first use, not at import.
const envName = () => z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, zodMessage(msg("recipes-schema-env-name")))

/**
 * A serving recipe as written in YAML: the engine, its image, the model, and how to size and start it.
 * Unknown keys are refused, so a typo is an error that names the key, not a silent default.
 */
export const RecipeSchema = z.lazy(() =>
  z
    .object({
      name: z
        .string()
        .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, zodMessage(msg("recipes-schema-name")))
        .optional(),
      description: z.string().optional(),
      engine: z.enum(["vllm", "sglang"]),
      image: z.string().min(1),
      model: z
        .object({
          repository: z.string().min(1).optional(),
          version: z.union([z.number().int().positive(), z.literal("latest")]).default("latest"),
          path: z
            .string()
            .startsWith("/", zodMessage(msg("recipes-schema-path")))
            .optional(),
        })
        .strict()
        .refine((m) => m.repository !== undefined || m.path !== undefined, {
          message: zodMessage(msg("recipes-schema-model")),
        }),
      served_name: z.string().min(1).optional(),
      port: z.number().int().min(1).max(65535).default(2400),
      parallel: z
        .object({ tensor: Size.default("auto"), pipeline: Size.default("auto") })
        .strict()
        .default({ tensor: "auto", pipeline: "auto" }),
      nodes_per_replica: z.number().int().positive().default(1),
      replicas: z.number().int().positive().default(1),
      distributed: z
        .object({
          backend: z.enum(["ray", "mp"]).default("ray"),
          leader_address_env: envName().default("LWS_LEADER_ADDRESS"),
          rank_env: envName().default("LWS_WORKER_INDEX"),
          port: z.number().int().min(1).max(65535).optional(),
        })
        .strict()
        .default({ backend: "ray", leader_address_env: "LWS_LEADER_ADDRESS", rank_env: "LWS_WORKER_INDEX" }),
      args: z.array(z.union([z.string(), z.number()]).transform(String)).default([]),
      env: z.record(envName(), z.union([z.string(), z.number(), z.boolean()]).transform(String)).default({}),
      shm_gi: z.number().positive().optional(),
      health: z
        .object({
          path: z.string().startsWith("/").default("/v1/models"),
          timeout_seconds: z.number().positive().default(900),
        })
        .strict()
        .default({ path: "/v1/models", timeout_seconds: 900 }),
    })
    .strict(),
)

/** A recipe as validated: defaults filled in. */
export type RecipeBody = z.output<typeof RecipeSchema>

/** Where a recipe comes from, in order of precedence (a later source's recipe wins a name clash). */
export type RecipeSource = "shipped" | "config" | "project"

/** A recipe with its name and the file it was read from. */
export interface Recipe extends RecipeBody {
  readonly name: string
  readonly file: string
  readonly source: RecipeSource
}
