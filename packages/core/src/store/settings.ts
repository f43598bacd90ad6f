import { homedir } from "node:os"
import { isAbsolute, join, normalize, relative } from "node:path"
import { checkJobImage, DEFAULT_REGISTRIES, type RegistryTable } from "../domain/images.js"
import { checkPriority } from "../domain/priority.js"
import { parseShm } from "../domain/resources.js"
import { Either } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { parseNotifyTarget } from "../notify/target.js"
import { languageOf, msg } from "../words/message.js"
import { type Text, text } from "../words/text.js"
import type { Defaults } from "./schema.js"

/** The manual's configuration keys, in the order the manual lists them, then where downloads go and the language. */
export const SETTING_KEYS = [
  "defaultProject",
  "defaultWorkspace",
  "defaultImage",
  "defaultPriority",
  "defaultShm",
  "commandPrefix",
  "downloadDir",
  "lang",
  "notify",
] as const
export type SettingKey = (typeof SETTING_KEYS)[number]

/** The environment variable that overrides each key. */
export const SETTING_ENV: Readonly<Record<SettingKey, string>> = {
  defaultProject: "INSPIRE_DEFAULT_PROJECT",
  defaultWorkspace: "INSPIRE_DEFAULT_WORKSPACE",
  defaultImage: "INSPIRE_DEFAULT_IMAGE",
  defaultPriority: "INSPIRE_DEFAULT_PRIORITY",
  defaultShm: "INSPIRE_DEFAULT_SHM",
  commandPrefix: "INSPIRE_COMMAND_PREFIX",
  downloadDir: "INSPIRE_DOWNLOAD_DIR",
  lang: "INSPIRE_LANG",
  notify: "INSPIRE_NOTIFY",
}

const HELP: Readonly<Record<SettingKey, () => Text>> = {
  defaultProject: () => msg("settings-help-default-project"),
  defaultWorkspace: () => msg("settings-help-default-workspace"),
  defaultImage: () => msg("settings-help-default-image"),
  defaultPriority: () => msg("settings-help-default-priority"),
  defaultShm: () => msg("settings-help-default-shm"),
  commandPrefix: () => msg("settings-help-command-prefix"),
  downloadDir: () => msg("settings-help-download-dir"),
  lang: () => msg("settings-help-lang"),
  notify: () => msg("settings-help-notify"),
}

/** What a key holds, for help texts and hints: a message, worded where it is shown. */
export const settingHelp = (key: SettingKey): Text => HELP[key]()

/** A value typed as the store keeps it. */
export type SettingValue = string | number

const isKey = (key: string): key is SettingKey => (SETTING_KEYS as ReadonlyArray<string>).includes(key)

/**
 * A downloads folder as written by a person or an agent: absolute (or `~/…`), no `..`, no hidden folder
 * (`~/.ssh`), and neither the file system's root nor your home folder or a folder above it. Where the
 * store lives is checked when files are written (see operations/common/tasks/output-file.ts).
 */
export const checkDownloadDir = (raw: string, home: string = homedir()): Either.Either<string, InspireError> => {
  const text = raw.trim()
  const expanded = text === "~" ? home : text.startsWith("~/") ? join(home, text.slice(2)) : text
  const refuse = (why: "relative" | "dots" | "hidden" | "home") =>
    Either.left(
      invalidInput(msg("settings-download-dir-refused", { dir: text, why }), msg("settings-download-dir-hint")),
    )
  if (!isAbsolute(expanded)) return refuse("relative")
  const parts = expanded.split(/[\\/]+/)
  if (parts.includes("..")) return refuse("dots")
  if (parts.some((p) => p.startsWith(".") && p !== ".")) return refuse("hidden")
  const dir = normalize(expanded).replace(/[\\/]+$/, "") || "/"
  const rel = relative(dir, home)
  if (rel === "" || (!rel.startsWith("..") && !isAbsolute(rel))) return refuse("home")
  return Either.right(dir)
}

