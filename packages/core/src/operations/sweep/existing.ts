import { Effect } from "../../effect.js"
import { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { markersOf } from "./expand.js"
import type { SweepKind } from "./file.js"
import { detailOf, listWorkspaceJobs, type PlatformJob } from "./jobs.js"
import type { ManifestJob, SweepManifest } from "./manifest.js"

// Before a sweep sends anything, its jobs are looked up on the platform by name and marker: a job made
// by an earlier run — of this file or an edited one, from this store or another, at any spelling of the
// platform's address — is found there and adopted, never sent again. A job of the same name that does
// not carry one of the row's markers is a different job (its fields changed, or it was made by hand).

/** How many resubmits of a job are recognised by their markers. */
const ATTEMPTS = 20

/** A row to look up: its index, the job's name and its identity. */
export interface RowRef {
  readonly index: number
  readonly name: string
  readonly key: string
}

/** What the platform holds of a sweep's rows. */
export interface Existing {
  /** Rows whose job is on the platform: the row's index and the job's id (the newest, if resubmitted). */
  readonly adopted: ReadonlyMap<number, string>
  /** Rows whose name is taken on the platform by a job that is not theirs, with those jobs' ids. */
  readonly changed: ReadonlyArray<{ readonly row: RowRef; readonly jobIds: ReadonlyArray<string> }>
  /** The account's listing was cut off: an older job of a row's name may not have been seen. */
  readonly truncated: boolean
}

/** Nothing to look up, nothing found. */
export const NOTHING_EXISTS: Existing = { adopted: new Map(), changed: [], truncated: false }

const markerOf = (kind: SweepKind, job: PlatformJob): Effect.Effect<string, InspireError, ClientServices> =>
  job.submitId !== undefined && job.submitId !== ""
    ? Effect.succeed(job.submitId)
    : Effect.map(detailOf(kind, job.id), (d) => d.submitId ?? "")

/** Looks the rows up in one listing of the account's jobs of the kind (a detail read only for a job the listing shows no marker of). */
export const findExisting = (
  kind: SweepKind,
  workspaceId: string,
  rows: ReadonlyArray<RowRef>,
): Effect.Effect<Existing, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (rows.length === 0) return NOTHING_EXISTS
    const listed = yield* listWorkspaceJobs(kind, workspaceId)
    const byName = new Map<string, PlatformJob[]>()
    for (const job of listed.jobs) byName.set(job.name, [...(byName.get(job.name) ?? []), job])
    const adopted = new Map<number, string>()
    const changed: Array<{ row: RowRef; jobIds: ReadonlyArray<string> }> = []
    for (const row of rows) {
      const same = byName.get(row.name) ?? []
      if (same.length === 0) continue
      const markers = new Set(markersOf(row.key, ATTEMPTS))
      // Newest first, as the platform lists them: a resubmitted row adopts its latest job.
      let mine: string | undefined
      for (const job of same) if (mine === undefined && markers.has(yield* markerOf(kind, job))) mine = job.id
      if (mine !== undefined) adopted.set(row.index, mine)
      else changed.push({ row, jobIds: same.map((j) => j.id) })
    }
    return { adopted, changed, truncated: listed.truncated }
  })

/**
 * The jobs a run's intent was recorded for but whose create's answer never came back (a crash, a kill, a
 * lost connection): each is looked up by its marker. Found, the job id is adopted; certainly absent, the
 * job goes back to pending; not certain (the listing was cut short), it fails rather than guess.
 */
export const settleSending = (
  m: SweepManifest,
): Effect.Effect<ReadonlyArray<ManifestJob>, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const sending = m.jobs.filter((j) => j.state === "sending")
    const found = yield* findExisting(m.kind, m.workspaceId, sending)
    const unsure = sending.filter((j) => !found.adopted.has(j.index) && found.truncated)
    if (unsure.length > 0)
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("sweep-unsure", {
            count: unsure.length,
            name: m.name,
            jobs: unsure.map((j) => j.name).join(", "),
          }),
          hint: msg("sweep-unsure-hint", { call: callWord("jobs", { name: unsure[0]?.name ?? "" }) }),
          created: "unknown",
        }),
      )
    return m.jobs.map((j) => {
      if (j.state !== "sending") return j
      const jobId = found.adopted.get(j.index)
      return jobId !== undefined ? { ...j, state: "created" as const, jobId } : { ...j, state: "pending" as const }
    })
  })
