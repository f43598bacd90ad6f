import { performance } from "node:perf_hooks"

/** One request the emulator served (admin routes excluded); times in ms on a monotonic clock. */
export interface RequestRecord {
  readonly surface: string
  /** The request asks the platform to change something (see `isWriteSurface`). */
  readonly write: boolean
  readonly start: number
  end: number
  status: number
}

/** Counts per surface plus every request's arrival and end, for tests and the discovery benchmark. */
export interface RequestSnapshot {
  readonly total: number
  readonly bySurface: Record<string, number>
  readonly log: ReadonlyArray<RequestRecord>
}

/** The key a request is counted under: `v2:<service>.<Action>`, `v1:<METHOD> <path>`, `oa:<path>`, else `http:<METHOD> <path>`. */
export const surfaceKey = (method: string, url: URL): string => {
  const path = url.pathname
  if (path.startsWith("/api/v2/")) return `v2:${path.slice("/api/v2/".length)}.${url.searchParams.get("Action") ?? ""}`
  if (path.startsWith("/api/v1/")) return `v1:${method} ${path}`
  if (path.startsWith("/openapi/v1/")) return `oa:${path}`
  return `http:${method} ${path}`
}

// The platform's reads sent with POST (V1 and OpenAPI take their queries as JSON bodies). Anything not
// listed, and every V2 action but Get*/List*, counts as a write: a new endpoint is taken for a write
// until it is listed here, which errs on the side of a dry-run test failing rather than passing.
const READ_POSTS = new Set([
  "cluster_metric/cluster_basic_info",
  "cluster_metric/overview_task_metric",
  "dataset/validate_dataset",
  "hpc_jobs/events/list",
  "hpc_jobs/list",
  "inference_servings/list",
  "inference_servings/user_project/list",
  "lifecycle/list",
  "logic_compute_groups/list",
  "project/list",
  "ray_job/events/list",
  "ray_job/list",
  "ray_job/scaling_histories/list",
  "resource_prices/logic_compute_groups/",
  "cluster_metric/list_node_dimension",
  "cluster_metric/list_task_dimension",
  "cluster_metric/resource_metric_by_time",
  "cluster_nodes/list",
  "hpc_jobs/detail",
  "image/list",
  "inference_servings/detail",
  "logs/hpc",
  "logs/ray_job",
  "logs/train",
  "mirror/save/estimate_size",
  "model/detail",
  "model/list",
  "notebook/events",
  "notebook/list",
  "project/list_for_page",
  "ray_job/detail",
  "ray_job/instances/list",
  "ray_job/users",
  "run_index/list",
  "train_job/detail",
  "train_job/events/list",
  "train_job/instance_event_list",
  "train_job/instance_list",
  "train_job/job_event_list",
  "train_job/list",
  "train_job/users",
  "train_job/workdir",
])
// Logins change no platform state (the dry-run test checks separately that no password is sent).
const AUTH = /^http:(GET|POST) \/(auth|cas|login)\//

/** Whether a request (by its `surfaceKey`) asks the platform to change something. */
export const isWriteSurface = (surface: string): boolean => {
  // The notebooks' Jupyter server (gateway.ts): reads are GETs; a terminal socket runs commands.
  if (surface.startsWith("jup:")) return !/^jup:(GET|HEAD) /.test(surface)
  if (surface.startsWith("v2:")) return !/\.(Get|List)[A-Za-z]*$/.test(surface)
  const m = /^(v1|oa):(?:(GET|POST|PUT|DELETE) )?\/(?:api|openapi)\/v1\/(.*)$/.exec(surface)
  if (m !== null) return m[2] !== "GET" && !READ_POSTS.has(m[3] ?? "")
  if (AUTH.test(surface)) return false
  // A serving's OpenAI API (handlers/serving-gateway.ts) is the user's own server: a completion changes nothing.
  if (/^http:POST \/serving\/[^/]+\/v1\/(chat\/)?completions$/.test(surface)) return false
  return !surface.startsWith("http:GET ") && !surface.startsWith("http:HEAD ")
}

/** Records requests as they arrive and finish. */
export class RequestLog {
  private records: RequestRecord[] = []

  begin(surface: string): RequestRecord {
    const record: RequestRecord = {
      surface,
      write: isWriteSurface(surface),
      start: performance.now(),
      end: Number.NaN,
      status: 0,
    }
    this.records.push(record)
    return record
  }

  finish(record: RequestRecord, status: number): void {
    if (!Number.isNaN(record.end)) return
    record.end = performance.now()
    record.status = status
  }

  clear(): void {
    this.records = []
  }

  snapshot(): RequestSnapshot {
    const bySurface: Record<string, number> = {}
    for (const r of this.records) bySurface[r.surface] = (bySurface[r.surface] ?? 0) + 1
    return { total: this.records.length, bySurface, log: this.records.map((r) => ({ ...r })) }
  }
}
