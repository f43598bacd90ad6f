import { listHarborArtifacts, setHarborDescription } from "../api/images/harbor.js"
import { HARBOR_PROJECT, parseImageRef } from "../domain/images.js"
import type { RegistryId } from "../domain/workspaces.js"
import { Effect, Either, Schedule } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import type { Progress } from "../operations/catalogue/operation.js"
import type { Harbor } from "../platform/harbor.js"
import { ActiveProfile } from "../profile.js"
import { profileCredentials, Store } from "../store/store.js"
import { msg } from "../words/message.js"
import { callWord, fieldWord, type Text } from "../words/text.js"
import { connectDocker } from "./connect.js"
import { findLocalImage, type LocalImage, pushImage, tagImage } from "./engine.js"
import { credentialsMissing, redactText } from "./failures.js"
import type { LayerSummary } from "./progress.js"

/** What to push where. */
export interface PushRequest {
  /** The local image: name[:tag] or an image id. */
  readonly image: string
  readonly name?: string | undefined
  readonly tag?: string | undefined
  readonly registry: RegistryId
  readonly description?: string | undefined
  /** Check everything, change nothing. */
  readonly dryRun: boolean
}

/** What happened (or, in a dry run, would happen). */
export interface PushReport {
  /** The local image; absent in a dry run that could not reach the Docker engine. */
  readonly local?: LocalImage
  readonly name: string
  readonly tag: string
  /** `<push host>/inspire-studio/<name>:<tag>`. */
  readonly pushedTo: string
  /** `<display host>/inspire-studio/<name>:<tag>`: what jobs use. */
  readonly address: string
  readonly digest?: string
  readonly layers?: LayerSummary
  readonly confirmed: boolean
  readonly replacedDigest?: string
  readonly descriptionSet?: boolean
  readonly notes: ReadonlyArray<Text>
}

const nameHint = (): Text => msg("docker-name-hint", { name: fieldWord("name"), tag: fieldWord("tag") })

const harborImages = (repo: string): Text => callWord("images", { source: "harbor", repo })

/** The Harbor repository name and tag: the arguments, else taken from the local image's name. */
export const targetNames = (
  request: Pick<PushRequest, "image" | "name" | "tag">,
  host: string,
): Either.Either<{ readonly name: string; readonly tag: string }, InspireError> => {
  const ref = Either.getOrUndefined(parseImageRef(request.image))
  const fromImage = /^(sha256:)?[a-f0-9]{12,64}$/.test(request.image.trim()) ? undefined : ref
  const name = (request.name?.trim() || fromImage?.repository.split("/").at(-1) || "").replace(
    new RegExp(`^${HARBOR_PROJECT}/`),
    "",
  )
  if (name === "") return Either.left(invalidInput(msg("docker-no-name", { image: request.image }), nameHint()))
  const tag = request.tag?.trim() || fromImage?.tag || "latest"
  return Either.flatMap(parseImageRef(`${host}/${HARBOR_PROJECT}/${name}:${tag}`), (parsed) =>
    parsed.repository === `${HARBOR_PROJECT}/${name}` && parsed.tag === tag
      ? Either.right({ name, tag })
      : Either.left(invalidInput(msg("docker-bad-name", { name, tag }), nameHint())),
  ).pipe(Either.mapLeft((e) => invalidInput(e.text, nameHint())))
}

// Best effort: which digest Harbor lists for a tag now (undefined when none, or Harbor cannot tell).
const harborDigest = (registry: RegistryId, name: string, tag: string) =>
  listHarborArtifacts(registry, name).pipe(
    Effect.map((artifacts) => artifacts.find((a) => a.tags.includes(tag))?.digest),
    Effect.either,
  )

type Listed = Either.Either<string | undefined, InspireError>

/** Whether Harbor lists the tag with the pushed digest; otherwise what it said last. */
type Confirmation = { readonly confirmed: true } | { readonly confirmed: false; readonly last: Listed }

const confirm = (
  registry: RegistryId,
  name: string,
  tag: string,
  digest: string,
): Effect.Effect<Confirmation, never, Harbor> =>
  harborDigest(registry, name, tag).pipe(
    Effect.flatMap((listed) =>
      Either.isRight(listed) && listed.right === digest ? Effect.succeed(listed) : Effect.fail(listed),
    ),
    // Harbor indexes a push within a moment; a few quick looks cover that.
    Effect.retry({ schedule: Schedule.spaced("300 millis"), times: 3 }),
    Effect.match({
      onSuccess: (): Confirmation => ({ confirmed: true }),
      onFailure: (last): Confirmation => ({ confirmed: false, last }),
    }),
  )

