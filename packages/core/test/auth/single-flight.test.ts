import { spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { saveInspireLogin } from "../../src/auth/save.js"
import { Platform } from "../../src/platform/client.js"
import { inspireLayer } from "../../src/profile.js"
import { useEmulator } from "../emulator.js"

const emu = useEmulator()

const runChild = (env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const script = fileURLToPath(new URL("../fixtures/v1-caller.mjs", import.meta.url))
    const child = spawn(process.execPath, [script], { env, stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    child.stdout.on("data", (d) => {
      out += String(d)
    })
    child.on("exit", (code) => resolve({ code, out }))
  })

describe("re-login across processes", () => {
  it("ten processes that meet an expired session cause one login", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-flight-"))
    const env = {
      INSPIRE_HOME: home,
      INSPIRE_BASE_URL: emu.current.url,
      INSPIRE_RATE_LIMIT: "1000",
      SYNERGY_HOME: home,
    }
    await Effect.runPromise(
      Effect.scoped(
        Effect.provide(
          Effect.gen(function* () {
            yield* saveInspireLogin(emu.current.demo.username, emu.current.demo.password)
            yield* Effect.flatMap(Platform, (p) => p.v1("GET", "user/detail", undefined, { idempotent: true }))
          }),
          inspireLayer({ env }),
        ),
      ),
    )
    emu.current.control.auth.expireSessions()
    const before = emu.current.control.auth.logins()
    const results = await Promise.all(Array.from({ length: 10 }, () => runChild({ ...process.env, ...env })))
    expect(results.map((r) => r.out)).toEqual(Array.from({ length: 10 }, () => "Success"))
    const after = emu.current.control.auth.logins()
    expect(after.session - before.session).toBe(1)
    expect(after.token - before.token).toBe(0)
  }, 120_000)
})
