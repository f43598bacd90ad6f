import { z } from "zod"
import { EpochMs, Id, OptionalNumber, Text } from "../support.js"

/** An image registered on the platform (镜像管理), as `image/list` describes it (INSPIRE-API.md §4.10). */
export interface PlatformImage {
  readonly imageId: string
  readonly name: string
  readonly version: string
  /** The display-domain address jobs, notebooks and servings use. */
  readonly address: string
  readonly source: string
  readonly visibility: string
  readonly status: string
  readonly sizeBytes: number | undefined
  readonly createdAt: number | undefined
  readonly description: string
}

/** The image object of V1 `image/list`, `GET image/{id}` and `image/create`. */
export const RawImage = z.lazy(() =>
  z
    .object({
      image_id: Id.optional(),
      id: Id.optional(),
      name: Text,
      version: Text,
      address: Text,
      url: Text,
      image_url: Text,
      source: Text,
      visibility: Text,
      status: Text,
      size: OptionalNumber,
      created_at: EpochMs,
      description: Text,
    })
    .loose()
    .refine((i) => (i.image_id ?? i.id) !== undefined, { message: "an image needs image_id or id" })
    .transform(
      (i): PlatformImage => ({
        imageId: i.image_id ?? i.id ?? "",
        name: i.name,
        version: i.version,
        address: i.address || i.url || i.image_url,
        source: i.source,
        visibility: i.visibility,
        status: i.status,
        sizeBytes: i.size,
        createdAt: i.created_at,
        description: i.description,
      }),
    ),
)

/** A page of `image/list` (`images|items|list`). */
export const ImagePage = z.lazy(() =>
  z
    .object({
      images: z.array(RawImage).optional(),
      items: z.array(RawImage).optional(),
      list: z.array(RawImage).optional(),
      total: z.union([z.number(), z.string()]).optional(),
    })
    .loose()
    .transform((p) => ({ items: p.images ?? p.items ?? p.list ?? [], total: p.total })),
)

/** The answer of `image/create`: `data.image{image_id, address}` (or the fields flat). */
export const RegisteredImage = z.lazy(() =>
  z
    .union([
      z
        .object({ image: RawImage })
        .loose()
        .transform((r) => r.image),
      RawImage,
    ])
    .transform((i) => ({ imageId: i.imageId, address: i.address, status: i.status })),
)

/** Image statuses that mean ready (§4.10). */
export const READY_STATUSES: ReadonlySet<string> = new Set(["READY", "SUCCESS", "SUCCEED", "SUCCEEDED"])
/** Image statuses that mean the image finished without becoming ready (§4.10). */
export const FAILED_STATUSES: ReadonlySet<string> = new Set([
  "FAILED",
  "FAILURE",
  "ERROR",
  "CANCELLED",
  "CANCELED",
  "TIMEOUT",
  "ABORTED",
  "INTERRUPTED",
])

/** A Harbor repository of the `inspire-studio` project. */
export interface HarborRepository {
  /** Without the `inspire-studio/` prefix. */
  readonly name: string
  readonly fullName: string
  readonly description: string
  readonly artifactCount: number
  readonly pullCount: number
  readonly updatedAt: number | undefined
}

/** A repository as Harbor lists it. */
export const RawHarborRepository = z.lazy(() =>
  z
    .object({
      name: z.string(),
      description: Text,
      artifact_count: OptionalNumber,
      pull_count: OptionalNumber,
      update_time: EpochMs,
    })
    .loose()
    .transform(
      (r): HarborRepository => ({
        name: r.name.replace(/^inspire-studio\//, ""),
        fullName: r.name,
        description: r.description,
        artifactCount: r.artifact_count ?? 0,
        pullCount: r.pull_count ?? 0,
        updatedAt: r.update_time,
      }),
    ),
)

/** One pushed artifact of a repository: its tags, digest, size in bytes and push time. */
export interface HarborArtifact {
  readonly digest: string
  readonly tags: ReadonlyArray<string>
  readonly sizeBytes: number
  readonly pushedAt: number | undefined
}

/** An artifact as Harbor lists it. */
export const RawHarborArtifact = z.lazy(() =>
  z
    .object({
      digest: Text,
      size: OptionalNumber,
      push_time: EpochMs,
      tags: z
        .union([z.array(z.object({ name: z.string() }).loose()), z.null()])
        .optional()
        .transform((t) => (t ?? []).map((x) => x.name)),
    })
    .loose()
    .transform(
      (a): HarborArtifact => ({ digest: a.digest, tags: a.tags, sizeBytes: a.size ?? 0, pushedAt: a.push_time }),
    ),
)
