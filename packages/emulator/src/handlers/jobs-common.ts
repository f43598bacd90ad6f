import type { Call } from "../context.js"
import { eventView, taskEvents } from "../domain/events.js"
import { getTrain } from "../domain/train.js"
import { ApiError, invalid } from "../errors.js"
import { queryLogs } from "../sim/logs.js"
import type { Task } from "../state/types.js"
import { type Body, num, obj, page, str, strList } from "../validate.js"

/** The task a set of pod names belongs to (pods are named after their job). */
const taskOfPods = (c: Call, kind: Task["kind"] | ReadonlyArray<Task["kind"]>): Task => {
  const pods = strList(obj(c.body, "filter"), "podNames")
  const kinds: ReadonlyArray<Task["kind"]> = typeof kind === "string" ? [kind] : kind
  c.emu.engine.update()
  const t = c.emu.store.state.tasks
    .filter((x) => kinds.includes(x.kind) && pods.some((p) => p.startsWith(`${x.id}-`)))
    .sort((a, b) => b.id.length - a.id.length)[0]
  if (!t) throw invalid(`Invalid instance names: ${pods.join(",") || "podNames is required"}`)
  return t
}

export const logsFor = (c: Call, kind: Task["kind"] | ReadonlyArray<Task["kind"]>) =>
  queryLogs(c.emu, taskOfPods(c, kind), c.body)

/** Days after which the platform garbage-collects the events of a finished job. */
const EVENT_TTL_MS = 30 * 86_400_000

const collected = (c: Call, t: Task): boolean =>
  t.timeline.finished !== undefined && c.emu.clock.now() - t.timeline.finished > EVENT_TTL_MS

/** ListJobEvents / events/list: events of a job or of its pods, paged by page_num. */
export const jobEvents = (c: Call) => {
  const f = obj(c.body, "filter")
  const ids = strList(f, "object_ids")
  const type = str(f, "object_type") || "job"
  if (type !== "job" && type !== "instance") throw invalid(`invalid object_type: ${type}`)
  c.emu.engine.update()
  const tasks = c.emu.store.state.tasks.filter(
    (t) => t.kind === "train" && !collected(c, t) && ids.some((id) => id === t.id || id.startsWith(`${t.id}-`)),
  )
  const from = Number(str(f, "start_last_timestamp") || 0)
  const to = Number(str(f, "end_last_timestamp") || Number.MAX_SAFE_INTEGER)
  const events = tasks
    .flatMap((t) => taskEvents(t, type, ids))
    .filter((e) => e.at >= from && e.at <= to)
    .sort((a, b) => a.at - b.at)
  const items = page(events, num(c.body, "page_num", 1), num(c.body, "page_size", 20)).map((e) => eventView(c.emu, e))
  return { events: items, total: events.length }
}

export const jobEventList = (c: Call, body: Body) => {
  const id = str(body, "job_id") || str(body, "jobId")
  const t = getTrain({ ...c, body: { job_id: id } })
  if (collected(c, t)) throw new ApiError("internal", "record not found")
  return { events: taskEvents(t, "job", [t.id]).map((e) => eventView(c.emu, e)) }
}
