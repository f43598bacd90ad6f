import { createHash } from "node:crypto"
import { readdir, rm } from "node:fs/promises"
import { join } from "node:path"
import { z } from "zod"
import { lookupAmbiguous, lookupNotFound, pickEntity } from "../../domain/lookup.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { ActiveProfile } from "../../profile.js"
import { checkStoreFolders, readJsonFile, writeFileAtomic } from "../../store/files.js"
import { storeRoots } from "../../store/paths.js"
import { Store } from "../../store/store.js"
import { textOf } from "../../words/kept.js"
import { msg } from "../../words/message.js"
import { callWord, plain, type Text } from "../../words/text.js"
import { SWEEP_KINDS } from "./file.js"

// A sweep's manifest, kept in the store (`<config>/sweeps/`, files 0600, written atomically): what each
// job of the sweep is, and how far its create got. The intent ("sending", with the job's marker) is
// written before a create is sent and the job id after it, so a run that dies between the two leaves a
// job whose marker the next run looks for on the platform instead of sending it again.

const Job = z.lazy(() =>
  z.object({
    index: z.number(),
    name: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    /** The marker of the job's current create (a resubmit's is new). */
    key: z.string(),
    /** pending: not sent; sending: sent or about to be, outcome unknown; created; failed: refused, not created. */
    state: z.enum(["pending", "sending", "created", "failed"]),
    jobId: z.string().optional(),
    /** Why the platform refused its create, in English (a file outlives its reader's language)… */
    error: z.string().optional(),
    /** …and as data, worded in the reader's language when shown (`textData`). */
    errorText: z.unknown().optional(),
    /** How many times it was resubmitted; 0 for the first create. */
    attempt: z.number().default(0),
    /** Earlier jobs of this row that a resubmit replaced. */
    previous: z.array(z.string()).default([]),
    costPerHour: z.number().optional(),
  }),
)

const Manifest = z.lazy(() =>
  z.object({
    version: z.literal(1),
    id: z.string(),
    hash: z.string(),
    name: z.string(),
    kind: z.enum(SWEEP_KINDS),
    source: z.string(),
    scope: z.string(),
    workspaceId: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
    /** The sweep's job fields and limits as last run (templates unfilled), so stop and resubmit need no file. */
    job: z.record(z.string(), z.unknown()),
    maxRunning: z.number().optional(),
    /** When the sweep was stopped: its unsent jobs are held back until a run says resume. */
    stoppedAt: z.number().optional(),
    jobs: z.array(Job),
  }),
)

/** One job of a sweep as the manifest keeps it. */
export type ManifestJob = z.output<typeof Job>
/** A sweep's manifest. */
export type SweepManifest = z.output<typeof Manifest>

/** Why a job's create was refused, worded for its reader where the manifest kept it as data. */
export const refusalOf = (j: ManifestJob): Text => textOf(j.errorText) ?? plain(j.error ?? "")

/** The short id a sweep is named by: the first 12 hex digits of its file's hash. */
export const sweepIdOf = (hash: string): string => hash.slice(0, 12)

/** Whose sweeps a manifest belongs to: the profile and its platform (accounts differ between them). */
export const scopeOf = Effect.map(ActiveProfile, (p) => `${p.name.value ?? "default"}|${p.baseUrl.value ?? ""}`)

const folderOf = (store: Store["Type"]) => join(store.paths.configDir, "sweeps")

const fileOf = (store: Store["Type"], id: string, scope: string) =>
  join(folderOf(store), `${id}-${createHash("sha256").update(scope).digest("hex").slice(0, 8)}.json`)

/** The manifest of a sweep id in this scope, if it was ever run. */
export const readManifest = (
  id: string,
): Effect.Effect<SweepManifest | undefined, InspireError, Store | ActiveProfile> =>
  Effect.gen(function* () {
    const store = yield* Store
    const file = fileOf(store, id, yield* scopeOf)
    yield* checkStoreFolders(file, storeRoots(store.paths))
    return yield* readJsonFile(file, Manifest)
  })

