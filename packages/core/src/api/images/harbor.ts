import { z } from "zod"
import { HARBOR_PROJECT } from "../../domain/images.js"
import type { RegistryId } from "../../domain/workspaces.js"
import { Effect } from "../../effect.js"
import { InspireError } from "../../errors.js"
import { Harbor } from "../../platform/harbor.js"
import { collectPages } from "../../platform/paging.js"
import type { HttpResponse } from "../../platform/transport.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import { decode } from "../support.js"
import { type HarborArtifact, type HarborRepository, RawHarborArtifact, RawHarborRepository } from "./schema.js"

const REPOS = `projects/${HARBOR_PROJECT}/repositories`

// A lone UTF-16 surrogate cannot be encoded (URIError); like a shell, it becomes U+FFFD, which no
// repository holds, so the caller gets Harbor's "not found" instead of a crash.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

// Harbor wants a repository name with "/" encoded twice, so that its router keeps it as one segment (§4.16).
const repoSegment = (repo: string): string =>
  encodeURIComponent(
    encodeURIComponent(repo.replace(LONE_SURROGATE, "\uFFFD").replace(new RegExp(`^${HARBOR_PROJECT}/`), "")),
  )

const body = (registry: RegistryId, res: HttpResponse, what: Text): Effect.Effect<unknown, InspireError> => {
  if (res.status === 404)
    return Effect.fail(
      new InspireError({
        reason: "NotFound",
        message: msg("images-api-harbor-none", { registry, what }),
        hint: msg("images-api-harbor-none-fix", { call: callWord("images", { source: "harbor", registry: registry }) }),
      }),
    )
  if (res.status < 200 || res.status >= 300)
    return Effect.fail(
      new InspireError({
        reason: "PlatformError",
        message: msg("images-api-harbor-http", { registry, status: res.status, what }),
        hint: msg("images-api-harbor-http-fix"),
      }),
    )
  try {
    return Effect.succeed(res.body.trim() === "" ? null : JSON.parse(res.body))
  } catch {
    return Effect.fail(
      new InspireError({
        reason: "PlatformError",
        message: msg("images-api-harbor-not-json", { registry, what }),
        hint: msg("images-api-harbor-not-json-fix"),
      }),
    )
  }
}

/** A page of repositories and the total Harbor reports in `X-Total-Count`. */
export interface HarborRepositoryPage {
  readonly repositories: ReadonlyArray<HarborRepository>
  readonly total: number | undefined
}

/** Repositories of the `inspire-studio` project of one registry, most recently updated first. */
export const listHarborRepositories = (
  registry: RegistryId,
  options: { readonly search?: string; readonly page?: number; readonly pageSize?: number } = {},
): Effect.Effect<HarborRepositoryPage, InspireError, Harbor> =>
  Effect.gen(function* () {
    const harbor = yield* Harbor
    const search = options.search?.trim() ?? ""
    const res = yield* harbor.get(registry, REPOS, {
      page: options.page ?? 1,
      page_size: options.pageSize ?? 20,
      sort: "-update_time",
      ...(search !== "" ? { q: `name=~${search}` } : {}),
    })
    const data = yield* body(registry, res, msg("images-api-what-list"))
    const repositories = yield* decode(z.array(RawHarborRepository), data ?? [], `${registry} Harbor repositories`)
    const header = Number(res.headers["x-total-count"])
    return {
      repositories,
      total: Number.isFinite(header) && res.headers["x-total-count"] !== undefined ? header : undefined,
    }
  })

/** The pushed artifacts (tags, digest, size in bytes, push time) of one repository, every page. */
export const listHarborArtifacts = (
  registry: RegistryId,
  repo: string,
): Effect.Effect<ReadonlyArray<HarborArtifact>, InspireError, Harbor> =>
  Effect.gen(function* () {
    const harbor = yield* Harbor
    const all = yield* collectPages(
      (page, size) =>
        Effect.gen(function* () {
          const res = yield* harbor.get(registry, `${REPOS}/${repoSegment(repo)}/artifacts`, { page, page_size: size })
          const data = yield* body(registry, res, msg("images-api-what-repo", { repo }))
          const items = yield* decode(z.array(RawHarborArtifact), data ?? [], `${registry} Harbor artifacts`)
          return { items, total: res.headers["x-total-count"] }
        }),
      { firstPage: 1, pageSize: 50 },
    )
    return all.items
  })

/** Sets the description of one repository. */
export const setHarborDescription = (
  registry: RegistryId,
  repo: string,
  description: string,
): Effect.Effect<void, InspireError, Harbor> =>
  Effect.gen(function* () {
    const harbor = yield* Harbor
    const res = yield* harbor.put(registry, `${REPOS}/${repoSegment(repo)}`, { description })
    yield* body(registry, res, msg("images-api-what-repo", { repo }))
  })
