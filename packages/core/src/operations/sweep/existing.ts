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
      // A resubmitted row adopts the job of its latest attempt; of two jobs of one attempt (two stores'
      // runs at the same moment, see findTwins) the oldest, which both runs keep.
      const attempts = markersOf(row.key, ATTEMPTS)
      let mine: { readonly attempt: number; readonly job: PlatformJob } | undefined
      for (const job of same) {
        const attempt = attempts.indexOf(yield* markerOf(kind, job))
        if (attempt < 0) continue
        if (mine === undefined || attempt > mine.attempt || (attempt === mine.attempt && older(job, mine.job)))
          mine = { attempt, job }
      }
      if (mine !== undefined) adopted.set(row.index, mine.job.id)
      else changed.push({ row, jobIds: same.map((j) => j.id) })
    }
    return { adopted, changed, truncated: listed.truncated }
  })

/** Whether `a` was made before `b`: by the platform's creation time, then by id (the same answer everywhere). */
const older = (a: PlatformJob, b: PlatformJob): boolean =>
  (a.createdAt ?? 0) !== (b.createdAt ?? 0) ? (a.createdAt ?? 0) < (b.createdAt ?? 0) : a.id < b.id

/** A job a run made that another run made too: the row, this run's job, and the one both keep. */
export interface Twin {
  readonly index: number
  readonly name: string
  readonly mine: string
  readonly keep: string
}

/**
 * Two runs of one sweep from two stores at the same moment each find nothing on the platform and each
 * create the same job, under the same marker. After its creates a run looks its new jobs up once more:
 * of the jobs with a row's marker the oldest is kept, and a newer one this run made is returned to be
 * stopped. The run that looks last sees both, so one job stays whichever order the two take.
 */
export const findTwins = (
  kind: SweepKind,
  workspaceId: string,
  made: ReadonlyArray<RowRef & { readonly jobId: string }>,
): Effect.Effect<ReadonlyArray<Twin>, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (made.length === 0) return []
    const listed = yield* listWorkspaceJobs(kind, workspaceId)
    const twins: Twin[] = []
    for (const row of made) {
      const same = listed.jobs.filter((j) => j.name === row.name)
      if (same.length < 2) continue
      let keep: PlatformJob | undefined
      for (const job of same)
        if ((yield* markerOf(kind, job)) === row.key && (keep === undefined || older(job, keep))) keep = job
      if (keep !== undefined && keep.id !== row.jobId)
        twins.push({ index: row.index, name: row.name, mine: row.jobId, keep: keep.id })
    }
    return twins
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
