import { mkdtempSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Layer } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { saveHarborLogin, saveInspireLogin } from "../../src/auth/save.js"
import { inspireLayer } from "../../src/layer.js"
import { Harbor } from "../../src/platform/harbor.js"
import type { ActiveProfile } from "../../src/profile.js"
import { resolveStorePaths } from "../../src/store/paths.js"
import { Store } from "../../src/store/store.js"
import { renderWords } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { closedPort } from "../platform/servers.js"

const emu = useEmulator()
let home = ""

const configure = (baseUrl: string) =>
  Effect.flatMap(Store, (s) =>
    s.updateConfig((c) =>
      Effect.succeed({
        ...c,
        profiles: {
          default: {
            defaults: {},
            endpoints: {
              baseUrl,
              registries: {
                qb: { push: "127.0.0.1:5055", display: "docker.sii.shaipower.online", api: `${baseUrl}/harbor/qb` },
                sj: { push: "127.0.0.1:5056", display: "docker-t.sii.shaipower.online", api: `${baseUrl}/harbor/sj` },
              },
            },
          },
        },
      }),
    ),
  )

const run = <A, E>(
  program: Effect.Effect<A, E, Store | Harbor | ActiveProfile | Layer.Layer.Success<ReturnType<typeof inspireLayer>>>,
  baseUrl = emu.current.url,
) =>
  Effect.runPromiseExit(
    Effect.scoped(
      Effect.gen(function* () {
        yield* Effect.provide(configure(baseUrl), Store.layer({ INSPIRE_HOME: home }))
        const layer = Layer.provideMerge(
          Harbor.layer,
          inspireLayer({ env: { INSPIRE_HOME: home, SYNERGY_HOME: home, INSPIRE_RATE_LIMIT: "1000" } }),
        )
        return yield* Effect.provide(program, layer)
      }),
    ),
  )

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "inspire-save-"))
  emu.current.control.reset()
})

describe("saving platform credentials", () => {
  it("verifies, saves with mode 0600 and never writes the password anywhere but the credentials file", async () => {
    const exit = await run(saveInspireLogin(emu.current.demo.username, emu.current.demo.password))
    expect(exit).toMatchObject({ _tag: "Success", value: { saved: true, verified: true, method: "token" } })
    expect(JSON.stringify(exit)).not.toContain(emu.current.demo.password)
    const paths = resolveStorePaths({ INSPIRE_HOME: home })
    expect(statSync(paths.credentialsFile).mode & 0o777).toBe(0o600)
    expect(readFileSync(paths.configFile, "utf8")).not.toContain(emu.current.demo.password)
    expect(readFileSync(join(paths.sessionsDir, "default.json"), "utf8")).not.toContain(emu.current.demo.password)
  })

  it("refuses to save a wrong password", async () => {
    const exit = await run(saveInspireLogin(emu.current.demo.username, "nope-nope-1"))
    expect(JSON.stringify(exit)).toContain("CredentialsRejected")
    const creds = await Effect.runPromise(
      Effect.provide(
        Effect.flatMap(Store, (s) => s.readCredentials),
        Store.layer({ INSPIRE_HOME: home }),
      ),
    )
    expect(creds.profiles.default?.inspire).toBeUndefined()
  })

  it("logs a federated account in through CAS", async () => {
    const exit = await run(saveInspireLogin("20250003", "Federated#2026"))
    expect(exit).toMatchObject({ _tag: "Success", value: { verified: true, method: "session" } })
  })

  it("saves without verifying when the platform cannot be reached", async () => {
    const port = await closedPort()
    const exit = await run(saveInspireLogin("20250001", "whatever-1"), `http://127.0.0.1:${port}`)
    expect(exit).toMatchObject({ _tag: "Success", value: { saved: true, verified: false } })
    if (Exit.isSuccess(exit)) expect(renderWords(exit.value.message, "mcp")).toMatch(/not verified/)
  })

  it("rejects empty input before any request", async () => {
    expect(JSON.stringify(await run(saveInspireLogin("  ", "x")))).toContain("username is empty")
  })
})

describe("saving Harbor credentials", () => {
  it("checks the robot account against its own registry", async () => {
    const qb = await run(
      saveHarborLogin("qb", emu.current.demo.harbor.qb.username, emu.current.demo.harbor.qb.password),
    )
    expect(qb).toMatchObject({ _tag: "Success", value: { registry: "qb", verified: true } })
    const sjWithQbRobot = await run(
      saveHarborLogin("sj", emu.current.demo.harbor.qb.username, emu.current.demo.harbor.qb.password),
    )
    expect(JSON.stringify(sjWithQbRobot)).toContain("RegistryAuthFailed")
  })

  it("uses the saved account for REST calls of that registry", async () => {
    const exit = await run(
      Effect.gen(function* () {
        yield* saveHarborLogin("qb", emu.current.demo.harbor.qb.username, emu.current.demo.harbor.qb.password)
        const harbor = yield* Harbor
        const res = yield* harbor.get("qb", "projects/inspire-studio/repositories", { page: 1, page_size: 20 })
        const sj = yield* Effect.flip(harbor.get("sj", "projects/inspire-studio/repositories"))
        return { status: res.status, total: res.headers["x-total-count"], sj }
      }),
    )
    expect(exit).toMatchObject({ _tag: "Success", value: { status: 200, sj: { reason: "NotLoggedIn" } } })
  })
})
