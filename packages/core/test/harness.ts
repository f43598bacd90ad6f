import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { RunningEmulator } from "@holos-inspire/emulator"
import { Effect, type Exit, Layer } from "effect"
import { saveInspireLogin } from "../src/auth/save.js"
import type { Session } from "../src/auth/session.js"
import { inspireLayer } from "../src/layer.js"
import type { Platform } from "../src/platform/client.js"
import { Harbor } from "../src/platform/harbor.js"
import type { Transport } from "../src/platform/transport.js"
import type { ActiveProfile } from "../src/profile.js"
import { Store } from "../src/store/store.js"

/** Every service a test of the client may need. */
export type Services = Store | Transport | Session | Platform | ActiveProfile | Harbor

/** A fresh store (temporary INSPIRE_HOME) whose default profile points at the emulator. */
export const profileFor = (emu: RunningEmulator, extraEnv: NodeJS.ProcessEnv = {}) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-test-"))
  const env: NodeJS.ProcessEnv = { INSPIRE_HOME: home, SYNERGY_HOME: home, INSPIRE_RATE_LIMIT: "1000", ...extraEnv }
  const configure = Effect.flatMap(Store, (s) =>
    s.updateConfig((c) =>
      Effect.succeed({
        ...c,
        profiles: {
          default: {
            // Defaults saved by an earlier run of the same profile are kept.
            defaults: c.profiles.default?.defaults ?? {},
            endpoints: {
              baseUrl: emu.url,
              registries: {
                qb: {
                  push: "docker-qb.sii.edu.cn",
                  display: "docker.sii.shaipower.online",
                  api: `${emu.url}/harbor/qb`,
                },
                sj: {
                  push: "docker-t.sii.edu.cn",
                  display: "docker-t.sii.shaipower.online",
                  api: `${emu.url}/harbor/sj`,
                },
              },
            },
          },
        },
      }),
    ),
  )
  const layer = Layer.provideMerge(Harbor.layer, inspireLayer({ env }))
  return {
    home,
    env,
    layer,
    /** Runs a program with every service, the demo account already logged in. */
    run: <A, E>(program: Effect.Effect<A, E, Services>): Promise<Exit.Exit<A, E | unknown>> =>
      Effect.runPromiseExit(
        Effect.scoped(
          Effect.gen(function* () {
            yield* Effect.provide(configure, Store.layer(env))
            return yield* Effect.provide(
              Effect.zipRight(saveInspireLogin(emu.demo.username, emu.demo.password), program),
              layer,
            )
          }),
        ),
      ),
  }
}
