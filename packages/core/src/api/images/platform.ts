import { classifyHost, parseImageRef, toDisplayAddress } from "../../domain/images.js"
import { validateName } from "../../domain/resources.js"
import { Clock, Duration, Effect, Either } from "../../effect.js"
import { InspireError, invalidInput, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { createOnce } from "../../platform/create-once.js"
import { ActiveProfile, registryTable } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import { recall, remember } from "../resources/cache.js"
import { decode } from "../support.js"
import { FAILED_STATUSES, ImagePage, type PlatformImage, RawImage, READY_STATUSES, RegisteredImage } from "./schema.js"

/** Which images to list: the filter variants of `image/list` (INSPIRE-API.md §4.10). */
export type ImageSource = "official" | "public" | "private" | "all"

/** What to list; `search` keeps images whose name or address contains it. */
export interface ListImagesInput {
  readonly workspaceId: string
  readonly source?: ImageSource
  readonly search?: string
}

const REFERER = "/jobs/distributedTraining"

const filterFor = (source: ImageSource, workspaceId: string) => {
  const registry_hint = { workspace_id: workspaceId }
  if (source === "official") return { source: "SOURCE_OFFICIAL", source_list: [], registry_hint }
  if (source === "public")
    return { source_list: ["SOURCE_PRIVATE", "SOURCE_PUBLIC"], visibility: "VISIBILITY_PUBLIC", registry_hint }
  if (source === "private")
    return { source_list: ["SOURCE_PRIVATE", "SOURCE_PUBLIC"], visibility: "VISIBILITY_PRIVATE", registry_hint }
  return { registry_hint }
}

/** The images a workspace can use (V1 `image/list`, every page at once with `page_size: -1`). */
export const listPlatformImages = (
  input: ListImagesInput,
): Effect.Effect<ReadonlyArray<PlatformImage>, InspireError, Platform> =>
  Effect.gen(function* () {
    if (input.workspaceId.trim() === "")
      return yield* Effect.fail(
        invalidInput(msg("images-api-no-workspace"), msg("images-api-no-workspace-fix", { call: callWord("status") })),
      )
    const platform = yield* Platform
    const body = { page: 0, page_size: -1, filter: filterFor(input.source ?? "all", input.workspaceId) }
    const data = yield* platform
      .v1("POST", "image/list", body, { idempotent: true, referer: REFERER })
      .pipe(
        Effect.catchTag("SurfaceUnavailable", (e) =>
          Effect.fail(surfaceError(e, { hint: msg("images-api-list-down") })),
        ),
      )
    const page = yield* decode(ImagePage, data, "image/list")
    const search = input.search?.trim().toLowerCase() ?? ""
    if (search === "") return page.items
    return page.items.filter((i) => i.name.toLowerCase().includes(search) || i.address.toLowerCase().includes(search))
  })

// Where a workspace's image list is kept (api/resources/cache.ts: as long as its groups and specs).
const imagesKey = (workspaceId: string): string => `images:${workspaceId}`

// A kept image that says what a fresh listing would: a ready one (one still building is asked again).
const settled = (image: PlatformImage | undefined): image is PlatformImage =>
  image !== undefined && READY_STATUSES.has(image.status.toUpperCase())

/**
 * The registered image at an address (push or display form), if the workspace can see one. A ready image
 * found in the workspace's kept list is trusted; a miss (an image registered since) lists them again.
 */
export const findImageByAddress = (
  address: string,
  workspaceId: string,
): Effect.Effect<PlatformImage | undefined, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const profile = yield* ActiveProfile
    const display = yield* toDisplayAddress(address, { registries: registryTable(profile) })
    const short = Either.getOrUndefined(parseImageRef(address))?.host === undefined
    const match = (images: ReadonlyArray<PlatformImage>) => {
      const exact = images.find((i) => i.address === display)
      if (exact !== undefined || !short) return exact
      // A short name means this workspace's registry, which the list is already limited to.
      const path = display.slice(display.indexOf("/"))
      return images.find((i) => i.address.endsWith(path))
    }
    const kept = match((yield* recall<ReadonlyArray<PlatformImage>>(imagesKey(workspaceId))) ?? [])
    if (settled(kept)) return kept
    const images = yield* listPlatformImages({ workspaceId, source: "all" })
    yield* remember(imagesKey(workspaceId), images, [workspaceId, ...images.map((i) => i.imageId)])
    return match(images)
  })