/** Writes a manifest whole (atomically, 0600). */
export const writeManifest = (m: SweepManifest): Effect.Effect<void, InspireError, Store> =>
  Effect.gen(function* () {
    const store = yield* Store
    yield* writeFileAtomic(fileOf(store, m.id, m.scope), `${JSON.stringify(m, null, 1)}\n`, storeRoots(store.paths))
  })

// A stop asks before it takes the lock: a run sends its creates one lock turn after another, and checks
// this request in each turn, so the stop's wait ends at the run's next create instead of after its last.
const StopRequest = z.object({ at: z.number() })
const stopFileOf = (store: Store["Type"], m: Pick<SweepManifest, "id" | "scope">) =>
  `${fileOf(store, m.id, m.scope).replace(/\.json$/, "")}.stop`

/** Asks every run of the sweep to send nothing more (the stop then records itself in the manifest). */
export const requestStop = (
  m: Pick<SweepManifest, "id" | "scope">,
  at: number,
): Effect.Effect<void, InspireError, Store> =>
  Effect.gen(function* () {
    const store = yield* Store
    yield* writeFileAtomic(stopFileOf(store, m), `${JSON.stringify({ at })}\n`, storeRoots(store.paths))
  })

/** Withdraws a stop request (the stop is recorded in the manifest, or a run resumes the sweep). */
export const clearStopRequest = (m: Pick<SweepManifest, "id" | "scope">): Effect.Effect<void, never, Store> =>
  Effect.flatMap(Store, (store) => Effect.promise(() => rm(stopFileOf(store, m), { force: true })))

/** When the sweep was stopped, or asked to stop: the later of the manifest's mark and a pending request. */
export const stopMark = (m: SweepManifest): Effect.Effect<number | undefined, InspireError, Store> =>
  Effect.gen(function* () {
    const store = yield* Store
    const asked = yield* readJsonFile(stopFileOf(store, m), StopRequest)
    const marks = [m.stoppedAt, asked?.at].filter((n): n is number => n !== undefined)
    return marks.length > 0 ? Math.max(...marks) : undefined
  })

/** Runs `effect` holding the sweep's lock: one process at a time sends a sweep's creates. */
export const withSweepLock = <A, R>(
  id: string,
  effect: Effect.Effect<A, InspireError, R>,
): Effect.Effect<A, InspireError, R | Store> =>
  Effect.flatMap(Store, (store) =>
    Effect.catchTag(store.withLock(`sweep-${id}`, effect, { timeout: "30 seconds" }), "InspireError", (e) =>
      Effect.fail(
        e.message.includes("lock")
          ? invalidInput(
              msg("sweep-locked", { id }),
              msg("sweep-locked-hint", { call: callWord("sweep", { action: "status", sweep: id }) }),
            )
          : e,
      ),
    ),
  )

/** Every sweep of this scope, newest first. */
export const listManifests: Effect.Effect<
  ReadonlyArray<SweepManifest>,
  InspireError,
  Store | ActiveProfile
> = Effect.gen(function* () {
  const store = yield* Store
  const scope = yield* scopeOf
  const names = yield* Effect.promise(() => readdir(folderOf(store)).catch(() => [] as string[]))
  const found: SweepManifest[] = []
  for (const name of names.filter((n) => n.endsWith(".json"))) {
    const m = yield* readJsonFile(join(folderOf(store), name), Manifest)
    if (m !== undefined && m.scope === scope) found.push(m)
  }
  return found.sort((a, b) => b.updatedAt - a.updatedAt)
})

/**
 * The sweep a name, id or id prefix names, by the one rule of domain/lookup.ts; the newest when several
 * runs share a name.
 */
export const findManifest = (wanted: string): Effect.Effect<SweepManifest, InspireError, Store | ActiveProfile> =>
  Effect.gen(function* () {
    const all = yield* listManifests
    const found = pickEntity(all, wanted)
    if (found.kind === "one") return found.item
    const [newest] = found.kind === "many" ? found.items : []
    if (found.kind === "many" && newest !== undefined && found.items.every((m) => m.name === newest.name)) return newest
    return yield* Effect.fail(
      found.kind === "many"
        ? lookupAmbiguous("sweep", wanted.trim(), found.items)
        : lookupNotFound("sweep", wanted.trim(), msg("domain-lookup-where-sweeps"), all),
    )
  })
