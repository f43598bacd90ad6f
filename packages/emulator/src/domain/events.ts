import type { Emu } from "../context.js"
import type { Task, TaskEvent } from "../state/types.js"

const age = (now: number, at: number): string => {
  const s = Math.max(0, Math.floor((now - at) / 1000))
  if (s < 120) return `${s}s`
  if (s < 7200) return `${Math.floor(s / 60)}m`
  if (s < 172_800) return `${Math.floor(s / 3600)}h`
  return `${Math.floor(s / 86_400)}d`
}

export const eventView = (emu: Emu, e: TaskEvent, objectType?: string) => ({
  type: e.type,
  reason: e.reason,
  message: e.message,
  from: e.from,
  first_timestamp: String(e.at),
  last_timestamp: String(e.at),
  event_timestamp: String(e.at),
  age: age(emu.clock.now(), e.at),
  count: 1,
  object_id: e.objectId,
  object_type: objectType ?? e.objectType,
})

/** Events of the given object ids (job id or pod names), oldest first. */
export const taskEvents = (t: Task, objectType: string, ids: string[]): TaskEvent[] => {
  const type = objectType === "instance" ? "instance" : "job"
  return t.events.filter((e) => e.objectType === type && (ids.length === 0 || ids.includes(e.objectId)))
}

/** Scheduler text as the notebook event list shows it. */
export const notebookEvents = (t: Task) =>
  t.events.map((e, i) => ({
    event_id: e.id,
    id: i + 1,
    notebook_id: t.id,
    content: `${e.type} ${e.reason}: ${e.message}`,
    created_at: String(e.at),
  }))

const NODE_REASONS = ["NodeReady", "XIDIsHealthy", "GPFSMountHealthy"]

/** A healthy history, then the node's failure (`NodeNotReady`) while it is failed: enough for clients that read the last page. */
export const nodeEvents = (emu: Emu, node: string) => {
  const now = emu.clock.now()
  const failedAt = emu.store.state.nodes.find((n) => n.name === node)?.faultAt
  const base = failedAt ?? now
  const healthy = NODE_REASONS.map((reason, i) => ({ reason, at: base - (NODE_REASONS.length - i) * 3_600_000 }))
  const all = failedAt === undefined ? healthy : [...healthy, { reason: "NodeNotReady", at: failedAt }]
  return all.map(({ reason, at }) => ({
    type: reason === "NodeNotReady" ? "Warning" : "Normal",
    reason,
    message: `${reason} on ${node}`,
    from: "node-problem-detector",
    first_timestamp: String(at),
    last_timestamp: String(at),
    age: age(now, at),
    count: 1,
    object_id: node,
    object_type: "node",
  }))
}
