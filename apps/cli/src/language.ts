// The language the CLI speaks to its reader, chosen once per process (main.ts, before the program is
// built: help is built in it): INSPIRE_LANG, then the `lang` setting of the profile in force, then the
// locale (LC_ALL, LC_MESSAGES, LANG); English otherwise. `--json` anywhere on the line is English for
// everything, so JSON output and JSON errors are the same bytes in every language.
// The CLI's own sentences are in apps/cli/locales/<language>/*.ftl (ids start with `cli-`), added to
// core's catalogue at start-up; `msg` here words one at once in the CLI's language.
import type { Text } from "@holos-inspire/core"
import {
  addMessages,
  msg as coreMsg,
  type Language,
  languageOf,
  type MessageArgs,
  pickLanguage,
  renderWords,
} from "@holos-inspire/core/internal"
import { resolveStorePaths, storeRoots } from "@holos-inspire/core/store-paths"
import { readTrustedFile, untrustedFolder } from "@holos-inspire/core/store-trust"
import { CATALOGUE } from "./locales.generated.js"

addMessages(CATALOGUE)

let current: Language = "en"

/** The language of this process's output (English until `chooseLanguage` runs). */
export const language = (): Language => current

/** A message of the CLI's catalogue (or core's), worded at once in the CLI's language; calls in CLI terms. */
export const msg = (id: string, args: MessageArgs = {}): string => renderWords(coreMsg(id, args), "cli", current)

/** `text` (core's words: messages, calls, fields) worded for this reader. */
export const speak = (text: Text | string): string => renderWords(text, "cli", current)

interface Config {
  readonly currentProfile?: unknown
  readonly profiles?: Readonly<Record<string, { readonly defaults?: { readonly lang?: unknown } }>>
}

// config.json read synchronously, with the store's ownership checks; a missing, damaged or untrusted
// file sets no language (the command itself reports an untrusted store).
const readConfig = (env: NodeJS.ProcessEnv): Config => {
  try {
    const paths = resolveStorePaths(env)
    if (untrustedFolder(paths.configFile, storeRoots(paths)) !== undefined) return {}
    const text = readTrustedFile(paths.configFile)?.toString("utf8")
    const parsed: unknown = text !== undefined ? JSON.parse(text) : undefined
    return typeof parsed === "object" && parsed !== null ? (parsed as Config) : {}
  } catch {
    return {}
  }
}

// The profile the command line names (`--profile x`, `--profile=x`), else INSPIRE_PROFILE, else the config's.
const profileOf = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv, config: Config): string => {
  const end = argv.includes("--") ? argv.indexOf("--") : argv.length
  for (let i = 0; i < end; i++) {
    const token = argv[i] ?? ""
    if (token.startsWith("--profile=")) return token.slice("--profile=".length)
    if (token === "--profile" && i + 1 < end) return argv[i + 1] ?? ""
  }
  const fromEnv = env.INSPIRE_PROFILE?.trim()
  if (fromEnv) return fromEnv
  return typeof config.currentProfile === "string" && config.currentProfile !== "" ? config.currentProfile : "default"
}

/** The `lang` setting of the profile in force, if any. */
const configuredLanguage = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv): string | undefined => {
  const config = readConfig(env)
  const name = profileOf(argv, env, config)
  const profile =
    config.profiles !== undefined && Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined
  const lang = profile?.defaults?.lang
  return typeof lang === "string" ? lang : undefined
}

/**
 * Chooses the language for this process from `argv` and `env`, once. An INSPIRE_LANG that names no
 * language we speak (`fr`) is a one-line warning on stderr, then English.
 */
export const chooseLanguage = (argv: ReadonlyArray<string>, env: NodeJS.ProcessEnv = process.env): Language => {
  current = "en"
  if (argv.includes("--json")) return current
  const asked = env.INSPIRE_LANG?.trim() ?? ""
  if (asked !== "" && languageOf(asked) === undefined) {
    process.stderr.write(`${msg("cli-lang-unknown", { value: asked })}\n`)
    return current
  }
  // The config is read only when INSPIRE_LANG leaves the choice to it.
  const configured = asked === "" ? configuredLanguage(argv, env) : undefined
  current = pickLanguage({ env, configured, locale: true })
  return current
}
