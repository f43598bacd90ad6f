// A password goes only where the user pointed inspire (INSPIRE_BASE_URL, or a config file that passes
// the ownership check), and only over https or plain http on this machine. Every request leaves
// through a recording proxy that forwards nothing, so "before any request" is what it saw.
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Layer } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { checkPasswordUrl, isLoopbackHost } from "../../src/auth/login-url.js"
import { saveHarborLogin, saveInspireLogin } from "../../src/auth/save.js"
import { Session } from "../../src/auth/session.js"
import type { InspireError } from "../../src/errors.js"
import { inspireLayer } from "../../src/layer.js"
import { Harbor } from "../../src/platform/harbor.js"
import { resolveStorePaths } from "../../src/store/paths.js"
import { renderWords } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { startProxy } from "../platform/servers.js"

const PASSWORD = "S3cret-pw!"
const emu = useEmulator()

// A proxy that carries nothing and records every request it was asked for; a fresh one per test, so
// that nothing a previous test left running is counted.
const recordingProxy = () => startProxy({ forward: false })

let home = ""
let proxy: Awaited<ReturnType<typeof recordingProxy>>
let seen: string[] = []
beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), "inspire-login-url-"))
  proxy = await recordingProxy()
  seen = proxy.seen
})
afterEach(() => proxy.close())

const attempt = <A, R>(
  program: Effect.Effect<A, InspireError, R>,
  extra: NodeJS.ProcessEnv,
): Promise<Exit.Exit<A, InspireError>> => {
  const env = { INSPIRE_HOME: home, SYNERGY_HOME: home, INSPIRE_RATE_LIMIT: "1000", INSPIRE_PROXY: proxy.url, ...extra }
  const layer = Layer.provideMerge(Harbor.layer, inspireLayer({ env }))
  return Effect.runPromiseExit(Effect.scoped(Effect.provide(program, layer)) as Effect.Effect<A, InspireError>)
}

const failed = <A>(exit: Exit.Exit<A, InspireError>): InspireError => {
  if (Exit.isSuccess(exit) || exit.cause._tag !== "Fail") throw new Error(`expected a typed failure: ${String(exit)}`)
  return exit.cause.error
}

/** config.json with a default profile pointing at `baseUrl`, as the store writes it. */
const writeConfig = (endpoints: Record<string, unknown>) => {
  const paths = resolveStorePaths({ INSPIRE_HOME: home })
  mkdirSync(paths.configDir, { recursive: true, mode: 0o700 })
  const profile = { defaults: {}, endpoints }
  writeFileSync(
    paths.configFile,
    JSON.stringify({ version: 1, currentProfile: "default", profiles: { default: profile } }),
    {
      mode: 0o600,
    },
  )
  return paths
}

describe("which addresses may receive a password", () => {
  it("knows this machine: localhost, 127.0.0.0/8 and ::1", () => {
    for (const host of ["127.0.0.1", "127.8.9.10", "localhost", "LOCALHOST.", "[::1]", "[::ffff:7f00:1]"])
      expect(isLoopbackHost(host), host).toBe(true)
    for (const host of ["example.com", "128.0.0.1", "10.0.0.1", "localhost.example.com", "[::2]", "0.0.0.0"])
      expect(isLoopbackHost(host), host).toBe(false)
  })

  it("accepts https anywhere and http on this machine only, naming where the address came from", async () => {
    for (const ok of ["https://qz.sii.edu.cn", "http://127.0.0.1:4010", "http://127.1:80/x", "http://[::1]:9/"])
      expect(Exit.isSuccess(await Effect.runPromiseExit(checkPasswordUrl(ok, "test"))), ok).toBe(true)
    const http = failed(await Effect.runPromiseExit(checkPasswordUrl("http://user:pw@example.com:8080/x", "X_URL")))
    expect(http.message).toContain("http://example.com:8080 (from X_URL)")
    expect(renderWords(http.hint, "mcp")).toContain("https://example.com:8080")
    expect(JSON.stringify(http)).not.toContain("pw@")
    expect(failed(await Effect.runPromiseExit(checkPasswordUrl("ftp://example.com", "X"))).reason).toBe("InvalidInput")
    expect(failed(await Effect.runPromiseExit(checkPasswordUrl("not a url", "X"))).message).toContain("not a valid URL")
  })
})

