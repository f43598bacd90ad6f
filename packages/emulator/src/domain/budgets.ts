import type { Call, Emu } from "../context.js"
import { forbidden, invalid } from "../errors.js"
import { specById } from "../state/lookup.js"
import type { PlatformState, Project, Spent, Task } from "../state/types.js"
import { money } from "./catalog.js"

const cents = (v: number): number => Math.round(v * 100) / 100

const HOUR_MS = 3_600_000

/** What a run of `ms` costs: GPU-hours (instances × the spec's hourly price); low-priority CPU work is free (§6 rule 10). */
export const runCost = (s: PlatformState, t: Task, ms: number): number => {
  const spec = specById(s, t.specId)
  if (!spec || (spec.gpuCount === 0 && t.priority <= 3)) return 0
  return (spec.price * t.instances * ms) / HOUR_MS
}

/** The budget kind a task spends: inference for servings, training for everything else. */
const kindOf = (t: Task): "train" | "inference" => (t.kind === "serving" ? "inference" : "train")

/** Adds a cost to a project's ledger of what its emulated tasks spent, per member and kind. */
export const record = (p: Project, t: Task, cost: number): void => {
  const spent: Spent = p.spent ?? { byUser: {}, train: 0, inference: 0 }
  spent.byUser[t.userId] = (spent.byUser[t.userId] ?? 0) + cost
  spent[kindOf(t)] += cost
  p.spent = spent
}

/** A project's budget as of the emulator's clock: finished runs are billed, running ones accrue by the ms. */
export interface BudgetNow {
  total: number
  used: number
  remain: number
  byKind: { train: number; inference: number; storage: number }
  /** Per member: the fixture's history split in fixed shares, plus what their own tasks spent. */
  usedByMember: Map<string, number>
}

/** The project's budget now; the fixture's history (spending before any emulated task) is split by fixed shares. */
export const budgetNow = (emu: Emu, p: Project): BudgetNow => {
  emu.engine.update()
  const now = emu.clock.now()
  const live: Project = {
    ...p,
    spent: { byUser: { ...p.spent?.byUser }, train: p.spent?.train ?? 0, inference: p.spent?.inference ?? 0 },
  }
  let running = 0
  for (const t of emu.store.state.tasks.filter((x) => x.projectId === p.id)) {
    const run = t.runs[t.runs.length - 1]
    if (run === undefined || run.end !== undefined) continue
    const cost = runCost(emu.store.state, t, Math.max(0, now - run.start))
    running += cost
    record(live, t, cost)
  }
  const spent = live.spent as Spent
  const remain = cents(p.remainBudget - running)
  const used = cents(p.budget - remain)
  const own = Object.values(spent.byUser).reduce((a, b) => a + b, 0)
  const history = Math.max(0, used - own)
  const shares = split(weightsOf(p.memberIds.length), history)
  const usedByMember = new Map(p.memberIds.map((id, i) => [id, cents((shares[i] ?? 0) + (spent.byUser[id] ?? 0))]))
  return {
    total: p.budget,
    used,
    remain,
    byKind: {
      train: cents(history * 0.8 + spent.train),
      inference: cents(history * 0.15 + spent.inference),
      storage: cents(history * 0.05),
    },
    usedByMember,
  }
}

const weightsOf = (n: number): number[] => Array.from({ length: n }, (_, i) => 2 * n - i)

// Splits an amount by weights into cents that add up to it exactly.
const split = (weights: number[], total: number): number[] => {
  const weightSum = weights.reduce((s, w) => s + w, 0)
  let left = cents(total)
  return weights.map((w, i) => {
    const mine = i === weights.length - 1 ? left : cents((total * w) / weightSum)
    left = cents(left - mine)
    return mine
  })
}

/**
 * Who may read a project's member budgets: its creator (the project's admin) and platform admins. The
 * member-budget and member-list surfaces are permission-gated (§4.3); ordinary members get AccessForbidden.
 */
const isProjectAdmin = (c: Call, p: Project): boolean => c.user.id === p.creatorId || c.user.globalRole === "admin"

/**
 * V2 `project.GetProjectMemberBudgetUsage` (§4.3): per member `budget`, `remain_budget`, `used_budget`, as the
 * overview's formatted strings. The project's budget and its spending before any emulated task are split over its
 * members in fixed, falling shares, and each member's own tasks add to theirs, so the members add up to the
 * overview's `total` and `used`.
 */
export const memberBudgetUsage = (c: Call, projectId: string) => {
  const p = c.emu.store.state.projects.find((x) => x.id === projectId)
  if (!p) throw invalid("项目不存在")
  if (!p.memberIds.includes(c.user.id) || !isProjectAdmin(c, p)) throw forbidden("Access denied")
  const members = p.memberIds
    .map((id) => c.emu.store.state.users.find((u) => u.id === id))
    .filter((u) => u !== undefined)
  // Each member's allotment is a fixed share of the project's; their spending is the history's share plus their own.
  const budgets = split(weightsOf(members.length), p.budget)
  const now = budgetNow(c.emu, p)
  const items = members.map((u, i) => ({
    user_id: u.id,
    user_name: u.name,
    user: { id: u.id, name: u.name },
    budget: money(budgets[i] ?? 0),
    used_budget: money(now.usedByMember.get(u.id) ?? 0),
    remain_budget: money(cents((budgets[i] ?? 0) - (now.usedByMember.get(u.id) ?? 0))),
  }))
  return { items, total: items.length }
}
