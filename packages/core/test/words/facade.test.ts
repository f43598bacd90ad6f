import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createInspireClient, type InspireClient, InspireError, stopOperation } from "../../src/index.js"
import { useEmulator } from "../emulator.js"

// The library words calls as its own methods (`client.notebook({ action: "list" })`, `spec: "<ID>"`),
// never as MCP calls or CLI flags, and keeps what a message refers to as data on the error.
const FOREIGN = /inspire_[a-z_]+|\b\w+=true\b|action="|\b\w+=<|\s--[a-z]|[\uE000-\uE004]/

const emu = useEmulator()
let client: InspireClient
const home = mkdtempSync(join(tmpdir(), "inspire-words-"))
const envOf = () => ({
  INSPIRE_HOME: home,
  INSPIRE_BASE_URL: emu.current.url,
  INSPIRE_RATE_LIMIT: "1000",
  SYNERGY_HOME: home,
})

beforeAll(async () => {
  client = createInspireClient({ env: envOf() })
  await client.login({ username: emu.current.demo.username, password: emu.current.demo.password })
})
afterAll(async () => {
  await client.close()
})

const failure = (p: Promise<unknown>): Promise<InspireError> =>
  p.then(
    () => {
      throw new Error("expected a failure")
    },
    (e: unknown) => {
      if (!(e instanceof InspireError)) throw e
      return e
    },
  )

describe("the library's words", () => {
  it("words a spec to choose as a field of the call", async () => {
    const e = await failure(
      client.submit({
        name: "w",
        command: "echo",
        compute_group: "H100",
        workspace: "分布式训练空间",
        project: "具身智能基础模型",
        dry_run: true,
      }),
    )
    expect(String(e.hint)).toContain('Pass spec: "<ID>"')
    expect(`${e.message}\n${e.hint}`).not.toMatch(FOREIGN)
    expect(e.parts?.hint).toContainEqual({ kind: "field", name: "spec", value: "<ID>" })
  })

  it("words Harbor's login and an unknown notebook as methods of the client", async () => {
    const harbor = await failure(client.images({ source: "harbor", workspace: "分布式训练空间" }))
    expect(String(harbor.hint)).toContain('client.login({ target: "harbor", registry: "qb"')
    expect(String(harbor.hint)).not.toMatch(FOREIGN)
    const notebook = await failure(
      client.notebook({ action: "detail", notebook_id: "00000000-0000-0000-0000-000000000000" }),
    )
    expect(String(notebook.hint)).toContain('client.notebook({ action: "list" })')
    expect(String(notebook.hint)).not.toMatch(FOREIGN)
  })

  it("words a stop that needs confirmation, and renders every text of a result", async () => {
    const done = await client.call(stopOperation, { status: "all", name: "*" })
    expect(JSON.stringify(done)).not.toMatch(/[\uE000-\uE004]/)
    expect(done.text).toContain("confirm: true")
  })

  it("words the same references for the CLI and for MCP when asked to", async () => {
    const env = envOf()
    for (const [words, says] of [
      ["cli", "inspire notebook list"],
      ["mcp", 'inspire_notebook(action="list")'],
    ] as const) {
      const other = createInspireClient({ env, words })
      try {
        const e = await failure(
          other.notebook({ action: "detail", notebook_id: "00000000-0000-0000-0000-000000000000" }),
        )
        expect(String(e.hint)).toContain(says)
      } finally {
        await other.close()
      }
    }
  })
})
