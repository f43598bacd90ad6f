import { msg } from "../../words/message.js"
import { callWord, joinText, type Text, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import { formatGigabytes, formatMegabytes, formatTime, renderTable } from "../common/render.js"
import { type HarborImagesResult, harborImages } from "./harbor.js"
import { type ImagesInput, ImagesInputSchema } from "./input.js"
import { ImagesOutput } from "./output.js"
import { type PlatformImagesResult, platformImages } from "./platform.js"

export type { HarborImagesResult } from "./harbor.js"
export type { PlatformImagesResult } from "./platform.js"
export { type ImagePushResult, imagePushOperation } from "./push.js"

/** What inspire_images returns, by source. */
export type ImagesResult = PlatformImagesResult | HarborImagesResult

/** A byte count as people read it: `9.1 GB`, `512 MB`. */
const size = (bytes: number | undefined): Text | undefined => {
  if (bytes === undefined || bytes <= 0) return undefined
  if (bytes >= 1e9) return formatGigabytes(bytes / 1e9, 1)
  return formatMegabytes(Math.max(1, Math.round(bytes / 1e6)))
}

const renderPlatform = (r: PlatformImagesResult): Text =>
  joinText(
    [
      msg("images-platform-heading", {
        workspace: r.workspace.name,
        registry: r.workspace.registry,
        visibility: r.visibility !== "all" ? `, ${r.visibility}` : "",
        search: r.search !== undefined ? msg("images-matching", { search: r.search }) : "",
        count: r.images.length,
      }),
      renderTable(
        r.images,
        [
          { header: msg("images-col-address"), cell: (i) => i.address },
          { header: msg("images-col-name"), cell: (i) => i.name },
          { header: msg("images-col-version"), cell: (i) => i.version },
          { header: msg("images-col-status"), cell: (i) => i.status },
          { header: msg("images-col-source"), cell: (i) => i.source },
          { header: msg("images-col-size"), cell: (i) => size(i.sizeBytes), align: "right" },
        ],
        msg("images-none"),
      ),
    ],
    "\n",
  )

const mark = (registered: boolean | undefined) =>
  registered === undefined ? "?" : registered ? msg("images-yes") : msg("images-no")

const renderHarbor = (r: HarborImagesResult): Text => {
  const where =
    r.registryFrom === "workspace"
      ? msg("images-where-workspace", { registry: r.registry })
      : msg("images-where", { registry: r.registry })
  const table =
    r.tags !== undefined
      ? [
          msg("images-tags-heading", { repo: r.repo ?? "", where, count: r.tags.length }),
          renderTable(
            r.tags,
            [
              { header: msg("images-col-tag"), cell: (t) => t.tag || msg("images-untagged") },
              { header: msg("images-col-address"), cell: (t) => t.address },
              { header: msg("images-col-registered"), cell: (t) => mark(t.registered) },
              { header: msg("images-col-size"), cell: (t) => size(t.sizeBytes), align: "right" },
              { header: msg("images-col-pushed"), cell: (t) => formatTime(t.pushedAt) },
            ],
            msg("images-no-tags"),
          ),
        ]
      : [
          msg("images-repos-heading", {
            where,
            search: r.search !== undefined ? msg("images-matching-plain", { search: r.search }) : "",
            count: r.total ?? 0,
          }),
          renderTable(
            r.repositories ?? [],
            [
              { header: msg("images-col-repository"), cell: (x) => x.name },
              { header: msg("images-col-address-tag"), cell: (x) => x.address },
              { header: msg("images-col-tags"), cell: (x) => x.artifactCount, align: "right" },
              {
                header: msg("images-col-registered"),
                cell: (x) =>
                  x.registeredVersions === undefined
                    ? "?"
                    : x.registeredVersions.length > 0
                      ? x.registeredVersions.join(", ")
                      : msg("images-registered-none"),
              },
              { header: msg("images-col-updated"), cell: (x) => formatTime(x.updatedAt) },
            ],
            msg("images-no-repositories"),
          ),
        ]
  return joinText([...table, ...r.notes], "\n")
}

export const imagesOperation = defineOperation({
  name: "images",
  title: "Browse platform images or Harbor repositories",
  description: text`Lists images: source platform (default) for those registered in 镜像管理, with the display address jobs must use; source harbor for pushed repositories (repo: its tags) and whether each is registered — an unregistered tag must be registered under 镜像管理 → 新建镜像 first. Harbor needs ${callWord("login", { target: "harbor", registry: "…" })}.`,
  input: ImagesInputSchema,
  output: ImagesOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: false },
  cli: { path: ["image", "list"], summary: "List images (platform or Harbor)" },
  run: (input: ImagesInput) => (input.source === "harbor" ? harborImages(input) : platformImages(input)),
  render: (r: ImagesResult) => (r.source === "platform" ? renderPlatform(r) : renderHarbor(r)),
})
