// The published core (dist/) carries its own copy of zod and Effect inside its bundle (scripts/bundle.mjs:
// importing it then reads a handful of files instead of ~490 modules, about half the time and 20 MB less).
// A library user has their own zod: their schemas must compose with the catalogue's input schemas, and
// what they parse must be what the facade takes.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import { trainingInput } from "./api/jobs/fixture.js"
import { useEmulator } from "./emulator.js"

const emu = useEmulator()
// The first import of the bundle (its zod and Effect) takes seconds, many more on a busy machine.
const T = 90_000

// As a library user imports it: the built bundle, not the sources.
const core = async () =>
  (await import(new URL("../dist/index.js", import.meta.url).href)) as typeof import("../src/index.js")

describe("a user's own zod with the published core", () => {
  it("composes with, extends and describes the catalogue's input schemas", { timeout: T }, async () => {
    const { submitOperation } = await core()
    const input = submitOperation.input
    expect(input).toBeInstanceOf(z.ZodObject)
    const wrapped = z.object({ job: input, note: z.string() })
    expect(wrapped.safeParse({ job: { name: "a", command: "python t.py" }, note: "n" }).success).toBe(true)
    expect(wrapped.safeParse({ job: { name: "a" }, note: "n" }).success).toBe(false)
    const extended = input.extend({ team: z.string() })
    expect(extended.safeParse({ name: "a", command: "python t.py", team: "vision" }).success).toBe(true)
    expect(extended.safeParse({ name: "a", command: "python t.py" }).success).toBe(false)
    const schema = z.toJSONSchema(input) as { properties?: Record<string, unknown> }
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(["name", "command", "spec"]))
  })

  it("hands what the user's schema parsed to the facade, which submits it", { timeout: T }, async () => {
    const { createInspireClient, submitOperation } = await core()
    const home = mkdtempSync(join(tmpdir(), "inspire-zod-"))
    const client = createInspireClient({
      env: { INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.current.url, INSPIRE_RATE_LIMIT: "1000" },
    })
    try {
      await client.login({ username: emu.current.demo.username, password: emu.current.demo.password })
      const t = trainingInput(emu.current, "zod-user")
      const mine = submitOperation.input.pick({ name: true, command: true }).extend({ gpus: z.number().int() })
      const parsed = mine.parse({ name: "zod-user", command: "python train.py", gpus: 8 })
      const { gpus: _gpus, ...fields } = parsed
      const result = await client.submit({
        ...fields,
        workspace: t.workspaceId,
        project: t.projectId,
        compute_group: t.groupId,
        spec: t.specId,
        image: t.image,
        dry_run: true,
      })
      expect(result).toMatchObject({ dryRun: true })
    } finally {
      await client.close()
    }
  })
})