describe("inspire login", () => {
  it("refuses plain http to another host before any request, saving nothing", async () => {
    const exit = await attempt(saveInspireLogin("20250001", PASSWORD), { INSPIRE_BASE_URL: "http://example.com" })
    const error = failed(exit)
    expect(error.reason).toBe("InvalidInput")
    expect(error.message).toContain("http://example.com (from INSPIRE_BASE_URL)")
    expect(renderWords(error.hint, "mcp")).toContain("https://example.com")
    expect(JSON.stringify(exit)).not.toContain(PASSWORD)
    expect(seen).toEqual([])
    expect(existsSync(resolveStorePaths({ INSPIRE_HOME: home }).credentialsFile)).toBe(false)
  })

  it("refuses it from the profile in config.json too", async () => {
    writeConfig({ baseUrl: "http://inspire.example.com:8080" })
    const error = failed(await attempt(saveInspireLogin("20250001", PASSWORD), {}))
    expect(error.message).toContain("http://inspire.example.com:8080 (from profile default)")
    expect(seen).toEqual([])
  })

  it("goes ahead over https", async () => {
    // The proxy closes every tunnel, so the login would retry for a while: a moment is enough.
    const login = Effect.timeoutOption(saveInspireLogin("20250001", PASSWORD), "1 second")
    await attempt(login, { INSPIRE_BASE_URL: "https://example.com" })
    expect(seen[0]).toBe("CONNECT example.com:443")
  })

  it("goes ahead over plain http on this machine (the emulator)", async () => {
    const exit = await attempt(saveInspireLogin(emu.current.demo.username, emu.current.demo.password), {
      INSPIRE_BASE_URL: emu.current.url,
      NO_PROXY: "127.0.0.1",
    })
    expect(exit).toMatchObject({ _tag: "Success", value: { verified: true } })
  })

  it("refuses an address from a config.json that others can write, before any request", async () => {
    let requests = 0
    const platform = createServer((_req, res) => {
      requests++
      res.writeHead(500).end()
    })
    await new Promise<void>((resolve) => platform.listen(0, "127.0.0.1", resolve))
    try {
      const paths = writeConfig({ baseUrl: `http://127.0.0.1:${(platform.address() as AddressInfo).port}` })
      chmodSync(paths.configFile, 0o664)
      const error = failed(await attempt(saveInspireLogin("20250001", PASSWORD), { NO_PROXY: "127.0.0.1" }))
      expect(error.reason).toBe("StoreError")
      expect(error.message).toContain(`${paths.configFile} can be written by group`)
      if (process.getuid?.() === 0) {
        chmodSync(paths.configFile, 0o600)
        chownSync(paths.configFile, 4242, 4242)
        const other = failed(await attempt(saveInspireLogin("20250001", PASSWORD), { NO_PROXY: "127.0.0.1" }))
        expect(other.message).toContain(`${paths.configFile} belongs to uid 4242`)
      }
      expect(requests).toBe(0)
      expect(seen).toEqual([])
    } finally {
      await new Promise<void>((resolve) => platform.close(() => resolve()))
    }
  })

  it("refuses a Harbor registry API over plain http to another host", async () => {
    const registry = { push: "harbor.example.com", display: "d.example.com", api: "http://harbor.example.com" }
    writeConfig({ registries: { qb: registry } })
    const error = failed(await attempt(saveHarborLogin("qb", "robot$x", PASSWORD), {}))
    expect(renderWords(error.message, "library")).toContain(
      "http://harbor.example.com (from the qb registry's api in profile default)",
    )
    expect(seen).toEqual([])
  })
})

describe("automatic login with a saved password", () => {
  it("never sends it over plain http to another host either", async () => {
    const token = Effect.flatMap(Session, (s) => s.token)
    const exit = await attempt(token, {
      INSPIRE_BASE_URL: "http://example.com",
      INSPIRE_USERNAME: "20250001",
      INSPIRE_PASSWORD: PASSWORD,
    })
    expect(failed(exit).message).toContain("Refusing to send a password to http://example.com")
    expect(seen).toEqual([])
  })
})