/** Checks that a key is one of SETTING_KEYS, with the list of keys in the error. */
export const parseSettingKey = (key: string): Either.Either<SettingKey, InspireError> =>
  isKey(key)
    ? Either.right(key)
    : Either.left(
        invalidInput(
          msg("settings-unknown-key", { key }),
          msg("settings-use-one-of", { keys: SETTING_KEYS.join(", ") }),
          {
            candidates: SETTING_KEYS,
          },
        ),
      )

/** Validates and types a value for a key, as written by a person or an agent. */
export const parseSettingValue = (
  key: SettingKey,
  raw: string | number,
  registries: RegistryTable = DEFAULT_REGISTRIES,
): Either.Either<SettingValue, InspireError> => {
  const text = String(raw).trim()
  if (text === "")
    return Either.left(invalidInput(msg("settings-empty-value", { key }), msg("settings-empty-value-hint", { key })))
  switch (key) {
    case "defaultPriority": {
      if (!/^-?\d+$/.test(text))
        return Either.left(
          invalidInput(msg("settings-priority-invalid", { value: text }), msg("settings-priority-invalid-hint")),
        )
      return Either.map(checkPriority(Number(text)), (p) => p.priority)
    }
    case "defaultShm":
      return Either.map(parseShm(text, "MB"), (gi) => (/^\d+$/.test(text) ? Number(text) : gi * 1024))
    case "defaultImage":
      return Either.map(checkJobImage(text, { registries }), (image) => image.address)
    case "downloadDir":
      return checkDownloadDir(text)
    case "notify":
      return Either.map(parseNotifyTarget(text), () => text)
    case "lang": {
      const lang = languageOf(text)
      return lang !== undefined
        ? Either.right(lang)
        : Either.left(invalidInput(msg("settings-lang-invalid", { value: text }), msg("settings-lang-invalid-hint")))
    }
    default:
      return Either.right(text)
  }
}

/** Where a resolved value came from; precedence is argument > environment > profile > default. */
export type SettingSource = "argument" | "environment" | "profile" | "default" | "unset"

/** A value together with its origin, so `config get` can say why it is what it is. */
export interface Resolved<A> {
  readonly value: A | undefined
  readonly source: SettingSource
  /** The environment variable or file it came from, when there is one. */
  readonly from?: string
}

/** The one precedence rule of the project: argument > environment > profile > built-in default. */
export const resolveValue = <A>(layers: {
  readonly argument?: A | undefined
  readonly environment?: { readonly value: A | undefined; readonly name: string }
  readonly profile?: { readonly value: A | undefined; readonly name: string }
  readonly fallback?: A | undefined
}): Resolved<A> => {
  if (layers.argument !== undefined) return { value: layers.argument, source: "argument" }
  if (layers.environment?.value !== undefined)
    return { value: layers.environment.value, source: "environment", from: layers.environment.name }
  if (layers.profile?.value !== undefined)
    return { value: layers.profile.value, source: "profile", from: layers.profile.name }
  if (layers.fallback !== undefined) return { value: layers.fallback, source: "default" }
  return { value: undefined, source: "unset" }
}

/**
 * A setting resolved through every layer; an invalid environment value is an error naming the variable,
 * except a language inspire does not speak (`INSPIRE_LANG=fr`), which is English (the CLI and the MCP
 * server say so once on stderr).
 */
export const resolveSetting = (
  key: SettingKey,
  input: {
    readonly argument?: SettingValue
    readonly env: NodeJS.ProcessEnv
    readonly defaults: Defaults
    readonly profile: string
    readonly registries?: RegistryTable
  },
): Either.Either<Resolved<SettingValue>, InspireError> => {
  const envName = SETTING_ENV[key]
  const envRaw = input.env[envName]?.trim()
  const envValue =
    envRaw === undefined || envRaw === ""
      ? Either.right(undefined)
      : key === "lang"
        ? Either.right(languageOf(envRaw) ?? "en")
        : Either.mapLeft(parseSettingValue(key, envRaw, input.registries), (e) =>
            invalidInput(text`${envName}: ${e.text}`, text`${msg("settings-env-hint", { env: envName })} ${e.hint}`),
          )
  return Either.map(envValue, (value) =>
    resolveValue<SettingValue>({
      argument: input.argument,
      environment: { value, name: envName },
      profile: { value: input.defaults[key], name: `profile ${input.profile}` },
    }),
  )
}
