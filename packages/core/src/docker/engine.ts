import type { RegistryId } from "../domain/workspaces.js"
import { Effect } from "../effect.js"
import { InspireError } from "../errors.js"
import type { Progress } from "../operations/catalogue/operation.js"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"
import type { ImageSummary } from "./client.js"
import type { DockerConnection } from "./connect.js"
import { unreachable } from "./connect.js"
import { classifyPushError, interrupted, redact } from "./failures.js"
import { type LayerSummary, type PushEvent, PushTracker } from "./progress.js"

/** A local image as the engine knows it. */
export interface LocalImage {
  readonly id: string
  readonly repoTags: ReadonlyArray<string>
  readonly sizeBytes: number
}

interface ModemError {
  readonly statusCode?: number
  readonly code?: string
  readonly json?: { readonly message?: string }
  readonly message?: string
}

const asModemError = (e: unknown): ModemError => (typeof e === "object" && e !== null ? (e as ModemError) : {})

// A modem error without an HTTP status is a transport failure: the engine went away.
const engineFailure = (conn: DockerConnection, e: unknown, doing: Text): InspireError => {
  const m = asModemError(e)
  if (m.statusCode === undefined) return unreachable(conn.target, e)
  return new InspireError({
    reason: "DockerUnavailable",
    message: msg("docker-engine-failed", {
      doing,
      status: m.statusCode,
      detail: m.json?.message ?? m.message ?? msg("docker-no-detail"),
    }),
    hint: msg("docker-engine-failed-hint"),
  })
}

// Local names that share words with what was asked for (newest first), to offer when it is missing.
const similar = (images: ReadonlyArray<ImageSummary>, wanted: string): ReadonlyArray<string> => {
  const stem =
    wanted
      .replace(/:[^/:]*$/, "")
      .split("/")
      .at(-1) ?? wanted
  const words = stem.split(/[-_.]+/).filter((w) => w.length >= 2)
  const tags = [...images]
    .sort((a, b) => b.Created - a.Created)
    .flatMap((i) => i.RepoTags ?? [])
    .filter((t) => t !== "<none>:<none>")
  const scored = tags
    .map((tag) => ({ tag, score: words.filter((w) => tag.includes(w)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
  return (scored.length > 0 ? scored.map((x) => x.tag) : tags).slice(0, 10)
}

/** Finds a local image by name[:tag] or id; a clear NotFound (with similar local names) when it is absent. */
export const findLocalImage = (conn: DockerConnection, image: string): Effect.Effect<LocalImage, InspireError> =>
  Effect.gen(function* () {
    const inspected = yield* Effect.tryPromise({
      try: () => conn.docker.getImage(image).inspect(),
      catch: (e) => e,
    }).pipe(Effect.either)
    if (inspected._tag === "Right")
      return {
        id: inspected.right.Id,
        repoTags: inspected.right.RepoTags ?? [],
        sizeBytes: inspected.right.Size,
      }
    if (asModemError(inspected.left).statusCode !== 404)
      return yield* Effect.fail(engineFailure(conn, inspected.left, msg("docker-doing-lookup", { image })))
    const listed = yield* Effect.either(Effect.tryPromise(() => conn.docker.listImages()))
    const candidates = listed._tag === "Right" ? similar(listed.right, image) : []
    return yield* Effect.fail(
      new InspireError({
        reason: "NotFound",
        message: msg("docker-no-image", { image, where: conn.target.where }),
        hint:
          candidates.length > 0
            ? msg("docker-no-image-pick-hint", { image })
            : msg("docker-no-image-build-hint", { image }),
        candidates,
      }),
    )
  })

/** Tags a local image as `<repository>:<tag>` (the push address without its tag, and the tag). */
export const tagImage = (
  conn: DockerConnection,
  image: string,
  repository: string,
  tag: string,
): Effect.Effect<void, InspireError> =>
  Effect.asVoid(
    Effect.tryPromise({
      try: () => conn.docker.getImage(image).tag({ repo: repository, tag }),
      catch: (e) => engineFailure(conn, e, msg("docker-doing-tag", { image, target: `${repository}:${tag}` })),
    }),
  )

/** What a finished push reports. */
export interface PushedImage {
  readonly digest: string
  readonly layers: LayerSummary
}

/** Where a push goes and the account it logs in with (sent only in the engine's X-Registry-Auth header). */
export interface PushTarget {
  readonly registry: RegistryId
  readonly host: string
  readonly repository: string
  readonly tag: string
  readonly username: string
  readonly password: string
}

/**
 * Pushes `<repository>:<tag>` with the registry's credentials, streaming per-layer progress. The engine
 * reports registry failures inside the stream; they are classified here. Interrupting the effect
 * closes the stream, which makes the engine cancel the upload.
 */
export const pushImage = (
  conn: DockerConnection,
  target: PushTarget,
  progress: (p: Progress) => void,
): Effect.Effect<PushedImage, InspireError> =>
  Effect.gen(function* () {
    const where = { registry: target.registry, host: target.host, target: `${target.repository}:${target.tag}` }
    const secrets = [target.password]
    const stream = yield* Effect.tryPromise({
      try: () =>
        conn.docker.getImage(target.repository).push({
          tag: target.tag,
          authconfig: { username: target.username, password: target.password, serveraddress: target.host },
        }),
      catch: (e) => engineFailure(conn, e, msg("docker-doing-push", { target: where.target })),
    })
    const tracker = new PushTracker(progress)
    const streamError = yield* Effect.async<string | undefined>((resume) => {
      conn.docker.modem.followProgress(
        stream,
        (err: Error | null) => resume(Effect.succeed(err === null ? undefined : err.message)),
        (event: PushEvent) => tracker.feed(event),
      )
      return Effect.sync(() => {
        const s = stream as NodeJS.ReadableStream & { destroy?: () => void }
        s.destroy?.()
      })
    })
    const outcome = tracker.outcome()
    if (outcome.kind === "failed") return yield* Effect.fail(classifyPushError(outcome.message, where, secrets))
    if (outcome.kind === "interrupted")
      return yield* Effect.fail(
        interrupted(where, streamError === undefined ? undefined : redact(streamError, secrets)),
      )
    return { digest: outcome.digest, layers: tracker.summary() }
  })
