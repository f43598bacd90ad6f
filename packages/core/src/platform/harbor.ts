import type { RegistryId } from "../domain/workspaces.js"
import { Context, Effect, Layer } from "../effect.js"
import { InspireError } from "../errors.js"
import { ActiveProfile } from "../profile.js"
import { profileCredentials, Store } from "../store/store.js"
import { msg } from "../words/message.js"
import { callWord } from "../words/text.js"
import { fromTransportFailure } from "./failures.js"
import { type HttpResponse, Transport } from "./transport.js"

/** A Harbor robot account. */
export interface HarborCredentials {
  readonly username: string
  readonly password: string
}

const basic = (c: HarborCredentials) => `Basic ${Buffer.from(`${c.username}:${c.password}`).toString("base64")}`

/** Harbor's REST API of either registry, with that registry's own robot account (never qb's for sj). */
export class Harbor extends Context.Tag("@holos-inspire/core/Harbor")<
  Harbor,
  {
    /** GET `<api>/api/v2.0/<path>`; query values are encoded here. */
    readonly get: (
      registry: RegistryId,
      path: string,
      query?: Readonly<Record<string, string | number>>,
    ) => Effect.Effect<HttpResponse, InspireError>
    readonly put: (registry: RegistryId, path: string, body: unknown) => Effect.Effect<HttpResponse, InspireError>
    /** Tests a robot account without saving it: ok, rejected, or unreachable (§2.8). */
    readonly check: (
      registry: RegistryId,
      credentials: HarborCredentials,
    ) => Effect.Effect<"ok" | "rejected", InspireError>
  }
>() {
  static readonly layer: Layer.Layer<Harbor, never, Store | Transport | ActiveProfile> = Layer.effect(
    Harbor,
    Effect.gen(function* () {
      const store = yield* Store
      const transport = yield* Transport
      const profile = yield* ActiveProfile
      const profileName = profile.name.value ?? "default"

      const credentialsFor = (registry: RegistryId) =>
        Effect.flatMap(store.readCredentials, (file) => {
          const saved = profileCredentials(file, profileName).harbor[registry]
          return saved !== undefined
            ? Effect.succeed(saved)
            : Effect.fail(
                new InspireError({
                  reason: "NotLoggedIn",
                  message: msg("platform-harbor-no-credentials", { registry }),
                  hint: msg("platform-harbor-no-credentials-hint", {
                    call: callWord("login", { target: "harbor", registry }),
                  }),
                }),
              )
        })

      const url = (registry: RegistryId, path: string, query: Readonly<Record<string, string | number>> = {}) => {
        const u = new URL(`${profile.registries[registry].api.replace(/\/$/, "")}/api/v2.0/${path}`)
        for (const [k, v] of Object.entries(query)) u.searchParams.set(k, String(v))
        return u.toString()
      }

      const call = (c: HarborCredentials, method: "GET" | "PUT", target: string, body?: unknown) =>
        Effect.mapError(
          transport.send({
            method,
            url: target,
            headers: {
              authorization: basic(c),
              accept: "application/json",
              ...(body !== undefined ? { "content-type": "application/json" } : {}),
            },
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
            idempotent: true,
          }),
          fromTransportFailure,
        )

      const checked = (registry: RegistryId, res: HttpResponse) => {
        if (res.status === 401)
          return Effect.fail(
            new InspireError({
              reason: "RegistryAuthFailed",
              message: msg("platform-harbor-rejected", { registry }),
              hint: msg("platform-harbor-rejected-hint", {
                registry,
                call: callWord("login", { target: "harbor", registry }),
              }),
            }),
          )
        if (res.status === 403)
          return Effect.fail(
            new InspireError({
              reason: "Forbidden",
              message: msg("platform-harbor-forbidden", { registry }),
              hint: msg("platform-harbor-forbidden-hint"),
            }),
          )
        return Effect.succeed(res)
      }

      return Harbor.of({
        get: (registry, path, query) =>
          Effect.flatMap(credentialsFor(registry), (c) =>
            Effect.flatMap(call(c, "GET", url(registry, path, query)), (res) => checked(registry, res)),
          ),
        put: (registry, path, body) =>
          Effect.flatMap(credentialsFor(registry), (c) =>
            Effect.flatMap(call(c, "PUT", url(registry, path), body), (res) => checked(registry, res)),
          ),
        check: (registry, c) =>
          Effect.flatMap(call(c, "GET", url(registry, "projects", { page_size: 1 })), (res) => {
            if (res.status === 401) return Effect.succeed("rejected" as const)
            if (res.status >= 200 && res.status < 300) return Effect.succeed("ok" as const)
            return Effect.fail(
              new InspireError({
                reason: "PlatformError",
                message: msg("platform-harbor-check-failed", { registry, status: res.status }),
                hint: msg("platform-harbor-down-hint"),
              }),
            )
          }),
      })
    }),
  )
}
