import { z } from "zod"
import { FIRST_NON_PREEMPTIBLE } from "../../domain/priority.js"
import { Effect } from "../../effect.js"
import { invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import { defaultOf } from "../common/defaults.js"
import { rankPlaces } from "../common/fit.js"
import { readNodes } from "../common/nodes-read.js"
import { AvailabilityOutput } from "./output.js"
import { renderAvailability } from "./render.js"
import { type AvailabilityResult, toWorkspaces } from "./result.js"

export type { AvailabilityResult } from "./result.js"

const Input = z.object({
  workspace: z
    .string()
    .optional()
    .describe("Only this workspace (name or id); default: defaultWorkspace, else every workspace"),
  spec: z
    .string()
    .optional()
    .describe("Fit: the spec (id or exact name) to place; the groups that offer it are ranked"),
  gpus: z.number().int().min(0).max(64).optional().describe("Fit: GPUs per instance, instead of a spec"),
  instances: z.number().int().min(1).max(512).default(1).describe("Fit: how many instances (nodes of a job)"),
  priority: z
    .number()
    .int()
    .min(1)
    .max(10)
    .optional()
    .describe(
      `Fit: the priority it would run at; ${FIRST_NON_PREEMPTIBLE}+ may pre-empt 1–3. Default defaultPriority, else ${FIRST_NON_PREEMPTIBLE}`,
    ),
  refresh: z
    .boolean()
    .default(false)
    .describe("Ask the platform again for the groups and specs too (the nodes are always read fresh)"),
})

export const availabilityOperation = defineOperation({
  name: "availability",
  title: "Where work can run now: nodes, free GPUs per node and fit",
  description: text`Where a job can start: per workspace and compute group, free nodes, free GPUs per node, GPUs a priority ≥ 4 job may pre-empt, and broken nodes. With ${fieldWord("spec", "<ID>")} (or ${fieldWord("gpus", 8)}) and ${fieldWord("instances", 2)}: the groups ranked (start now, by pre-emption, queue, never), each with its reason. Next: ${callWord("submit")} with ${fieldWord("compute_group", "auto")} picks the first.`,
  input: Input,
  output: AvailabilityOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: false },
  cli: { path: ["avail"], summary: "Free nodes and GPUs per compute group, and where a job fits now" },
  examples: [{}, { workspace: "{workspace}", gpus: 8, instances: 2 }, { spec: "{train_spec}", instances: 1 }],
  run: (input, context) =>
    Effect.gen(function* () {
      if (input.spec !== undefined && input.gpus !== undefined)
        return yield* Effect.fail(
          invalidInput(
            msg("availability-spec-and-gpus", { spec: fieldWord("spec"), gpus: fieldWord("gpus") }),
            msg("availability-spec-and-gpus-hint"),
          ),
        )
      const workspace = input.workspace ?? (yield* defaultOf("defaultWorkspace"))
      context.progress({
        message:
          workspace !== undefined ? msg("availability-progress", { workspace }) : msg("availability-progress-all"),
      })
      const asked = input.spec !== undefined || input.gpus !== undefined
      const read = yield* readNodes({ workspace, refresh: input.refresh, queue: asked })
      const priority = input.priority ?? (yield* defaultOf("defaultPriority")) ?? FIRST_NON_PREEMPTIBLE
      const ranked = asked
        ? rankPlaces(read.places, { spec: input.spec, gpus: input.gpus, instances: input.instances, priority })
        : []
      if (asked && input.spec !== undefined && ranked.length === 0)
        return yield* Effect.fail(
          invalidInput(
            workspace !== undefined
              ? msg("availability-no-spec", { workspace, spec: input.spec })
              : msg("availability-no-spec-anywhere", { spec: input.spec }),
            msg("availability-no-spec-hint", { call: callWord("status"), field: fieldWord("gpus", 8) }),
          ),
        )
      const warnings =
        asked && ranked[0] !== undefined && ranked[0].verdict !== "now"
          ? [
              msg("availability-no-group-now", {
                instances: input.instances,
                group: ranked[0].computeGroup.name,
                reason: ranked[0].reason,
              }),
            ]
          : []
      return {
        workspaces: toWorkspaces(read),
        ...(asked
          ? {
              fit: {
                ...(input.spec !== undefined ? { spec: input.spec } : {}),
                ...(input.gpus !== undefined ? { gpus: input.gpus } : {}),
                instances: input.instances,
                priority,
                ranked,
              },
            }
          : {}),
        readAt: read.readAt,
        warnings,
      } satisfies AvailabilityResult
    }),
  render: (r: AvailabilityResult) => renderAvailability(r),
})