/**
 * A dry run: the plan (registry, address, tag) with reads only. The engine and the saved account are
 * checked when they can be; without them the plan is still given, with what a real push will need.
 */
const planPush = (
  request: PushRequest,
  env: NodeJS.ProcessEnv,
  credentials: { readonly username: string } | undefined,
  target: Pick<PushReport, "name" | "tag" | "pushedTo" | "address">,
): Effect.Effect<PushReport> =>
  Effect.gen(function* () {
    const found = yield* Effect.either(
      Effect.flatMap(connectDocker(env), (conn) => findLocalImage(conn, request.image)),
    )
    const notes = [
      msg("docker-dry-run", { image: request.image, target: target.pushedTo, registry: request.registry }),
      ...(credentials === undefined ? [credentialsMissing(request.registry).hint] : []),
      ...(Either.isLeft(found)
        ? [msg("docker-real-push-needs", { message: found.left.text, hint: found.left.hint })]
        : []),
    ]
    return { ...target, ...(Either.isRight(found) ? { local: found.right } : {}), confirmed: false, notes }
  })

/**
 * Pushes a local image to `<push host>/inspire-studio/<name>:<tag>` of one registry through the Docker
 * engine, with that registry's saved robot account, and confirms the tag through Harbor's REST API.
 * The password goes only into the engine's auth header; nothing it prints or returns contains it.
 */
export const pushToHarbor = (
  request: PushRequest,
  progress: (p: Progress) => void,
): Effect.Effect<PushReport, InspireError, Store | ActiveProfile | Harbor> =>
  Effect.gen(function* () {
    const profile = yield* ActiveProfile
    const store = yield* Store
    const { registry } = request
    const hosts = profile.registries[registry]
    const file = yield* store.readCredentials
    const credentials = profileCredentials(file, profile.name.value ?? "default").harbor[registry]
    const { name, tag } = yield* targetNames(request, hosts.push)
    const repository = `${hosts.push}/${HARBOR_PROJECT}/${name}`
    const pushedTo = `${repository}:${tag}`
    const address = `${hosts.display}/${HARBOR_PROJECT}/${name}:${tag}`
    if (request.dryRun) return yield* planPush(request, profile.env, credentials, { name, tag, pushedTo, address })
    if (credentials === undefined) return yield* Effect.fail(credentialsMissing(registry))
    const secrets = [credentials.password]
    progress({ message: msg("docker-connecting") })
    // What the tag points to now is read from Harbor while the engine is asked for the image.
    const [{ conn, local }, before] = yield* Effect.all(
      [
        Effect.flatMap(connectDocker(profile.env), (conn) =>
          Effect.map(findLocalImage(conn, request.image), (local) => ({ conn, local })),
        ),
        harborDigest(registry, name, tag),
      ],
      { concurrency: "unbounded" },
    )
    const base = { local, name, tag, pushedTo, address }
    yield* tagImage(conn, local.id, repository, tag)
    progress({ message: msg("docker-pushing", { target: pushedTo }) })
    const pushed = yield* pushImage(
      conn,
      { registry, host: hosts.push, repository, tag, username: credentials.username, password: credentials.password },
      progress,
    )
    progress({ message: msg("docker-confirming", { name, tag }) })
    const check = yield* confirm(registry, name, tag, pushed.digest)
    const notes: Text[] = []
    if (!check.confirmed) {
      const { last } = check
      notes.push(
        Either.isLeft(last)
          ? msg("docker-unconfirmed", { reason: redactText(last.left.text, secrets) })
          : last.right === undefined
            ? msg("docker-listed-nowhere", { name, tag, digest: pushed.digest, call: harborImages(name) })
            : msg("docker-listed-elsewhere", {
                name,
                tag,
                listed: last.right,
                digest: pushed.digest,
                call: harborImages(name),
              }),
      )
    }
    const previous = Either.isRight(before) ? before.right : undefined
    const replacedDigest = previous !== undefined && previous !== pushed.digest ? previous : undefined
    if (replacedDigest !== undefined) notes.push(msg("docker-tag-replaced", { tag, digest: replacedDigest }))
    let descriptionSet: boolean | undefined
    if (request.description !== undefined && request.description.trim() !== "") {
      const saved = yield* Effect.either(setHarborDescription(registry, name, request.description.trim()))
      descriptionSet = Either.isRight(saved)
      if (Either.isLeft(saved))
        notes.push(msg("docker-description-unsaved", { reason: redactText(saved.left.text, secrets) }))
    }
    return {
      ...base,
      digest: pushed.digest,
      layers: pushed.layers,
      confirmed: check.confirmed,
      ...(replacedDigest !== undefined ? { replacedDigest } : {}),
      ...(descriptionSet !== undefined ? { descriptionSet } : {}),
      notes,
    }
  })
