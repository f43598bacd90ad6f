import { Either } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, plain, type Text } from "../words/text.js"
import type { RegistryId } from "./workspaces.js"

/** The hosts of one Harbor registry: where images are pushed, and the address jobs must use. */
export interface RegistryHosts {
  readonly push: string
  readonly display: string
}

/** Both registries' hosts; taken from the profile so tests and the emulator can point elsewhere. */
export type RegistryTable = Readonly<Record<RegistryId, RegistryHosts>>

/** The production hosts of the manual. */
export const DEFAULT_REGISTRIES: RegistryTable = {
  qb: { push: "docker-qb.sii.edu.cn", display: "docker.sii.shaipower.online" },
  sj: { push: "docker-t.sii.edu.cn", display: "docker-t.sii.shaipower.online" },
}

/** The Harbor project every user image lives in. */
export const HARBOR_PROJECT = "inspire-studio"

/** An image reference split into its parts; `host` is absent for a short name. */
export interface ImageRef {
  readonly host?: string
  readonly repository: string
  readonly tag?: string
  readonly digest?: string
}

const COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/
const DIGEST = /^sha256:[a-f0-9]{64}$/
const HOST = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$/

const badRef = (raw: string, why: Text): InspireError =>
  invalidInput(msg("domain-image-bad-ref", { raw, why }), msg("domain-image-bad-ref-hint"))

// Docker's rule: the first component is a host when it has a dot or a port, or is localhost.
const looksLikeHost = (part: string): boolean => part.includes(".") || part.includes(":") || part === "localhost"

