import { z } from "zod"
import { Effect } from "../effect.js"
import { InspireError, type SurfaceUnavailable, surfaceError } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, type Text as Words } from "../words/text.js"

/** An id as the platform sends it (string or number), kept a string (INSPIRE-API.md §3.1). */
export const Id = z.union([z.string(), z.number()]).transform(String)

/**
 * The id a create answers with: an opaque non-empty string (§3.1). A number, or anything else, is not
 * read as one: the answer is then unreadable and the create's outcome unknown.
 */
export const CreatedId = z.string().trim().min(1)

/** Text that may be missing, null or a number. */
export const Text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v)))

/** A number that may arrive as a decimal string, empty or null (§5.6). */
export const Num = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => {
    if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return undefined
    const n = Number(v)
    return Number.isFinite(n) ? n : undefined
  })

/** A time as epoch ms, epoch s (< 1e12), a numeric string or ISO text, read as epoch ms (§5.4). */
export const EpochMs = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => {
    if (v === null || v === undefined || v === "") return undefined
    const n = typeof v === "number" ? v : /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : Date.parse(v)
    if (!Number.isFinite(n) || n <= 0) return undefined
    return n < 1e12 ? Math.round(n * 1000) : n
  })

/** A list under any of the keys the platform uses (`jobs|list|items`, `events|items|list`), with its total. */
export const ListPage = z
  .object({
    jobs: z.array(z.unknown()).nullish(),
    list: z.array(z.unknown()).nullish(),
    items: z.array(z.unknown()).nullish(),
    events: z.array(z.unknown()).nullish(),
    logs: z.array(z.unknown()).nullish(),
    total: Num,
  })
  .transform((p) => ({ items: p.jobs ?? p.events ?? p.logs ?? p.list ?? p.items ?? [], total: p.total }))

/** The call options of an idempotent write (a stop, a delete): repeatable, and never sent on a dry run. */
export const WRITE = { idempotent: true, write: true } as const

/** Decodes a response with a schema, failing with a PlatformError that names the surface. */
export const decode = <S extends z.ZodType>(
  schema: S,
  data: unknown,
  surface: string,
): Effect.Effect<z.output<S>, InspireError> => {
  const parsed = schema.safeParse(data ?? {})
  if (parsed.success) return Effect.succeed(parsed.data)
  const issue = parsed.error.issues[0]
  return Effect.fail(
    new InspireError({
      reason: "PlatformError",
      message: msg("api-unexpected-shape", {
        surface,
        where: issue?.path.join(".") || msg("api-top-level"),
        why: issue?.message ?? "invalid",
      }),
      hint: msg("api-unexpected-shape-hint"),
    }),
  )
}

/** Decodes each list item on its own, so one odd item does not hide the rest. */
export const decodeItems = <S extends z.ZodType>(
  schema: S,
  items: ReadonlyArray<unknown>,
  surface: string,
): Effect.Effect<ReadonlyArray<z.output<S>>, InspireError> => Effect.forEach(items, (i) => decode(schema, i, surface))

/** A read from the first surface, falling back to the next when one does not answer the action. */
export const firstAvailable = <A, R>(
  what: Words,
  attempts: ReadonlyArray<Effect.Effect<A, InspireError | SurfaceUnavailable, R>>,
): Effect.Effect<A, InspireError, R> => {
  const [head, ...rest] = attempts
  if (head === undefined) return Effect.die(new Error("firstAvailable needs at least one surface"))
  if (rest.length === 0)
    return Effect.catchTag(head, "SurfaceUnavailable", (e) => Effect.fail(surfaceError(e, { what })))
  return Effect.catchTag(head, "SurfaceUnavailable", () => firstAvailable(what, rest))
}

/** A write on the first surface; the second is used only when the first was never sent (§6 rule 19). */
export const writeWithFallback = <A, R>(
  what: Words,
  primary: Effect.Effect<A, InspireError | SurfaceUnavailable, R>,
  unsent: Effect.Effect<A, InspireError | SurfaceUnavailable, R>,
): Effect.Effect<A, InspireError, R> =>
  Effect.catchTag(primary, "SurfaceUnavailable", (e) =>
    e.sent
      ? Effect.fail(surfaceError(e, { what }))
      : Effect.catchTag(unsent, "SurfaceUnavailable", (e2) => Effect.fail(surfaceError(e2, { what }))),
  )

/** Turns a domain Either failure into an Effect failure. */
export const fromEither = <A>(e: { _tag: "Left"; left: InspireError } | { _tag: "Right"; right: A }) =>
  e._tag === "Left" ? Effect.fail(e.left) : Effect.succeed(e.right)

/** A number that may arrive as a decimal string (§5.6). */
const Numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
])

/** A count that an empty string or null means "not given". */
export const OptionalNumber = z
  .union([Numeric, z.literal(""), z.null()])
  .optional()
  .transform((v) => (typeof v === "number" ? v : undefined))

/** Parses a value the platform sometimes sends JSON-encoded inside JSON (§5.6); undefined when unreadable. */
export const unwrapJson = (value: unknown): unknown => {
  if (typeof value !== "string") return value
  if (value.trim() === "") return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

/** Runs requests with at most `permits` in flight; the process-wide rate limiter still paces them. */
export const boundedRequests = (permits: number) =>
  Effect.map(Effect.makeSemaphore(permits), (semaphore) => semaphore.withPermits(1))

/** The advice for a read of the account's resources that no surface answered. */
export const readHint = (): Words => msg("api-read-hint", { call: callWord("status") })
