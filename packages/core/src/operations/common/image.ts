import { findImageByAddress } from "../../api/images/platform.js"
import type { PlatformImage } from "../../api/images/schema.js"
import type { Workspace } from "../../api/resources/workspaces.js"
import { checkJobImage, parseImageRef, toDisplayAddress } from "../../domain/images.js"
import { Effect, Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { ActiveProfile, registryTable } from "../../profile.js"
import { callWord } from "../../words/token.js"
import { defaultOf } from "./defaults.js"

/** How submits say where images are listed when neither image nor defaultImage is given. */
export const SUBMIT_IMAGE_HINT = `Pass image (a display-domain address; ${callWord("images")} lists the registered ones), or set defaultImage with ${callWord("config", { action: "set", key: "defaultImage", value: "…" })}.`

/** How notebooks and servings say where images are listed when neither image nor defaultImage is given. */
export const DEPLOY_IMAGE_HINT = `Pass image (a display-domain address; ${callWord("images")} lists registered ones), or set one with ${callWord("config", { action: "set", key: "defaultImage", value: "…" })}.`

/** The image of a call: the argument, else defaultImage; neither is an error with `hint` on where to find one. */
export const imageOrDefault = (
  given: string | undefined,
  hint: string,
): Effect.Effect<string, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    const image = given ?? (yield* defaultOf("defaultImage"))
    if (image !== undefined && image.trim() !== "") return image
    return yield* Effect.fail(invalidInput("No image was given and no defaultImage is set.", hint))
  })

const IMAGE_TYPES = ["SOURCE_PRIVATE", "SOURCE_PUBLIC", "SOURCE_OFFICIAL"] as const

/** An image source the create accepts. */
export type ImageType = (typeof IMAGE_TYPES)[number]

/** Narrows a stored or listed image source to one the create accepts. */
export const imageTypeOf = (raw: string): ImageType | undefined => IMAGE_TYPES.find((t) => t === raw.toUpperCase())

/**
 * The registered image behind a job's address: its source (the create must send the matching image_type)
 * and warnings when it is not registered or not ready. An unreadable image list only costs the warning.
 */
export const registeredImage = (
  address: string,
  workspaceId: string,
): Effect.Effect<
  { readonly imageType?: ImageType; readonly warnings: ReadonlyArray<string> },
  never,
  Platform | ActiveProfile
> =>
  Effect.map(Effect.either(findImageByAddress(address, workspaceId)), (found) => {
    if (Either.isLeft(found)) return { warnings: [] }
    const image = found.right
    if (image === undefined)
      return {
        warnings: [
          `${address} is not among the images registered for this workspace; the platform refuses unregistered images. Register it under 镜像管理 → 新建镜像 (${callWord("images")} lists the registered ones).`,
        ],
      }
    const imageType = imageTypeOf(image.source)
    return {
      ...(imageType !== undefined ? { imageType } : {}),
      warnings:
        image.status !== "" && image.status.toUpperCase() !== "READY"
          ? [`The image is ${image.status}, not READY.`]
          : [],
    }
  })

/** A registered image for a notebook or serving, with what the user should know about the address. */
export interface ResolvedImage {
  readonly image: PlatformImage
  readonly warnings: ReadonlyArray<string>
}

/**
 * Resolves the image a notebook or serving will run to its platform registration. A full address must
 * be a display-domain one (a push domain fails with the fix); a short name (`my-train:v1`) is looked up in
 * the workspace's registry. An image that is pushed but not registered fails with the 镜像管理 steps
 * (jobs only warn: see registeredImage).
 */
export const resolveRegisteredImage = (
  raw: string,
  workspace: Workspace,
): Effect.Effect<ResolvedImage, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const ref = yield* parseImageRef(raw)
    const registries = registryTable(yield* ActiveProfile)
    const warnings: string[] = []
    if (ref.host !== undefined) {
      const checked = yield* checkJobImage(raw, { registries, workspaceRegistry: workspace.policy.registry })
      warnings.push(...checked.warnings)
    }
    const found = yield* findImageByAddress(raw.trim(), workspace.id)
    if (found === undefined) {
      const display = Either.getOrElse(
        toDisplayAddress(raw, { registries, registry: workspace.policy.registry }),
        () => raw,
      )
      const name = ref.repository.split("/").at(-1) ?? ref.repository
      return yield* Effect.fail(
        invalidInput(
          `The image ${display} is not registered on the platform for ${workspace.name}; a pushed image cannot be used until it is.`,
          `Register it under 镜像管理 → 新建镜像 (镜像名称 ${name}, 版本号 ${ref.tag ?? "latest"}), or pick a registered one with ${callWord("images", { search: name })}.`,
        ),
      )
    }
    if (ref.host === undefined) warnings.push(`Image ${raw} resolved to the registered ${found.address}.`)
    return { image: found, warnings }
  })
