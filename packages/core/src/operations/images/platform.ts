import { listPlatformImages } from "../../api/images/platform.js"
import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { resolveReadWorkspace } from "../common/support.js"
import type { ImagesInput } from "./input.js"
import type { ImagesOutput } from "./output.js"

/** The platform's registered images for a workspace's registry: inspire_images' result for that source. */
export interface PlatformImagesResult
  extends Extract<OutputOf<ReturnType<typeof ImagesOutput>>, { readonly source: "platform" }> {}

/** A registered image as inspire_images lists it; `address` is what jobs, notebooks and servings take. */
export type ImageRow = PlatformImagesResult["images"][number]

const SOURCE_LABEL: Readonly<Record<string, string>> = {
  SOURCE_OFFICIAL: "official",
  SOURCE_PUBLIC: "public",
  SOURCE_PRIVATE: "private",
}

/** A platform source (SOURCE_OFFICIAL, …) in the words people use. */
const sourceLabel = (source: string): string => SOURCE_LABEL[source] ?? (source.toLowerCase() || "-")

/** Lists registered images, newest first, as display addresses. */
export const platformImages = (input: ImagesInput): Effect.Effect<PlatformImagesResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const workspace = yield* resolveReadWorkspace(input)
    const search = input.search?.trim()
    const images = yield* listPlatformImages({
      workspaceId: workspace.id,
      source: input.visibility,
      ...(search !== undefined && search !== "" ? { search } : {}),
    })
    const rows = [...images]
      .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))
      .map(
        (i): ImageRow => ({
          address: i.address,
          name: i.name,
          version: i.version,
          status: i.status,
          source: sourceLabel(i.source),
          visibility: i.visibility.replace(/^VISIBILITY_/, "").toLowerCase(),
          sizeBytes: i.sizeBytes,
          createdAt: i.createdAt,
          description: i.description,
        }),
      )
    return {
      source: "platform",
      workspace: { id: workspace.id, name: workspace.name, registry: workspace.policy.registry },
      visibility: input.visibility,
      ...(search !== undefined && search !== "" ? { search } : {}),
      images: rows,
    } satisfies PlatformImagesResult
  })
