import { Effect } from "effect"
import { z } from "zod"
import { DISCOVERED_TYPES, type DiscoveredType, discover } from "../../api/resources/discover.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { defineOperation } from "../operation.js"
import { StatusOutput } from "./output.js"
import { renderStatus } from "./render.js"
import { budgetNotes, type StatusResult, type StatusWorkspace, toStatus } from "./result.js"

const Input = z.object({
  workspace: z.string().optional().describe("Show only this workspace (name or id); default: every workspace"),
  refresh: z.boolean().default(false).describe("Ask the platform again instead of using the 5-minute cache"),
  schedule_type: z
    .enum(DISCOVERED_TYPES)
    .optional()
    .describe(
      "Show only specs of one schedule type: TRAIN (inspire_submit), HPC (inspire_submit_hpc), DSW (notebooks), SERVING (inference)",
    ),
})

const squash = (name: string): string => name.replace(/\s+/g, "").toLowerCase()

const narrow = (
  workspaces: ReadonlyArray<StatusWorkspace>,
  wanted: string | undefined,
): Effect.Effect<ReadonlyArray<StatusWorkspace>, InspireError> => {
  if (wanted === undefined || wanted.trim() === "") return Effect.succeed(workspaces)
  const key = squash(wanted)
  const found = workspaces.filter((w) => w.id === wanted.trim() || squash(w.name) === key)
  if (found.length > 0) return Effect.succeed(found)
  return Effect.fail(
    invalidInput(
      `No workspace "${wanted}" among yours.`,
      `Use one of: ${workspaces.map((w) => w.name).join(", ")}; or call inspire_status without workspace.`,
      { candidates: workspaces.map((w) => ({ id: w.id, name: w.name })) },
    ),
  )
}

export const statusOperation = defineOperation({
  name: "status",
  title: "Discover projects, workspaces, compute groups and specs",
  description:
    "The entry tool: call it before submitting anything. Returns the account's projects (name, en_name, budget and remaining budget, priority cap, shared storage paths " +
    "/inspire/hdd/project/<en_name>/ and the personal /inspire/hdd/global_user/<username>/), their workspaces with internet policy (online / offline / unknown) and Harbor registry, " +
    "each workspace's compute groups with free / total GPUs, and the specs per schedule type (TRAIN for inspire_submit, HPC for inspire_submit_hpc, DSW for notebooks, SERVING for inference) " +
    "with GPU type and count, CPUs, memory and price per hour; plus budget warnings. Spec ids of one type do not work for another. Cached for 5 minutes (refresh=true asks again); " +
    "narrow with workspace and schedule_type. Next: inspire_config to set defaults, then inspire_submit / inspire_submit_hpc / inspire_notebook / inspire_inference with a compute_group and spec from here.",
  input: Input,
  output: StatusOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: false },
  run: (input, context) =>
    Effect.gen(function* () {
      context.progress({ message: "Discovering projects, workspaces, compute groups and specs" })
      const found = yield* discover({ refresh: input.refresh })
      const types: ReadonlyArray<DiscoveredType> =
        input.schedule_type !== undefined ? [input.schedule_type] : DISCOVERED_TYPES
      const all = toStatus(found, types)
      const workspaces = yield* narrow(all.workspaces, input.workspace)
      const shown = new Set(workspaces.flatMap((w) => w.projects.map((p) => p.id)))
      const projects = input.workspace !== undefined ? all.projects.filter((p) => shown.has(p.id)) : all.projects
      return { ...all, projects, workspaces, warnings: budgetNotes(projects) } satisfies StatusResult
    }),
  render: (r: StatusResult) => renderStatus(r),
})
