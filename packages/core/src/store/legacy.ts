import { readFile } from "node:fs/promises"
import { homedir } from "node:os"
import { join } from "node:path"
import { Effect, Either } from "../effect.js"
import { parseJsonc } from "./jsonc.js"
import type { Defaults, Secret } from "./schema.js"
import { parseSettingValue, SETTING_KEYS } from "./settings.js"

/** What the old Synergy plugin left behind: its credentials and its defaults. */
export interface LegacySynergyData {
  readonly inspire?: Secret
  readonly harbor: { readonly qb?: Secret; readonly sj?: Secret }
  readonly defaults: Defaults
  readonly sources: ReadonlyArray<string>
}

/** Synergy's data root: `$SYNERGY_HOME/.synergy`, else `~/.synergy` (PLUGIN-API.md §4). */
const synergyRoot = (env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string =>
  join(env.SYNERGY_HOME?.trim() || env.SYNERGY_TEST_HOME?.trim() || home, ".synergy")

const readText = (path: string) => Effect.promise(() => readFile(path, "utf8").catch(() => undefined))

const str = (o: Record<string, unknown>, ...keys: ReadonlyArray<string>): string | undefined => {
  for (const k of keys) {
    const v = o[k]
    if (typeof v === "string" && v.trim() !== "") return v
  }
  return undefined
}

const pair = (username: string | undefined, password: string | undefined): Secret | undefined =>
  username !== undefined && password !== undefined ? { username, password } : undefined

/**
 * Reads the credentials Synergy migrated to `data/plugin/inspire/auth.json` and the defaults kept under
 * `pluginConfig.inspire`. Unreadable or invalid pieces are skipped: this is a best-effort import.
 */
export const readLegacySynergy = (
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): Effect.Effect<LegacySynergyData> =>
  Effect.gen(function* () {
    const root = synergyRoot(env, home)
    const sources: string[] = []
    const authPath = join(root, "data", "plugin", "inspire", "auth.json")
    const authText = yield* readText(authPath)
    const auth = authText !== undefined ? parseJsonc(authText) : undefined
    const a = typeof auth === "object" && auth !== null ? (auth as Record<string, unknown>) : {}
    if (authText !== undefined && Object.keys(a).length > 0) sources.push(authPath)
    const inspire = pair(str(a, "inspire-username"), str(a, "inspire-password"))
    const qb = pair(str(a, "harbor-username"), str(a, "harbor-password"))
    const sj = pair(
      str(a, "harbor-username-sj", "harbor-sj-username"),
      str(a, "harbor-password-sj", "harbor-sj-password"),
    )

    const defaults: Record<string, string | number> = {}
    for (const file of ["50-plugins.jsonc", "50-plugins.json"]) {
      const path = join(root, "config", "synergy.d", file)
      const text = yield* readText(path)
      const parsed = text !== undefined ? parseJsonc(text) : undefined
      const section = (parsed as { pluginConfig?: { inspire?: Record<string, unknown> } } | undefined)?.pluginConfig
        ?.inspire
      if (section === undefined || typeof section !== "object") continue
      sources.push(path)
      for (const key of SETTING_KEYS) {
        const raw = section[key]
        if ((typeof raw !== "string" && typeof raw !== "number") || key in defaults) continue
        const value = parseSettingValue(key, raw)
        if (Either.isRight(value)) defaults[key] = value.right
      }
    }
    return {
      ...(inspire !== undefined ? { inspire } : {}),
      harbor: { ...(qb !== undefined ? { qb } : {}), ...(sj !== undefined ? { sj } : {}) },
      defaults,
      sources,
    }
  })
