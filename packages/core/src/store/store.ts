import { join } from "node:path"
import type { z } from "zod"
import { Context, Effect, Layer } from "../effect.js"
import { InspireError } from "../errors.js"
import { msg } from "../words/message.js"
import { checkStoreFolders, readJsonFile, writeFileAtomic } from "./files.js"
import { type LockOptions, withFileLock } from "./lock.js"
import { resolveStorePaths, type StorePaths, storeRoots } from "./paths.js"
import { ConfigFile, CredentialsFile, entryOf, type ProfileCredentials, ProfileName, SessionFile } from "./schema.js"

/** A change to a stored document: return the new version, or fail to leave the file as it was. */
export type Change<A> = (current: A) => Effect.Effect<A, InspireError>

/** The shared on-disk store of config, credentials and sessions, used by every frontend. */
export class Store extends Context.Tag("@holos-inspire/core/Store")<
  Store,
  {
    readonly paths: StorePaths
    readonly readConfig: Effect.Effect<ConfigFile, InspireError>
    readonly updateConfig: (change: Change<ConfigFile>) => Effect.Effect<ConfigFile, InspireError>
    readonly readCredentials: Effect.Effect<CredentialsFile, InspireError>
    readonly updateCredentials: (change: Change<CredentialsFile>) => Effect.Effect<CredentialsFile, InspireError>
    readonly readSession: (profile: string) => Effect.Effect<SessionFile, InspireError>
    readonly updateSession: (profile: string, change: Change<SessionFile>) => Effect.Effect<SessionFile, InspireError>
    /** Runs an effect while holding a named cross-process lock (e.g. one login per profile at a time). */
    readonly withLock: <A, E, R>(
      name: string,
      effect: Effect.Effect<A, E, R>,
      options?: LockOptions,
    ) => Effect.Effect<A, E | InspireError, R>
  }
>() {
  /** The store at the default location ($INSPIRE_HOME or the XDG folders of the given environment). */
  static readonly layer = (env: NodeJS.ProcessEnv = process.env): Layer.Layer<Store> =>
    Layer.succeed(Store, makeStore(resolveStorePaths(env)))

  /** A store at explicit paths (tests, other lab tools). */
  static readonly layerAt = (paths: StorePaths): Layer.Layer<Store> => Layer.succeed(Store, makeStore(paths))
}

const emptyConfig: ConfigFile = { version: 1, currentProfile: "default", profiles: {} }
const emptyCredentials: CredentialsFile = { version: 1, profiles: {} }
const emptySession: SessionFile = { version: 1 }

const checkProfile = (profile: string): Effect.Effect<string, InspireError> => {
  const parsed = ProfileName.safeParse(profile)
  return parsed.success
    ? Effect.succeed(parsed.data)
    : Effect.fail(
        new InspireError({
          reason: "InvalidInput",
          message: msg("store-bad-profile-name", { name: profile }),
          hint: msg("store-profile-name-hint"),
        }),
      )
}

const makeStore = (paths: StorePaths): Store["Type"] => {
  // Every file, and every folder from the store's top folder down to it, is the user's own and
  // writable by nobody else, or it is not used (trust.ts).
  const roots = storeRoots(paths)
  const read = <S extends z.ZodType>(file: string, schema: S, cache = false) =>
    Effect.zipRight(checkStoreFolders(file, roots), readJsonFile(file, schema, { cache }))

  const withLock = <A, E, R>(name: string, effect: Effect.Effect<A, E, R>, options?: LockOptions) =>
    Effect.scoped(Effect.zipRight(withFileLock(join(paths.locksDir, `${name}.lock`), { roots, ...options }), effect))

  // Every write is read-modify-write under the file's lock, so concurrent writers of different keys
  // never lose each other's changes; the result is validated before it replaces the file.
  const updater =
    <S extends z.ZodType>(file: string, lock: string, schema: S, empty: z.output<S>, cache = false) =>
    (change: Change<z.output<S>>) =>
      withLock(
        lock,
        Effect.gen(function* () {
          const current = (yield* read(file, schema, cache)) ?? empty
          const next = yield* change(current)
          const checked = schema.safeParse(next)
          if (!checked.success)
            return yield* Effect.die(new Error(`refusing to write an invalid ${file}: ${checked.error.message}`))
          yield* writeFileAtomic(file, `${JSON.stringify(checked.data, null, 2)}\n`, roots)
          return checked.data as z.output<S>
        }),
      )

  const sessionFile = (profile: string) => join(paths.sessionsDir, `${profile}.json`)
  // A session file caches what a login gives: damaged, it is read as none and the next login writes it
  // anew, instead of blocking every command (the config and credentials are never reset).
  const CACHE = true

  return {
    paths,
    readConfig: Effect.withSpan(
      Effect.map(read(paths.configFile, ConfigFile), (c) => c ?? emptyConfig),
      "Store.readConfig",
    ),
    updateConfig: Effect.fn("Store.updateConfig")(updater(paths.configFile, "config", ConfigFile, emptyConfig)),
    readCredentials: Effect.withSpan(
      Effect.map(read(paths.credentialsFile, CredentialsFile), (c) => c ?? emptyCredentials),
      "Store.readCredentials",
    ),
    updateCredentials: Effect.fn("Store.updateCredentials")(
      updater(paths.credentialsFile, "credentials", CredentialsFile, emptyCredentials),
    ),
    readSession: Effect.fn("Store.readSession")((profile: string) =>
      Effect.flatMap(checkProfile(profile), (p) =>
        Effect.map(read(sessionFile(p), SessionFile, CACHE), (s) => s ?? emptySession),
      ),
    ),
    updateSession: Effect.fn("Store.updateSession")((profile: string, change: Change<SessionFile>) =>
      Effect.flatMap(checkProfile(profile), (p) =>
        updater(sessionFile(p), `session-${p}`, SessionFile, emptySession, CACHE)(change),
      ),
    ),
    // Generic, so spanned by hand: Effect.fn would fix its type parameters.
    withLock: (name, effect, options) => Effect.withSpan(withLock(name, effect, options), "Store.withLock"),
  }
}

/** The credentials of one profile, empty when none were saved. */
export const profileCredentials = (file: CredentialsFile, profile: string): ProfileCredentials =>
  entryOf(file.profiles, profile) ?? { harbor: {} }
