import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { configOperation, createInspireClient, InspireError, invoke, resolvedDefaults } from "../src/index.js"
import { useEmulator } from "./emulator.js"

const emu = useEmulator()

describe("createInspireClient (Promise facade)", () => {
  it("logs in, calls the platform and rejects with typed errors", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-facade-"))
    const client = createInspireClient({
      env: { INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.current.url, INSPIRE_RATE_LIMIT: "1000", SYNERGY_HOME: home },
    })
    try {
      const login = await client.login(emu.current.demo.username, emu.current.demo.password)
      expect(login).toMatchObject({ saved: true, verified: true })
      const user = (await client.v2("user", "GetUserDetail", {})) as { name?: string }
      expect(user.name).toBeTruthy()
      const error = await client.v2("model", "ListModels", {}).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InspireError)
      expect(error).toMatchObject({ reason: "PlatformError" })
      expect((await client.profile()).baseUrl).toMatchObject({ value: emu.current.url, source: "environment" })
      const found = await client.discover()
      expect(found.workspaces.map((w) => w.name)).toContain("分布式训练空间")
      const ws = await client.resolveWorkspace("分布式训练空间")
      const jobs = await client.listTrainingJobs({ workspaceId: ws.id })
      expect(jobs.jobs).toEqual([])
      expect(await client.resolveWorkspace("nowhere").catch((e: unknown) => e)).toMatchObject({
        reason: "InvalidInput",
      })
      // A long-lived client (an MCP server) sees `config set` at once.
      await client.run(invoke(configOperation, { action: "set", key: "defaultWorkspace", value: "可上网GPU资源" }))
      const defaults = await client.run(resolvedDefaults())
      expect(defaults.defaultWorkspace).toMatchObject({ value: "可上网GPU资源", source: "profile" })
    } finally {
      await client.close()
    }
  })
})