/** Parses an image reference (short name, push-domain or display address), tolerating a pasted URL scheme. */
export const parseImageRef = (raw: string): Either.Either<ImageRef, InspireError> => {
  const text = raw.trim().replace(/^(https?|docker):\/\//i, "")
  if (text === "") return Either.left(badRef(raw, msg("domain-image-empty")))
  if (/\s/.test(text)) return Either.left(badRef(raw, msg("domain-image-spaces")))
  const [beforeDigest, digest, ...rest] = text.split("@")
  if (rest.length > 0 || beforeDigest === undefined) return Either.left(badRef(raw, msg("domain-image-two-at")))
  if (digest !== undefined && !DIGEST.test(digest)) return Either.left(badRef(raw, msg("domain-image-digest")))
  const parts = beforeDigest.split("/")
  const first = parts[0] ?? ""
  const host = parts.length > 1 && looksLikeHost(first) ? first.toLowerCase() : undefined
  if (host !== undefined && !HOST.test(host)) return Either.left(badRef(raw, msg("domain-image-host", { host: first })))
  const pathParts = host === undefined ? parts : parts.slice(1)
  const last = pathParts.at(-1) ?? ""
  const colon = last.lastIndexOf(":")
  const tag = colon >= 0 ? last.slice(colon + 1) : undefined
  const names = [...pathParts.slice(0, -1), colon >= 0 ? last.slice(0, colon) : last]
  if (names.some((n) => !COMPONENT.test(n))) return Either.left(badRef(raw, msg("domain-image-names")))
  if (tag !== undefined && !TAG.test(tag)) return Either.left(badRef(raw, msg("domain-image-tag", { tag })))
  return Either.right({
    repository: names.join("/"),
    ...(host !== undefined ? { host } : {}),
    ...(tag !== undefined ? { tag } : {}),
    ...(digest !== undefined ? { digest } : {}),
  })
}

/** Formats an image reference back into its string form. */
export const formatImageRef = (ref: ImageRef): string =>
  `${ref.host !== undefined ? `${ref.host}/` : ""}${ref.repository}${ref.tag !== undefined ? `:${ref.tag}` : ""}${
    ref.digest !== undefined ? `@${ref.digest}` : ""
  }`

/** Which registry and which of its domains a host belongs to, if any. */
export const classifyHost = (
  host: string,
  registries: RegistryTable = DEFAULT_REGISTRIES,
): { readonly registry: RegistryId; readonly domain: "push" | "display" } | undefined => {
  const h = host.toLowerCase()
  for (const registry of ["qb", "sj"] as const) {
    if (registries[registry].display.toLowerCase() === h) return { registry, domain: "display" }
    if (registries[registry].push.toLowerCase() === h) return { registry, domain: "push" }
  }
  return undefined
}

// A bare name lives in the Harbor project, so `my-image:v1` means inspire-studio/my-image:v1.
const withProject = (repository: string): string =>
  repository.includes("/") ? repository : `${HARBOR_PROJECT}/${repository}`

/**
 * Turns any reference to a platform image (short name, push-domain or display address) into the
 * display-domain address that jobs, notebooks and servings must use.
 */
export const toDisplayAddress = (
  raw: string,
  options: { readonly registry?: RegistryId; readonly registries?: RegistryTable } = {},
): Either.Either<string, InspireError> => {
  const registries = options.registries ?? DEFAULT_REGISTRIES
  return Either.flatMap(parseImageRef(raw), (ref) => {
    if (ref.host === undefined) {
      const host = registries[options.registry ?? "qb"].display
      return Either.right(formatImageRef({ ...ref, host, repository: withProject(ref.repository) }))
    }
    const where = classifyHost(ref.host, registries)
    if (where === undefined) return Either.left(foreignHost(raw, ref.host, registries))
    return Either.right(formatImageRef({ ...ref, host: registries[where.registry].display }))
  })
}

const foreignHost = (raw: string, host: string, registries: RegistryTable): InspireError =>
  invalidInput(
    msg("domain-image-foreign", { raw, host }),
    msg("domain-image-foreign-hint", { call: callWord("image_push") }),
    { candidates: [registries.qb.display, registries.sj.display] },
  )

/** An image address checked for use by a job, notebook or serving. */
export interface JobImage {
  readonly address: string
  readonly registry: RegistryId
  readonly warnings: ReadonlyArray<Text>
}

/**
 * Checks the image a job will run: it must be a full display-domain address with a tag. A push-domain
 * address is a fixable error whose `fix` holds the display address; a registry that does not match the
 * workspace's (SJ spaces use sj only) is a warning.
 */
export const checkJobImage = (
  raw: string,
  options: { readonly registries?: RegistryTable; readonly workspaceRegistry?: RegistryId } = {},
): Either.Either<JobImage, InspireError> => {
  const registries = options.registries ?? DEFAULT_REGISTRIES
  return Either.flatMap(parseImageRef(raw), (ref) => {
    if (ref.host === undefined) {
      const fix = Either.getOrUndefined(
        toDisplayAddress(raw, { registries, registry: options.workspaceRegistry ?? "qb" }),
      )
      return Either.left(
        invalidInput(
          msg("domain-image-no-host", { raw }),
          fix !== undefined
            ? msg("domain-image-no-host-fix", { fix })
            : msg("domain-image-no-host-hint", { call: callWord("images") }),
          fix !== undefined ? { fix: plain(fix) } : {},
        ),
      )
    }
    const where = classifyHost(ref.host, registries)
    if (where === undefined) return Either.left(foreignHost(raw, ref.host, registries))
    if (where.domain === "push") {
      const fix = formatImageRef({ ...ref, host: registries[where.registry].display })
      return Either.left(
        invalidInput(
          msg("domain-image-push-domain", { raw, host: ref.host }),
          msg("domain-image-use-instead", { fix }),
          { fix: plain(fix) },
        ),
      )
    }
    if (ref.tag === undefined && ref.digest === undefined)
      return Either.left(
        invalidInput(
          msg("domain-image-no-tag", { raw }),
          msg("domain-image-no-tag-hint", { call: callWord("images") }),
        ),
      )
    const warnings =
      options.workspaceRegistry !== undefined && options.workspaceRegistry !== where.registry
        ? [msg("domain-image-registry-mismatch", { registry: where.registry, workspace: options.workspaceRegistry })]
        : []
    return Either.right({ address: formatImageRef(ref), registry: where.registry, warnings })
  })
}

/** Where a local image is pushed: `<push domain>/inspire-studio/<name>:<tag>`. */
export const pushAddress = (
  name: string,
  tag: string,
  registry: RegistryId,
  registries: RegistryTable = DEFAULT_REGISTRIES,
): string => `${registries[registry].push}/${HARBOR_PROJECT}/${name}:${tag}`
