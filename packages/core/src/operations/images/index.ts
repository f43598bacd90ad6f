import { callWord, fieldWord } from "../../words/token.js"
import { defineOperation } from "../catalogue/operation.js"
import { formatTime, renderTable } from "../common/render.js"
import { type HarborImagesResult, harborImages } from "./harbor.js"
import { type ImagesInput, ImagesInputSchema } from "./input.js"
import { ImagesOutput } from "./output.js"
import { type PlatformImagesResult, platformImages } from "./platform.js"

export type { HarborImagesResult, HarborRepoRow, HarborTagRow } from "./harbor.js"
export type { ImageRow, PlatformImagesResult } from "./platform.js"
export { type ImagePushInput, ImagePushInputSchema, type ImagePushResult, imagePushOperation } from "./push.js"

/** What inspire_images returns, by source. */
export type ImagesResult = PlatformImagesResult | HarborImagesResult

/** A byte count as people read it: `9.1 GB`, `512 MB`. */
const size = (bytes: number | undefined): string | undefined => {
  if (bytes === undefined || bytes <= 0) return undefined
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`
  return `${Math.max(1, Math.round(bytes / 1e6))} MB`
}

const renderPlatform = (r: PlatformImagesResult) =>
  [
    `Registered images for ${r.workspace.name} (${r.workspace.registry} registry${r.visibility !== "all" ? `, ${r.visibility}` : ""}${r.search !== undefined ? `, matching "${r.search}"` : ""}): ${r.images.length}`,
    renderTable(
      r.images,
      [
        { header: "ADDRESS (use in jobs)", cell: (i) => i.address },
        { header: "NAME", cell: (i) => i.name },
        { header: "VERSION", cell: (i) => i.version },
        { header: "STATUS", cell: (i) => i.status },
        { header: "SOURCE", cell: (i) => i.source },
        { header: "SIZE", cell: (i) => size(i.sizeBytes), align: "right" },
      ],
      "(no images)",
    ),
  ].join("\n")

const mark = (registered: boolean | undefined) => (registered === undefined ? "?" : registered ? "yes" : "NO")

const renderHarbor = (r: HarborImagesResult) => {
  const where = `${r.registry} Harbor${r.registryFrom === "workspace" ? " (the workspace's registry)" : ""}`
  const table =
    r.tags !== undefined
      ? [
          `Tags of ${r.repo} on ${where}: ${r.tags.length}`,
          renderTable(
            r.tags,
            [
              { header: "TAG", cell: (t) => t.tag || "(untagged)" },
              { header: "ADDRESS (use in jobs)", cell: (t) => t.address },
              { header: "REGISTERED", cell: (t) => mark(t.registered) },
              { header: "SIZE", cell: (t) => size(t.sizeBytes), align: "right" },
              { header: "PUSHED", cell: (t) => formatTime(t.pushedAt) },
            ],
            "(no tags)",
          ),
        ]
      : [
          `Repositories on ${where}${r.search !== undefined ? ` matching "${r.search}"` : ""}: ${r.total ?? 0}`,
          renderTable(
            r.repositories ?? [],
            [
              { header: "REPOSITORY", cell: (x) => x.name },
              { header: "ADDRESS (add :tag)", cell: (x) => x.address },
              { header: "TAGS", cell: (x) => x.artifactCount, align: "right" },
              {
                header: "REGISTERED",
                cell: (x) =>
                  x.registeredVersions === undefined
                    ? "?"
                    : x.registeredVersions.length > 0
                      ? x.registeredVersions.join(", ")
                      : "none",
              },
              { header: "UPDATED", cell: (x) => formatTime(x.updatedAt) },
            ],
            "(no repositories)",
          ),
        ]
  return [...table, ...r.notes].join("\n")
}

export const imagesOperation = defineOperation({
  name: "images",
  title: "Browse platform images or Harbor repositories",
  description:
    `Lists images. ${fieldWord("source", "platform")} (default): images registered in 镜像管理 for the workspace's registry, with the display address jobs, notebooks and servings must use; filter by search and visibility (official, public, private, all). ` +
    `${fieldWord("source", "harbor")}: raw pushed repositories of the qb or sj registry (default: the workspace's, so SJ spaces use sj), or with ${fieldWord("repo", "<name>")} its tags with size and push time; every row shows the display address and whether the platform has it registered — an unregistered tag must be registered under 镜像管理 → 新建镜像 (镜像名称, 版本号) before use. ` +
    `Harbor needs the registry's robot account: ${callWord("login", { target: "harbor", registry: "…" })}. Read-only.`,
  input: ImagesInputSchema,
  output: ImagesOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: false },
  cli: { path: ["image", "list"], summary: "List images (platform or Harbor)" },
  run: (input: ImagesInput) => (input.source === "harbor" ? harborImages(input) : platformImages(input)),
  render: (r: ImagesResult) => (r.source === "platform" ? renderPlatform(r) : renderHarbor(r)),
})
