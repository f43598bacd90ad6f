import { createHash } from "node:crypto"
import { homedir } from "node:os"
import { join } from "node:path"

/** Where the shared store lives on disk. */
export interface StorePaths {
  readonly configDir: string
  readonly cacheDir: string
  readonly configFile: string
  readonly credentialsFile: string
  readonly sessionsDir: string
  readonly locksDir: string
  /**
   * The store's top folders: $INSPIRE_HOME when set, else the config and cache folders. Every folder
   * from one of them down to a store file must pass the ownership check (trust.ts).
   */
  readonly roots?: ReadonlyArray<string>
}

/** The store's top folders, for paths built without them (Store.layerAt). */
export const storeRoots = (paths: StorePaths): ReadonlyArray<string> => paths.roots ?? [paths.configDir, paths.cacheDir]

/**
 * Resolves the store's folders: `$INSPIRE_HOME/{config,cache}` when set, else the XDG config and
 * cache folders (`~/.config/holos-inspire`, `~/.cache/holos-inspire`).
 */
export const resolveStorePaths = (env: NodeJS.ProcessEnv = process.env, home: string = homedir()): StorePaths => {
  const root = env.INSPIRE_HOME?.trim()
  const configDir =
    root !== undefined && root !== ""
      ? join(root, "config")
      : join(env.XDG_CONFIG_HOME?.trim() || join(home, ".config"), "holos-inspire")
  const cacheDir =
    root !== undefined && root !== ""
      ? join(root, "cache")
      : join(env.XDG_CACHE_HOME?.trim() || join(home, ".cache"), "holos-inspire")
  return {
    configDir,
    cacheDir,
    configFile: join(configDir, "config.json"),
    credentialsFile: join(configDir, "credentials.json"),
    sessionsDir: join(cacheDir, "sessions"),
    locksDir: join(cacheDir, "locks"),
    roots: root !== undefined && root !== "" ? [root] : [configDir, cacheDir],
  }
}

/**
 * The production console, where a profile points when neither INSPIRE_BASE_URL nor the profile names a
 * base URL (profile.ts resolves it; completion reads kept discovery under the same scope).
 */
export const DEFAULT_BASE_URL = "https://qz.sii.edu.cn"

/** Whose discovery a resource cache file keeps: one file per store home, profile, base URL and account. */
export interface ResourceScope {
  readonly home: string | undefined
  readonly profile: string
  readonly baseUrl: string
  readonly username: string | undefined
}

/** The key of a resource cache scope, which also names its file. */
export const resourceScopeKey = (s: ResourceScope): string =>
  `${s.home ?? ""}|${s.profile}|${s.baseUrl}|${s.username ?? ""}`

/** The file that keeps a scope's discovery between processes (read by core's cache and by completion). */
export const resourceCacheFile = (paths: StorePaths, scopeKey: string): string =>
  join(paths.cacheDir, "resources", `${createHash("sha256").update(scopeKey).digest("hex").slice(0, 24)}.json`)
