import { z } from "zod"
import { Effect } from "../../effect.js"
import { type InspireError, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { decode, readHint } from "../support.js"
import { cached } from "./cache.js"

/** The logged-in account. */
export interface CurrentUser {
  readonly id: string
  readonly name: string
  /** The 学工号 used to log in; it also names the personal storage directory. */
  readonly loginName: string
  readonly email?: string
  /** The workspace the console opens by default. */
  readonly defaultWorkspaceId?: string
}

const optionalText = z
  .string()
  .nullish()
  .transform((s) => (s === null || s === undefined || s.trim() === "" ? undefined : s))

// V2 GetUserDetail and V1 user/detail carry the same fields (§3.2, §4.2).
const RawUser = z.lazy(() =>
  z
    .object({
      id: z.string().min(1),
      name: z.string().nullish(),
      name_en: z.string().nullish(),
      email: optionalText,
      login_name: optionalText,
      extra_info: z.object({ login_name: optionalText }).loose().nullish(),
      workspace_id: optionalText,
    })
    .loose(),
)

const toUser = (raw: z.output<typeof RawUser>, fallbackLogin: string): CurrentUser => ({
  id: raw.id,
  name: raw.name ?? raw.name_en ?? "",
  loginName: raw.extra_info?.login_name ?? raw.login_name ?? fallbackLogin,
  ...(raw.email !== undefined ? { email: raw.email } : {}),
  ...(raw.workspace_id !== undefined ? { defaultWorkspaceId: raw.workspace_id } : {}),
})

/** The logged-in user as the platform states it now: V2 `user.GetUserDetail` (★ prov.), else V1 `GET user/detail`. */
export const fetchCurrentUser = (): Effect.Effect<CurrentUser, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const profile = yield* ActiveProfile
    const v1 = Effect.flatMap(
      platform.v1("GET", "user/detail", undefined, { idempotent: true, referer: "/userCenter" }),
      (data) => decode(RawUser, data, "api/v1/user/detail"),
    )
    const raw = yield* platform.v2("user", "GetUserDetail", {}, { idempotent: true }).pipe(
      Effect.flatMap((data) => decode(RawUser, data, "api/v2/user.GetUserDetail")),
      Effect.catchTag("SurfaceUnavailable", () => v1),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { what: msg("api-read-user"), hint: readHint() })),
      ),
    )
    return toUser(raw, profile.config.username ?? "")
  })

/** The logged-in user, cached with the profile's other resources (discovery refreshes it). */
export const currentUser = (): Effect.Effect<CurrentUser, InspireError, Platform | ActiveProfile> =>
  cached("user", fetchCurrentUser(), (u) => [u.id])
