import { z } from "zod"
import { DISCOVERED_TYPES, type DiscoveredType, discover } from "../../api/resources/discover.js"
import { Effect } from "../../effect.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import { described } from "../catalogue/schema.js"
import { StatusOutput } from "./output.js"
import { renderStatus } from "./render.js"
import { budgetNotes, type StatusResult, toStatus } from "./result.js"

const Input = z.object({
  workspace: z.string().optional().describe("Show only this workspace (name or id); default: every workspace"),
  refresh: z
    .boolean()
    .default(false)
    .describe(
      "Ask the platform again for everything instead of using the kept copies (groups and specs 10 min, free GPUs 1 min)",
    ),
  schedule_type: described(
    z.enum(DISCOVERED_TYPES).optional(),
    text`List the specs of a schedule type (else counted): TRAIN (${callWord("submit")}), HPC (${callWord("submit_hpc")}), DSW (notebooks), SERVING (inference)`,
  ),
})

export const statusOperation = defineOperation({
  name: "status",
  title: "Discover projects, workspaces, compute groups and specs",
  description: text`The entry tool: call it before anything else. Returns projects (budget, priority cap, storage paths), workspaces (internet online/offline, Harbor registry), compute groups with free GPUs and spec counts; ${fieldWord("schedule_type")} lists one type's spec ids. Next: ${callWord("config")} to set defaults. Ray specs: ${callWord("submit_ray")} without spec lists them.`,
  input: Input,
  output: StatusOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: false },
  cli: { path: ["status"], summary: "Projects, workspaces, compute groups, specs and storage: start here" },
  run: (input, context) =>
    Effect.gen(function* () {
      context.progress({ message: msg("status-progress-discovering") })
      const found = yield* discover({
        refresh: input.refresh,
        ...(input.workspace !== undefined ? { workspace: input.workspace } : {}),
        onWorkspace: (done, total, name) =>
          context.progress({ message: msg("status-progress-workspace", { name, done, total }), current: done, total }),
      })
      // Without a schedule type the specs are counted: the ids of the type asked for are what a submit needs.
      const types: ReadonlyArray<DiscoveredType> = input.schedule_type !== undefined ? [input.schedule_type] : []
      const all = toStatus(found, types)
      return { ...all, warnings: budgetNotes(all.projects) } satisfies StatusResult
    }),
  render: (r: StatusResult) => renderStatus(r),
})
