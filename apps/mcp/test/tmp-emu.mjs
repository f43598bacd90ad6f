import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInspireClient } from "@holos-inspire/core"
import { startEmulator } from "@holos-inspire/emulator"

const emu = await startEmulator({ port: 0, speed: 300 })
const home = mkdtempSync(join(tmpdir(), "smoke-"))
const env = { INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.url, INSPIRE_RATE_LIMIT: "1000" }
const c = createInspireClient({ env })
await c.login({ username: emu.demo.username, password: emu.demo.password })
await c.close()
writeFileSync("/tmp/emu-env", `export INSPIRE_HOME=${home} INSPIRE_BASE_URL=${emu.url} INSPIRE_RATE_LIMIT=1000\n`)
setTimeout(() => emu.close(), 60000)