/** One image by id (V1 `GET image/{id}`). */
export const getPlatformImage = (imageId: string): Effect.Effect<PlatformImage, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const data = yield* platform
      .v1("GET", `image/${encodeURIComponent(imageId)}`, undefined, { idempotent: true, referer: REFERER })
      .pipe(
        Effect.catchTag("SurfaceUnavailable", (e) =>
          Effect.fail(surfaceError(e, { hint: msg("images-api-check-console") })),
        ),
      )
    return yield* decode(RawImage, data, "image/{id}")
  })

/** What to register (镜像管理 → 新建镜像). `addMethod` 0 reserves a slot for a push, 2 registers a pushed image. */
export interface RegisterImageInput {
  readonly name: string
  readonly version: string
  readonly workspaceId: string
  readonly description?: string
  readonly addMethod: 0 | 2
  readonly visibility: "VISIBILITY_PUBLIC" | "VISIBILITY_PRIVATE"
}

/** A registered image: its id, display address, and where to push when the slot awaits a push. */
export interface RegisteredImageResult {
  readonly imageId: string
  readonly address: string
  readonly pushTarget: string | undefined
  readonly status: string
  readonly recovered: boolean
}

/** Registers an image with V1 `image/create`, never twice (looked up by name and version after a lost answer). */
export const registerImage = (
  input: RegisterImageInput,
): Effect.Effect<RegisteredImageResult, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const name = yield* validateName(input.name, "image name")
    yield* parseImageRef(`${name}:${input.version}`)
    const platform = yield* Platform
    const registries = registryTable(yield* ActiveProfile)
    const create = Effect.flatMap(
      platform
        .v1(
          "POST",
          "image/create",
          {
            name,
            version: input.version,
            registry_hint: { workspace_id: input.workspaceId },
            visibility: input.visibility,
            add_method: input.addMethod,
            description: input.description ?? "",
          },
          { idempotent: false, write: true, referer: REFERER },
        )
        .pipe(
          Effect.catchTag("SurfaceUnavailable", (e) =>
            Effect.fail(surfaceError(e, { hint: msg("images-api-register-console") })),
          ),
        ),
      (data) => decode(RegisteredImage, data, "image/create"),
    )
    const find = () =>
      Effect.map(listPlatformImages({ workspaceId: input.workspaceId, source: "all" }), (images) =>
        images.find((i) => i.name === name && i.version === input.version),
      ).pipe(Effect.provideService(Platform, platform))
    const created = yield* createOnce({
      create,
      find,
      now: platform.clock.now,
      what: msg("images-api-what-image"),
      listHint: callWord("images"),
    })
    const address = created.value.address
    const host = address.split("/")[0] ?? ""
    const where = classifyHost(host, registries)
    const display = Either.getOrElse(toDisplayAddress(address, { registries }), () => address)
    const pushTarget =
      input.addMethod !== 0 || where === undefined
        ? undefined
        : `${registries[where.registry].push}${address.slice(host.length)}`
    return {
      imageId: created.value.imageId,
      address: display,
      pushTarget,
      status: created.value.status,
      recovered: created.recovered,
    }
  })

/** How long and how often to poll an image's status. */
export interface WaitOptions {
  readonly timeout?: Duration.DurationInput
  readonly interval?: Duration.DurationInput
}

/** Polls an image until it is ready (every 5 s, up to 600 s by default); a failed status or the timeout is an error. */
export const waitForImageReady = (
  imageId: string,
  options: WaitOptions = {},
): Effect.Effect<PlatformImage, InspireError, Platform> =>
  Effect.gen(function* () {
    const timeout = Duration.toMillis(Duration.decode(options.timeout ?? "600 seconds"))
    const interval = Duration.decode(options.interval ?? "5 seconds")
    const deadline = (yield* Clock.currentTimeMillis) + timeout
    for (;;) {
      const image = yield* getPlatformImage(imageId)
      const status = image.status.toUpperCase()
      if (READY_STATUSES.has(status)) return image
      if (FAILED_STATUSES.has(status))
        return yield* Effect.fail(
          new InspireError({
            reason: "PlatformError",
            message: msg("images-api-failed", { image: `${image.name}:${image.version}`, status: image.status }),
            hint: msg("images-api-failed-fix", { call: callWord("images", { source: "harbor" }) }),
          }),
        )
      if ((yield* Clock.currentTimeMillis) >= deadline)
        return yield* Effect.fail(
          new InspireError({
            reason: "PlatformError",
            message: msg("images-api-not-ready", {
              image: `${image.name}:${image.version}`,
              status: image.status || msg("images-api-state-not-ready"),
              seconds: Math.round(timeout / 1000),
            }),
            hint: msg("images-api-not-ready-fix"),
          }),
        )
      yield* Effect.sleep(interval)
    }
  })
