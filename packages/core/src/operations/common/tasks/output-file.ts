import { realpathSync } from "node:fs"
import { isAbsolute, join, relative } from "node:path"
import { Effect, Either, type Scope } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { ActiveProfile } from "../../../profile.js"
import { fileError, openConfined, placeUnder, type Root } from "../../../store/confined.js"
import { checkDownloadDir, resolveSetting, SETTING_ENV } from "../../../store/settings.js"
import { Store } from "../../../store/store.js"
import { msg } from "../../../words/message.js"
import { text } from "../../../words/text.js"
import type { OperationContext } from "../../catalogue/operation.js"

/**
 * Where operations write files (a log download, a metrics CSV, the CLI's chart). Files go only inside
 * an allowed folder: the downloads folder (config `downloadDir` / INSPIRE_DOWNLOAD_DIR, default
 * `<cacheDir>/downloads`) and, for the CLI, the current directory. A relative path starts in the current
 * directory (CLI) or the downloads folder (MCP, the plugin); `..`, a path outside, a symbolic link below
 * the folder and an existing file without `overwrite` are refused (store/confined.ts does the checks).
 */

/** A download being written for the scope: `commit` puts it in place, else the scope's end removes it. */
export interface OutputFile {
  readonly path: string
  /** Appends text; counts the bytes written. */
  readonly write: (text: string | Uint8Array) => Effect.Effect<void, InspireError>
  readonly bytes: () => number
  readonly commit: Effect.Effect<void, InspireError>
}

/** Where a download goes when asked to write a file. */
export interface DownloadTarget {
  /** The file asked for; absent or blank: `defaultName` in the downloads folder. */
  readonly path: string | undefined
  readonly defaultName: string
  readonly overwrite: boolean
  /** The input field naming the file, for messages; default `path`. */
  readonly field?: string
}

const realOr = (path: string): string => {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

const inside = (path: string, dir: string): boolean => {
  const rel = relative(dir, path)
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel))
}

/**
 * The downloads folder in force: INSPIRE_DOWNLOAD_DIR, else the profile's downloadDir, else
 * `<cacheDir>/downloads`. A configured folder may not hold or lie inside the store (credentials,
 * sessions), other than inside `<cacheDir>/downloads`.
 */
const downloadDir: Effect.Effect<string, InspireError, ActiveProfile | Store> = Effect.gen(function* () {
  const profile = yield* ActiveProfile
  const store = yield* Store
  const fallback = join(store.paths.cacheDir, "downloads")
  const name = profile.name.value ?? "default"
  const defaults = yield* profile.readDefaults
  const resolved = resolveSetting("downloadDir", { env: profile.env, defaults, profile: name })
  if (Either.isLeft(resolved)) return yield* Effect.fail(resolved.left)
  const value = resolved.right.value
  if (value === undefined) return fallback
  const where =
    resolved.right.source === "environment"
      ? SETTING_ENV.downloadDir
      : msg("common-ops-download-dir-of", { profile: name })
  const checked = checkDownloadDir(String(value))
  if (Either.isLeft(checked))
    return yield* Effect.fail(invalidInput(text`${where}: ${checked.left.text}`, checked.left.hint))
  const dir = realOr(checked.right)
  const storeDirs = [store.paths.configDir, store.paths.cacheDir].map(realOr)
  const holdsStore = storeDirs.some((s) => inside(s, dir))
  const inStore = storeDirs.some((s) => inside(dir, s)) && !inside(dir, realOr(fallback))
  if (holdsStore || inStore)
    return yield* Effect.fail(
      invalidInput(
        msg("common-ops-download-dir-store", { where, dir: checked.right, holds: holdsStore ? "yes" : "no" }),
        msg("common-ops-download-dir-store-hint", { fallback }),
      ),
    )
  return checked.right
})

/** The folders files may be written in for this call: the current directory (CLI only), then downloads. */
export const fileRoots = (
  context: OperationContext,
): Effect.Effect<ReadonlyArray<Root>, InspireError, ActiveProfile | Store> =>
  Effect.map(
    downloadDir,
    (dir): ReadonlyArray<Root> => [
      ...(context.workingDir !== undefined ? [{ path: context.workingDir, label: msg("common-ops-root-cwd") }] : []),
      { path: dir, label: msg("common-ops-root-downloads"), create: true },
    ],
  )

/** Opens the file of a download for the scope, checked against the allowed folders. */
export const openDownload = (
  target: DownloadTarget,
  context: OperationContext,
): Effect.Effect<OutputFile, InspireError, Scope.Scope | ActiveProfile | Store> =>
  Effect.gen(function* () {
    const roots = yield* fileRoots(context)
    const field = target.field ?? "path"
    const wanted = target.path?.trim() ?? ""
    const open = Effect.try({
      try: () => {
        const downloads = roots.filter((r) => r.create === true)
        const place =
          wanted === "" ? placeUnder(target.defaultName, downloads, field) : placeUnder(wanted, roots, field)
        return openConfined(place, { overwrite: target.overwrite, field })
      },
      catch: (e) => fileError(wanted || target.defaultName, e),
    })
    let committed = false
    const file = yield* Effect.acquireRelease(open, (f) =>
      Effect.sync(() => {
        if (committed) return
        try {
          f.abort()
        } catch {
          // Best effort: the partial file could not be removed; the failure itself is what is reported.
        }
      }),
    )
    let bytes = 0
    return {
      path: file.path,
      bytes: () => bytes,
      write: (text) =>
        Effect.try({
          try: () => {
            bytes += file.write(text)
          },
          catch: (e) => fileError(file.path, e),
        }),
      commit: Effect.try({
        try: () => {
          file.commit()
          committed = true
        },
        catch: (e) => fileError(file.path, e),
      }),
    } satisfies OutputFile
  })

/** Writes a whole file (a CSV, a chart) where `target` says, or nothing at all. */
export const writeDownload = (
  target: DownloadTarget & { readonly content: string | Uint8Array },
  context: OperationContext,
): Effect.Effect<{ readonly path: string; readonly bytes: number }, InspireError, ActiveProfile | Store> =>
  Effect.scoped(
    Effect.gen(function* () {
      const file = yield* openDownload(target, context)
      yield* file.write(target.content)
      yield* file.commit
      return { path: file.path, bytes: file.bytes() }
    }),
  )
