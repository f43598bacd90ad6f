import type { Call } from "../context.js"
import { forbidden } from "../errors.js"
import { findTask } from "../state/lookup.js"
import { type Body, obj, strList } from "../validate.js"

/** Body keys that name a task (each family spells them its own way). */
const TASK_KEYS = ["job_id", "jobId", "notebook_id", "notebookId", "inference_serving_id", "ray_job_id"]

const text = (v: unknown): string => (typeof v === "string" ? v : "")

/** Pod names and task ids refer to their task by prefix (`<job>-worker-0`). */
const taskOfName = (c: Call, name: string) =>
  findTask(c.emu.store.state, name) ?? c.emu.store.state.tasks.find((t) => t.id !== "" && name.startsWith(`${t.id}-`))

/** The workspaces a call names directly: top level, `filter`, `registry_hint`, a path or query parameter. */
const namedWorkspaces = (c: Call): string[] => {
  const b: Body = c.body
  const filter = obj(b, "filter")
  return [
    b.workspace_id,
    filter.workspace_id,
    obj(b, "registry_hint").workspace_id,
    obj(filter, "registry_hint").workspace_id,
    c.params.ws,
    c.query.get("workspace_id"),
  ]
    .map(text)
    .filter((x) => x !== "")
}

/** Every workspace a call reaches into: named directly or through a task it names (ids, pod names, metric filters). */
const workspacesOfCall = (c: Call): string[] => {
  const b: Body = c.body
  const filter = obj(b, "filter")
  const names = [
    ...TASK_KEYS.map((k) => text(b[k])),
    text(filter.task_id),
    text(c.params.id),
    text(c.query.get("inference_serving_id")),
    ...strList(filter, "object_ids"),
    ...strList(filter, "podNames"),
  ].filter((x) => x !== "")
  const viaTasks = names.map((n) => taskOfName(c, n)?.workspaceId ?? "")
  return [...new Set([...namedWorkspaces(c), ...viaTasks].filter((x) => x !== ""))]
}

/**
 * Refuses a call into a workspace the caller cannot use, on every family (V2 `AccessForbidden`, V1/OA
 * code 100003): a workspace id the platform does not know (such as the `ws-00000000-…` placeholder) has
 * no permissions for anyone, "Access denied"; a workspace whose `usage_status` is not 0 is disabled,
 * "该空间已被禁用".
 */
export const refuseWorkspace = (c: Call): void => {
  const all = c.emu.store.state.workspaces
  for (const id of namedWorkspaces(c)) {
    if (!all.some((w) => w.id === id)) throw forbidden("Access denied")
  }
  for (const id of workspacesOfCall(c)) {
    const w = all.find((x) => x.id === id)
    if (w && w.usageStatus !== 0) throw forbidden("该空间已被禁用")
  }
}
