import { listHarborArtifacts, listHarborRepositories } from "../../api/images/harbor.js"
import { listPlatformImages } from "../../api/images/platform.js"
import { listProjects } from "../../api/resources/projects.js"
import { listWorkspaces, type Workspace } from "../../api/resources/workspaces.js"
import { HARBOR_PROJECT, parseImageRef } from "../../domain/images.js"
import type { RegistryId } from "../../domain/workspaces.js"
import { Effect, Either } from "../../effect.js"
import { InspireError } from "../../errors.js"
import { ActiveProfile, registryTable } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord } from "../../words/text.js"
import type { OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { defaultOf } from "../common/defaults.js"
import { resolveReadWorkspace } from "../common/support.js"
import type { ImagesInput } from "./input.js"
import type { ImagesOutput } from "./output.js"

/** Harbor repositories, or one repository's tags: inspire_images' result for that source. */
export interface HarborImagesResult
  extends Extract<OutputOf<ReturnType<typeof ImagesOutput>>, { readonly source: "harbor" }> {}

/** A Harbor repository with the display address jobs use and the versions registered on the platform. */
export type HarborRepoRow = NonNullable<HarborImagesResult["repositories"]>[number]

/** One pushed tag of a repository. */
export type HarborTagRow = NonNullable<HarborImagesResult["tags"]>[number]

const PAGE_SIZE = 50

// The Harbor layer's hints name the CLI; an agent needs the tool call that fixes it.
const harborHint = (registry: RegistryId) =>
  Effect.mapError((e: InspireError) => {
    const login = msg("images-harbor-login", {
      registry,
      call: callWord("login", { target: "harbor", registry: registry, username: "…", password: "…" }),
    })
    if (e.reason === "NotLoggedIn" || e.reason === "RegistryAuthFailed")
      return new InspireError({ ...fields(e), hint: login })
    if (e.reason === "NotFound")
      return new InspireError({
        ...fields(e),
        hint: msg("images-harbor-lists", { call: callWord("images", { source: "harbor", registry: registry }) }),
      })
    return e
  })

const fields = (e: InspireError) => ({ reason: e.reason, message: e.text, hint: e.hint })

const whichRegistry = (input: ImagesInput) =>
  Effect.gen(function* () {
    const named = input.workspace ?? (yield* defaultOf("defaultWorkspace"))
    const workspace = named !== undefined ? yield* resolveReadWorkspace(input) : undefined
    if (input.registry !== undefined) return { registry: input.registry, from: "argument" as const, workspace }
    if (workspace !== undefined) return { registry: workspace.policy.registry, from: "workspace" as const, workspace }
    return { registry: "qb" as const, from: "default" as const, workspace }
  })

// Registration is per registry: any enabled workspace on the same registry sees the same image list.
const checkWorkspace = (registry: RegistryId, preferred: Workspace | undefined) =>
  preferred !== undefined && preferred.policy.registry === registry
    ? Effect.succeed<Workspace | undefined>(preferred)
    : Effect.map(listProjects(), (projects) =>
        listWorkspaces(projects).find((w) => w.enabled && w.policy.registry === registry),
      )

const registeredAddresses = (workspace: Workspace | undefined) =>
  workspace === undefined
    ? Effect.succeed(undefined)
    : Effect.map(Effect.either(listPlatformImages({ workspaceId: workspace.id, source: "all" })), (listed) =>
        Either.isRight(listed) ? new Set(listed.right.map((i) => i.address)) : undefined,
      )

// Accepts `my-image`, `inspire-studio/my-image`, or a full address with a tag.
const repoOf = (raw: string): { readonly name: string; readonly tag?: string } => {
  const ref = Either.getOrUndefined(parseImageRef(raw))
  const name = (ref?.repository ?? raw.trim()).replace(new RegExp(`^${HARBOR_PROJECT}/`), "")
  return ref?.tag !== undefined ? { name, tag: ref.tag } : { name }
}

/** Lists Harbor repositories or one repository's tags, marking what the platform has registered. */
export const harborImages = (input: ImagesInput): Effect.Effect<HarborImagesResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const { registry, from, workspace } = yield* whichRegistry(input)
    const hosts = registryTable(yield* ActiveProfile)[registry]
    // Harbor is asked first: without its login there is no point in reading the platform's image list.
    const registration = Effect.gen(function* () {
      const checkIn = yield* Effect.either(checkWorkspace(registry, workspace))
      const checked = Either.isRight(checkIn) ? checkIn.right : undefined
      const registered = yield* registeredAddresses(checked)
      const base = {
        source: "harbor" as const,
        registry,
        registryFrom: from,
        ...(checked !== undefined ? { checkedIn: { id: checked.id, name: checked.name } } : {}),
      }
      const uncheckable = registered === undefined ? [msg("images-uncheckable", { registry })] : []
      return { registered, base, uncheckable }
    })
    if (input.repo !== undefined && input.repo.trim() !== "") {
      const repo = repoOf(input.repo)
      const artifacts = yield* listHarborArtifacts(registry, repo.name).pipe(harborHint(registry))
      const { registered, base, uncheckable } = yield* registration
      const tags = artifacts
        .flatMap((a) =>
          (a.tags.length > 0 ? a.tags : [""]).map((tag): HarborTagRow => {
            const address = `${hosts.display}/${HARBOR_PROJECT}/${repo.name}${tag !== "" ? `:${tag}` : `@${a.digest}`}`
            return {
              tag,
              address,
              digest: a.digest,
              sizeBytes: a.sizeBytes,
              pushedAt: a.pushedAt,
              registered: registered === undefined ? undefined : registered.has(address),
            }
          }),
        )
        .filter((t) => repo.tag === undefined || t.tag === repo.tag)
      const missing = tags.filter((t) => t.registered === false && t.tag !== "")
      const notes = [
        ...uncheckable,
        ...(missing.length > 0
          ? [
              msg("images-unregistered", {
                tags: missing.map((t) => t.tag).join(", "),
                count: missing.length,
                repo: repo.name,
                versions: missing.map((t) => t.tag).join(" / "),
              }),
            ]
          : []),
      ]
      return { ...base, repo: repo.name, tags, notes } satisfies HarborImagesResult
    }
    const search = input.search?.trim()
    const page = yield* listHarborRepositories(registry, {
      pageSize: PAGE_SIZE,
      ...(search !== undefined && search !== "" ? { search } : {}),
    }).pipe(harborHint(registry))
    const { registered, base, uncheckable } = yield* registration
    const repositories = page.repositories.map((r): HarborRepoRow => {
      const address = `${hosts.display}/${r.fullName}`
      return {
        name: r.name,
        address,
        artifactCount: r.artifactCount,
        pullCount: r.pullCount,
        updatedAt: r.updatedAt,
        description: r.description,
        registeredVersions:
          registered === undefined
            ? undefined
            : [...registered].filter((a) => a.startsWith(`${address}:`)).map((a) => a.slice(address.length + 1)),
      }
    })
    const total = page.total ?? repositories.length
    const notes = [
      ...uncheckable,
      ...(total > repositories.length
        ? [msg("images-showing", { shown: repositories.length, total, field: fieldWord("search") })]
        : []),
      ...(repositories.length > 0
        ? [msg("images-tags-hint", { call: callWord("images", { source: "harbor", repo: "<name>" }) })]
        : []),
    ]
    return {
      ...base,
      ...(search !== undefined && search !== "" ? { search } : {}),
      repositories,
      total,
      notes,
    } satisfies HarborImagesResult
  })
