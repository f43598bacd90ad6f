// Names for completion from what is on disk: profiles from the store's config, workspaces, projects
// and compute groups from the discovery core keeps between calls (core's api/resources/cache.ts and
// cache-file.ts). Read only, best effort, with the store's ownership checks: a missing, damaged or
// untrusted file completes nothing. Expired entries are used too: a name that was right minutes ago
// is a better guess than none, and the command checks it anyway.
import {
  DEFAULT_BASE_URL,
  resolveStorePaths,
  resourceCacheFile,
  resourceScopeKey,
  storeRoots,
} from "@holos-inspire/core/store-paths"
import { readTrustedFile, untrustedFolder } from "@holos-inspire/core/store-trust"
import type { NameContext, NameReader } from "./candidates.js"
import { type LiveReader, liveNames } from "./live.js"

interface ProfileEntry {
  readonly username?: string
  readonly endpoints?: { readonly baseUrl?: string }
}

interface Config {
  readonly currentProfile?: string
  readonly profiles?: Readonly<Record<string, ProfileEntry>>
}

interface Named {
  readonly id?: string
  readonly name?: string
  readonly enName?: string
  readonly workspaceId?: string
  readonly workspaces?: ReadonlyArray<Named>
  readonly groups?: ReadonlyArray<Named>
}

/** A JSON file of the store, read with its ownership checks; undefined when missing, damaged or untrusted. */
export const readJson = (file: string, roots: ReadonlyArray<string>): unknown => {
  try {
    if (untrustedFolder(file, roots) !== undefined) return undefined
    const text = readTrustedFile(file)?.toString("utf8")
    return text !== undefined ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined

const list = (value: unknown): ReadonlyArray<Named> =>
  Array.isArray(value) ? value.filter((v): v is Named => typeof v === "object" && v !== null) : []

/**
 * The file core keeps a profile's discovery in (the profile the command line, INSPIRE_PROFILE or the
 * config selects), and the store's roots.
 */
export const scopeFile = (
  env: NodeJS.ProcessEnv,
  profileGiven: string | undefined,
): { readonly file: string; readonly roots: ReadonlyArray<string> } => {
  const paths = resolveStorePaths(env)
  const roots = storeRoots(paths)
  const c = (readJson(paths.configFile, roots) as Config | undefined) ?? {}
  const name = profileGiven || env.INSPIRE_PROFILE?.trim() || c.currentProfile || "default"
  const profile = own(c.profiles, name)
  const baseUrl = env.INSPIRE_BASE_URL?.trim() || profile?.endpoints?.baseUrl || DEFAULT_BASE_URL
  // The scope core's resource cache keeps this profile's discovery under (store/paths.ts names the file).
  const key = resourceScopeKey({ home: env.INSPIRE_HOME, profile: name, baseUrl, username: profile?.username })
  return { file: resourceCacheFile(paths, key), roots }
}

/** A reader of the names kept for the profile the command line (or INSPIRE_PROFILE, or the config) selects. */
export const keptNames = (env: NodeJS.ProcessEnv, live: LiveReader = liveNames(env)): NameReader => {
  const paths = resolveStorePaths(env)
  const roots = storeRoots(paths)
  let config: Config | undefined
  const configOf = (): Config => {
    config ??= (readJson(paths.configFile, roots) as Config | undefined) ?? {}
    return config
  }
  const entriesOf = (context: NameContext): Readonly<Record<string, { readonly value?: unknown }>> => {
    const { file } = scopeFile(env, context.profile)
    const kept = readJson(file, roots) as { entries?: Record<string, { value?: unknown }> } | undefined
    return kept?.entries ?? {}
  }
  return (kind, context) => {
    if (kind === "task" || kind === "notebook" || kind === "serving" || kind === "recipe" || kind === "sweep")
      return live(kind, context)
    if (kind === "profile") {
      const c = configOf()
      return [...new Set([...Object.keys(c.profiles ?? {}), ...(c.currentProfile ? [c.currentProfile] : [])])].sort()
    }
    const entries = entriesOf(context)
    const projects = list(own(entries, "projects")?.value)
    if (kind === "project")
      return projects.flatMap((p) => [p.name, p.enName]).filter((n): n is string => typeof n === "string" && n !== "")
    const workspaces = projects.flatMap((p) => list(p.workspaces))
    if (kind === "workspace") return workspaces.flatMap((w) => (typeof w.name === "string" ? [w.name] : []))
    const groups = Object.entries(entries).flatMap(([key, e]) =>
      key.startsWith("groups:") ? list(e.value) : key.startsWith("structure:") ? list((e.value as Named)?.groups) : [],
    )
    // With --workspace on the line, only that workspace's groups (when it is known by name or id).
    const wanted = context.workspace
    const ids = new Set(workspaces.filter((w) => w.name === wanted || w.id === wanted).map((w) => w.id))
    if (wanted?.startsWith("ws-")) ids.add(wanted)
    const inWorkspace = groups.filter((g) => ids.has(g.workspaceId))
    return (inWorkspace.length > 0 ? inWorkspace : groups).flatMap((g) => (typeof g.name === "string" ? [g.name] : []))
  }
}
