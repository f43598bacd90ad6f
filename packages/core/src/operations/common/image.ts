import { findImageByAddress } from "../../api/images/platform.js"
import type { PlatformImage } from "../../api/images/schema.js"
import type { Workspace } from "../../api/resources/workspaces.js"
import { checkJobImage, parseImageRef, toDisplayAddress } from "../../domain/images.js"
import { Effect, Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { ActiveProfile, registryTable } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord, type Text } from "../../words/text.js"
import { defaultOf } from "./defaults.js"

/** How submits say where images are listed when neither image nor defaultImage is given. */
export const submitImageHint = (): Text =>
  msg("common-ops-submit-image-hint", {
    field: fieldWord("image"),
    images: callWord("images"),
    set: callWord("config", { action: "set", key: "defaultImage", value: "…" }),
  })

/** How notebooks and servings say where images are listed when neither image nor defaultImage is given. */
export const deployImageHint = (): Text =>
  msg("common-ops-deploy-image-hint", {
    field: fieldWord("image"),
    images: callWord("images"),
    set: callWord("config", { action: "set", key: "defaultImage", value: "…" }),
  })

/** The image of a call: the argument, else defaultImage; neither is an error with `hint` on where to find one. */
export const imageOrDefault = (
  given: string | undefined,
  hint: Text,
): Effect.Effect<string, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    const image = given ?? (yield* defaultOf("defaultImage"))
    if (image !== undefined && image.trim() !== "") return image
    return yield* Effect.fail(invalidInput(msg("common-ops-no-image"), hint))
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
  { readonly imageType?: ImageType; readonly warnings: ReadonlyArray<Text> },
  never,
  Platform | ActiveProfile
> =>
  Effect.map(Effect.either(findImageByAddress(address, workspaceId)), (found) => {
    if (Either.isLeft(found)) return { warnings: [] }
    const image = found.right
    if (image === undefined)
      return {
        warnings: [msg("common-ops-image-unregistered", { address, call: callWord("images") })],
      }
    const imageType = imageTypeOf(image.source)
    return {
      ...(imageType !== undefined ? { imageType } : {}),
      warnings:
        image.status !== "" && image.status.toUpperCase() !== "READY"
          ? [msg("common-ops-image-not-ready", { status: image.status })]
          : [],
    }
  })

/** A registered image for a notebook or serving, with what the user should know about the address. */
export interface ResolvedImage {
  readonly image: PlatformImage
  readonly warnings: ReadonlyArray<Text>
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
    const warnings: Text[] = []
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
          msg("common-ops-image-not-registered", { image: display, workspace: workspace.name }),
          msg("common-ops-image-not-registered-hint", {
            name,
            tag: ref.tag ?? "latest",
            call: callWord("images", { search: name }),
          }),
        ),
      )
    }
    if (ref.host === undefined) warnings.push(msg("common-ops-image-resolved", { raw, address: found.address }))
    return { image: found, warnings }
  })
