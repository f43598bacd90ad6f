import type { Call } from "../context.js"
import { forbidden, invalid } from "../errors.js"
import type { Project } from "../state/types.js"
import { money } from "./catalog.js"

const cents = (v: number): number => Math.round(v * 100) / 100

/**
 * Who may read a project's member budgets: its creator (the project's admin) and platform admins. The
 * member-budget and member-list surfaces are permission-gated (§4.3); ordinary members get AccessForbidden.
 */
export const isProjectAdmin = (c: Call, p: Project): boolean =>
  c.user.id === p.creatorId || c.user.globalRole === "admin"

/**
 * V2 `project.GetProjectMemberBudgetUsage` (§4.3): per member `budget`, `remain_budget`, `used_budget`, as the
 * overview's formatted strings. The project's budget and spending are split over its members in fixed, falling
 * shares, so the members add up to the overview's `total` and `used`.
 */
export const memberBudgetUsage = (c: Call, projectId: string) => {
  const p = c.emu.store.state.projects.find((x) => x.id === projectId)
  if (!p) throw invalid("项目不存在")
  if (!p.memberIds.includes(c.user.id) || !isProjectAdmin(c, p)) throw forbidden("Access denied")
  const members = p.memberIds
    .map((id) => c.emu.store.state.users.find((u) => u.id === id))
    .filter((u) => u !== undefined)
  const weights = members.map((_, i) => 2 * members.length - i)
  const weightSum = weights.reduce((s, w) => s + w, 0)
  // Each member's allotment and spending are the same share of the project's, so the members add up to it.
  const split = (total: number): number[] => {
    let left = cents(total)
    return weights.map((w, i) => {
      const mine = i === weights.length - 1 ? left : cents((total * w) / weightSum)
      left = cents(left - mine)
      return mine
    })
  }
  const budgets = split(p.budget)
  const used = split(p.budget - p.remainBudget)
  const items = members.map((u, i) => ({
    user_id: u.id,
    user_name: u.name,
    user: { id: u.id, name: u.name },
    budget: money(budgets[i] ?? 0),
    used_budget: money(used[i] ?? 0),
    remain_budget: money(cents((budgets[i] ?? 0) - (used[i] ?? 0))),
  }))
  return { items, total: items.length }
}
