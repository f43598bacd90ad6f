import { z } from "zod"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"
import { Points } from "./points.js"
import { projectPriorityCap } from "./priority.js"

/**
 * A project as the platform lists it (V1 `project/list` or V2 `GetProjectForPage`), normalised. Budgets
 * arrive as numbers, as strings with thousands separators, or as `''` (V2 never fills remain_budget).
 */
export const RawProject = z.lazy(() =>
  z
    .object({
      id: z.string(),
      name: z.string(),
      en_name: z.string().optional(),
      budget: Points.optional(),
      remain_budget: Points.optional(),
      priority_name: z.union([z.string(), z.number()]).optional(),
      priority_level: z.string().optional(),
      space_list: z
        .array(
          z
            .object({ id: z.string(), name: z.string(), usage_status: z.union([z.number(), z.string()]).optional() })
            .loose(),
        )
        .optional(),
    })
    .loose()
    .transform((p) => {
      const cap = projectPriorityCap(p.priority_name)
      return {
        id: p.id,
        name: p.name,
        enName: p.en_name ?? "",
        budget: p.budget,
        remainBudget: p.remain_budget,
        priorityCap: cap.cap,
        priorityCapKnown: cap.known,
        workspaces: (p.space_list ?? []).map((s) => ({
          id: s.id,
          name: s.name,
          // A workspace whose usage_status is not 0 is disabled: calls into it get AccessForbidden.
          enabled: s.usage_status === undefined || Number(s.usage_status) === 0,
        })),
      }
    }),
)
export type Project = z.output<typeof RawProject>

/** The storage paths of a project and a user as seen inside containers (INSPIRE-API.md §3.8). */
export const storagePaths = (enName: string, username?: string) => ({
  projectHdd: `/inspire/hdd/project/${enName}/`,
  projectSsd: `/inspire/ssd/project/${enName}/`,
  ...(username !== undefined ? { globalUser: `/inspire/hdd/global_user/${username}/` } : {}),
})

/**
 * Budget warnings before a submit: an exhausted budget may block creation, except for CPU tasks at
 * priority 1–3, which do not consume budget (the fallback the manual recommends).
 */
export const budgetWarnings = (input: {
  readonly remainBudget: number | undefined
  readonly priority: number
  readonly gpuCount: number
}): ReadonlyArray<Text> => {
  if (input.remainBudget === undefined || input.remainBudget > 0) return []
  if (input.gpuCount === 0 && input.priority <= 3) return []
  return [msg("domain-budget-exhausted", { remain: input.remainBudget })]
}
