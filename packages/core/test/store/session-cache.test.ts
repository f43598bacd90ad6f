import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { createInspireClient } from "../../src/index.js"
import { resolveStorePaths } from "../../src/store/paths.js"
import { forgetLogin } from "../../src/store/profiles.js"
import { Store } from "../../src/store/store.js"
import { useEmulator } from "../emulator.js"

// The session file only caches what a login gives: truncated or damaged, it is read as none and
// written anew, and blocks neither a call, nor a login, nor a logout.
const emu = useEmulator()

describe("a damaged session cache", () => {
  it("is ignored and rebuilt: calls, login and logout go on", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-session-"))
    const env = { INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.current.url, INSPIRE_RATE_LIMIT: "1000" }
    const account = { username: emu.current.demo.username, password: emu.current.demo.password }
    const file = join(resolveStorePaths(env).sessionsDir, "default.json")
    const withClient = async <A>(use: (c: ReturnType<typeof createInspireClient>) => Promise<A>): Promise<A> => {
      const client = createInspireClient({ env })
      try {
        return await use(client)
      } finally {
        await client.close()
      }
    }
    await withClient((c) => c.login(account))
    const whole = readFileSync(file, "utf8")
    const truncate = () => writeFileSync(file, whole.slice(0, Math.floor(whole.length / 2)))

    truncate()
    await withClient((c) => c.jobs({ type: "train" }))
    expect(JSON.parse(readFileSync(file, "utf8")).token.value).toEqual(expect.any(String))

    truncate()
    await withClient((c) => c.login(account))
    expect(JSON.parse(readFileSync(file, "utf8")).version).toBe(1)

    for (const damage of ["", '{"version":2}', "[]"]) {
      writeFileSync(file, damage)
      await Effect.runPromise(Effect.provide(forgetLogin("default"), Store.layer(env)))
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ version: 1 })
    }
  }, 60_000)
})
