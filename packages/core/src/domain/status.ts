import { z } from "zod"

/** The normalised status families every frontend shows and filters on (INSPIRE-API.md §5.2). */
export const StatusFamily = z.enum(["waiting", "running", "stopping", "succeeded", "failed", "stopped", "unknown"])
export type StatusFamily = z.infer<typeof StatusFamily>

/** The families a user can filter on (`all` selects every family). */
export const StatusFilter = z.enum(["running", "waiting", "succeeded", "failed", "stopped", "all"])
export type StatusFilter = z.infer<typeof StatusFilter>

/** The object whose status is read: notebooks number their states differently from jobs. */
export type StatusSubject = "job" | "hpc" | "serving" | "notebook" | "ray"

/** A raw platform status normalised into a family, the raw value kept beside it. */
export interface NormalizedStatus {
  readonly family: StatusFamily
  readonly raw: string
  /** True when the current run is over (a stopped notebook may still be started again). */
  readonly terminal: boolean
}

const STRING_FAMILIES: Readonly<Record<string, StatusFamily>> = {
  pending: "waiting",
  queuing: "waiting",
  queueing: "waiting",
  queued: "waiting",
  creating: "waiting",
  scheduling: "waiting",
  starting: "waiting",
  running: "running",
  instance_running: "running",
  succeeded: "succeeded",
  success: "succeeded",
  succeeded_retaining: "succeeded",
  failed: "failed",
  error: "failed",
  failed_retaining: "failed",
  stopped: "stopped",
  cancelled: "stopped",
  canceled: "stopped",
  deleted: "stopped",
  stopping: "stopping",
}

const GENERIC_CODES: Readonly<Record<number, StatusFamily>> = {
  1: "waiting",
  2: "waiting",
  3: "waiting",
  4: "running",
  5: "succeeded",
  6: "failed",
  7: "stopped",
  8: "waiting",
}

const NOTEBOOK_CODES: Readonly<Record<number, StatusFamily>> = {
  0: "waiting",
  1: "waiting",
  2: "waiting",
  3: "running",
  4: "stopping",
  5: "stopped",
  6: "failed",
}

const TERMINAL: ReadonlySet<StatusFamily> = new Set(["succeeded", "failed", "stopped"])

const familyOf = (raw: string | number, subject: StatusSubject): StatusFamily => {
  const numeric = typeof raw === "number" ? raw : /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : undefined
  if (numeric !== undefined) return (subject === "notebook" ? NOTEBOOK_CODES : GENERIC_CODES)[numeric] ?? "unknown"
  const key = String(raw).trim().toLowerCase().replace(/^job_/, "")
  return Object.hasOwn(STRING_FAMILIES, key) ? (STRING_FAMILIES[key] ?? "unknown") : "unknown"
}

/**
 * Maps a raw status (a `job_`-prefixed string, an upper-case word or a numeric code) to its family by
 * exact lookup, never by substring. Unknown values are kept and reported as `unknown`.
 */
export const normalizeStatus = (
  raw: string | number | null | undefined,
  subject: StatusSubject = "job",
): NormalizedStatus => {
  if (raw === null || raw === undefined || raw === "") return { family: "unknown", raw: "", terminal: false }
  const family = familyOf(raw, subject)
  return { family, raw: String(raw), terminal: TERMINAL.has(family) }
}

/** Whether a status falls under a user's filter; `stopping` counts as `stopped`, `all` matches anything. */
export const matchesStatusFilter = (status: NormalizedStatus, filter: StatusFilter): boolean => {
  if (filter === "all") return true
  if (status.family === "stopping") return filter === "stopped"
  return status.family === filter
}
