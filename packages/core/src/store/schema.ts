import { z } from "zod"

/** A profile's name: the account it stands for, chosen by the user. */
export const ProfileName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, "profile names are 1–32 letters, digits, '.', '_' or '-'")

const RegistryEndpoint = z.object({
  /** Where images are pushed (and where Harbor's REST API answers unless `api` is given). */
  push: z.string().min(1),
  /** The address jobs must reference. */
  display: z.string().min(1),
  /** Base URL of Harbor's REST API when it is not https://<push>. */
  api: z.string().url().optional(),
})

/** Where a profile's platform and registries are; absent values mean production. */
export const Endpoints = z.lazy(() =>
  z
    .object({
      baseUrl: z.string().url(),
      proxy: z.string().url(),
      registries: z.object({ qb: RegistryEndpoint, sj: RegistryEndpoint }).partial(),
    })
    .partial()
    .loose(),
)
export type Endpoints = z.output<typeof Endpoints>

/** The manual's six defaults and the downloads folder, as stored (typed, validated on write). */
export const Defaults = z.lazy(() =>
  z
    .object({
      defaultProject: z.string().min(1),
      defaultWorkspace: z.string().min(1),
      defaultImage: z.string().min(1),
      defaultPriority: z.number().int().min(1).max(10),
      defaultShm: z.number().int().positive(),
      commandPrefix: z.string().min(1),
      /** Where downloads and charts go (absolute); see checkDownloadDir. */
      downloadDir: z.string().min(1),
      /** The language of messages: en or zh-CN (see words/message.ts languageOf). */
      lang: z.string().min(1),
      /** Where `--notify` without a target sends (notify/target.ts): a webhook URL is a secret, never shown. */
      notify: z.string().min(1),
    })
    .partial()
    .loose(),
)
export type Defaults = z.output<typeof Defaults>

/** One profile of config.json: nothing secret lives here. */
export const ProfileConfig = z.lazy(() =>
  z
    .object({
      username: z.string().optional(),
      defaults: Defaults.default({}),
      endpoints: Endpoints.default({}),
      importedLegacy: z.boolean().optional(),
    })
    .loose(),
)
export type ProfileConfig = z.output<typeof ProfileConfig>

/** config.json: profiles and which one is current. Unknown keys are kept so newer versions lose nothing. */
export const ConfigFile = z.lazy(() =>
  z
    .object({
      version: z.literal(1),
      currentProfile: z.string().default("default"),
      profiles: z.record(z.string(), ProfileConfig).default({}),
    })
    .loose(),
)
export type ConfigFile = z.output<typeof ConfigFile>

const Secret = z.object({ username: z.string().min(1), password: z.string().min(1), savedAt: z.number().optional() })
export type Secret = z.output<typeof Secret>

/** One profile's credentials: the platform account and a Harbor robot account per registry. */
export const ProfileCredentials = z.lazy(() =>
  z
    .object({
      inspire: Secret.optional(),
      harbor: z.object({ qb: Secret, sj: Secret }).partial().default({}),
    })
    .loose(),
)
export type ProfileCredentials = z.output<typeof ProfileCredentials>

/** credentials.json (mode 0600). */
export const CredentialsFile = z.lazy(() =>
  z.object({ version: z.literal(1), profiles: z.record(z.string(), ProfileCredentials).default({}) }).loose(),
)
export type CredentialsFile = z.output<typeof CredentialsFile>

/** A profile's session cache (mode 0600): tokens and cookies, and the login guards of INSPIRE-API.md §2.7. */
export const SessionFile = z.lazy(() =>
  z
    .object({
      version: z.literal(1),
      /** Which credentials these were obtained with, so a new password invalidates them. */
      fingerprint: z.string().optional(),
      token: z.object({ value: z.string(), expiresAt: z.number() }).optional(),
      cookies: z.object({ jar: z.record(z.string(), z.string()), obtainedAt: z.number() }).optional(),
      /** Token login answers invalid_grant while CAS works: a federated account (§2.1). */
      tokenUnavailable: z.boolean().optional(),
      /** What the V2 gateway accepted for this profile (§1.4). */
      v2Credential: z.enum(["token", "cookie"]).optional(),
      /** No automatic login before this time (after any failed login). */
      loginCooldownUntil: z.number().optional(),
      /**
       * Set after the platform rejected the saved password: no automatic login until new credentials are
       * saved. `reason` in English; `words` the same as data (auth/session.ts), to word it in any language.
       */
      credentialsRejected: z.object({ at: z.number(), reason: z.string(), words: z.unknown().optional() }).optional(),
    })
    .loose(),
)
export type SessionFile = z.output<typeof SessionFile>

/**
 * A record's own entry: a profile may be called `constructor` or `toString`, which a plain index
 * would find on Object.prototype.
 */
export const entryOf = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined
