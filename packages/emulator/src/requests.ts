import { performance } from "node:perf_hooks"

/** One request the emulator served (admin routes excluded); times in ms on a monotonic clock. */
export interface RequestRecord {
  readonly surface: string
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

/** Records requests as they arrive and finish. */
export class RequestLog {
  private records: RequestRecord[] = []

  begin(surface: string): RequestRecord {
    const record: RequestRecord = { surface, start: performance.now(), end: Number.NaN, status: 0 }
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
