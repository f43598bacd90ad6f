// The acid test: adding an operation is one new file in core, one registry entry and what `npm run
// generate` rewrites. In a copy of the working tree, a small `whoami` operation is added that way and
// nothing else is edited; the copy's own builds must then carry it to the library facade, MCP, the
// Synergy plugin, the CLI and the generated tool tables, and the copy's lint and catalogue tests pass
// with its help not translated yet (a list for a translator, not a failure).
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor } from "./support/platform.js"
import { buildPackage, copyRepo, removeCopy, runCommand, stepTimer } from "./support/repo-copy.js"

// What a contributor writes: the whole operation, in one file.
const WHOAMI = `import { z } from "zod"
import { Effect } from "../effect.js"
import { ActiveProfile } from "../profile.js"
import { profileCredentials, Store } from "../store/store.js"
import { callWord } from "../words/index.js"
import { msg } from "../words/message.js"
import { defineOperation } from "./catalogue/operation.js"
import { renderFields } from "./common/render.js"

/** What inspire_whoami returns. */
export interface WhoamiResult {
  readonly profile: string
  readonly username: string | null
}

export const whoamiOperation = defineOperation({
  name: "whoami",
  title: "Show the active profile and account",
  description:
    \`Names the active profile and the platform account saved for it, without calling the platform. Next: \${callWord("status")}.\`,
  input: z.object({}),
  output: () =>
    z.object({
      profile: z.string().describe("The active profile"),
      username: z.string().nullable().describe(\`The platform account saved for it; null before \${callWord("login")}\`),
    }),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  effects: { writes: false },
  run: () =>
    Effect.gen(function* () {
      const profile = yield* ActiveProfile
      const name = profile.name.value ?? "default"
      const saved = profileCredentials(yield* (yield* Store).readCredentials, name)
      return { profile: name, username: saved.inspire?.username ?? null }
    }),
  render: (r: WhoamiResult) =>
    renderFields([
      [msg("login-label-profile"), r.profile],
      [msg("login-label-account"), r.username ?? msg("common-none")],
    ]),
})
`

// The typed facade, checked by the compiler against the copy's built declarations.
const TYPE_PROBE = `import { createInspireClient } from "./packages/core/dist/index.js"

const client = createInspireClient()
export const who: Promise<{ readonly profile: string; readonly username: string | null }> = client.whoami()
// @ts-expect-error: the result has its type, not any
export const wrong: Promise<number> = client.whoami()
`

const REGISTRY = "packages/core/src/operations/registry.ts"

// The one registry entry: its import, and the operation at the end of the list.
const register = (root: string): void => {
  const file = join(root, REGISTRY)
  const source = readFileSync(file, "utf8")
  const end = source.indexOf("] as const")
  if (end < 0) throw new Error(`${REGISTRY} has no \`] as const\` list to add the operation to`)
  writeFileSync(
    file,
    `import { whoamiOperation } from "./whoami.js"\n${source.slice(0, end)}  whoamiOperation,\n${source.slice(end)}`,
  )
}

const TABLES = [
  "skills/sii-inspire/references/tools.md",
  "apps/synergy-plugin/README.md",
  "apps/cli/README.md",
  "packages/core/README.md",
]

let root: string
let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let username: string
let generateOutput = ""
const took: Record<string, number> = {}

const timed = stepTimer(took)

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = { ...process.env, ...homeFor(emu.url, "inspire-whoami-"), NO_COLOR: "1" }
  username = emu.demo.username
  root = await timed("copy", async () => copyRepo("inspire-new-op-"))
  writeFileSync(join(root, "packages/core/src/operations/whoami.ts"), WHOAMI)
  register(root)
  // As a contributor leaves them: formatted, imports sorted (the lint checks both).
  const formatted = await runCommand(
    join(root, "node_modules/.bin/biome"),
    ["check", "--write", "packages/core/src/operations/whoami.ts", REGISTRY],
    { cwd: root },
  )
  if (formatted.code !== 0) throw new Error(`biome in the copy: ${formatted.out}${formatted.err}`)
  // The one generator rewrites what is made from the catalogue (it builds core and the plugin for that).
  const generated = await timed("generate", () =>
    runCommand(process.execPath, [join(root, "scripts/generate.mjs")], { cwd: root, env: process.env }),
  )
  if (generated.code !== 0) throw new Error(`npm run generate failed in the copy:\n${generated.out}\n${generated.err}`)
  generateOutput = generated.out + generated.err
  // Each app checks core's project reference, compiles itself and bundles; two at a time on two cores.
  await timed("build cli+mcp", () => Promise.all([buildPackage(root, "apps/cli"), buildPackage(root, "apps/mcp")]))
  // The catalogue tests run against the copy's emulator.
  await timed("build emulator", () => buildPackage(root, "packages/emulator"))
  const core = (await import(pathToFileURL(join(root, "packages/core/dist/index.js")).href)) as CopiedCore
  const client = core.createInspireClient({ env })
  await client.login({ username, password: emu.demo.password }).finally(() => client.close())
}, 600_000)

afterAll(async () => {
  console.log(`new-operation acid test, ms: ${JSON.stringify(took)}`)
  await emu?.close()
  if (root !== undefined) removeCopy(root)
})

interface CopiedClient {
  readonly login: (input: { username: string; password: string }) => Promise<unknown>
  readonly whoami?: () => Promise<{ profile: string; username: string | null }>
  readonly close: () => Promise<void>
}

interface CopiedCore {
  readonly createInspireClient: (options: { env: NodeJS.ProcessEnv }) => CopiedClient
}

interface PluginTool {
  readonly kind: string
  readonly id: string
  readonly handler: (raw: unknown, context: unknown) => Promise<{ output: string; metadata: unknown }>
}

describe("an operation added as one file and one registry entry", () => {
  it("is a typed method of the copy's facade", async () => {
    const core = (await import(pathToFileURL(join(root, "packages/core/dist/index.js")).href)) as CopiedCore
    const client = core.createInspireClient({ env })
    try {
      expect(await client.whoami?.()).toEqual({ profile: "default", username })
    } finally {
      await client.close()
    }
    writeFileSync(join(root, "probe.ts"), TYPE_PROBE)
    const tsc = join(root, "node_modules/typescript/bin/tsc")
    const checked = await timed("type probe", () =>
      runCommand(
        process.execPath,
        [tsc, "--noEmit", "--strict", "--module", "nodenext", "--target", "es2022", "--skipLibCheck", "probe.ts"],
        { cwd: root },
      ),
    )
    expect(checked.out + checked.err).toBe("")
    expect(checked.code).toBe(0)
  })

  it("is listed and called as inspire_whoami by the copy's MCP server", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(root, "apps/mcp/dist/inspire-mcp.mjs")],
      env: env as Record<string, string>,
      stderr: "pipe",
    })
    const client = new Client({ name: "new-operation", version: "1.0.0" })
    await client.connect(transport)
    try {
      const { tools } = await client.listTools()
      const tool = tools.find((t) => t.name === "inspire_whoami")
      expect(tool?.annotations).toMatchObject({ readOnlyHint: true })
      // Its texts refer to other operations as words, which each frontend words in its own terms.
      expect(tool?.description).toContain("Next: inspire_status.")
      const called = await client.callTool({ name: "inspire_whoami", arguments: {} })
      expect(called.isError).not.toBe(true)
      expect(called.structuredContent).toEqual({ profile: "default", username })
    } finally {
      await client.close()
    }
  })

  it("is a tool of the copy's built plugin, in its manifest and its runtime", async () => {
    const manifest = JSON.parse(readFileSync(join(root, "apps/synergy-plugin/dist/plugin.json"), "utf8")) as {
      contributions: ReadonlyArray<{ kind: string; id: string }>
    }
    expect(manifest.contributions).toContainEqual(expect.objectContaining({ kind: "tool", id: "whoami" }))
    const runtime = join(root, "apps/synergy-plugin/dist/runtime/index.js")
    const plugin = ((await import(pathToFileURL(runtime).href)) as { default: { contributions: PluginTool[] } }).default
    const tool = plugin.contributions.find((c) => c.kind === "tool" && c.id === "whoami")
    expect(tool).toBeDefined()
    // The runtime reads the store and profile from the environment at each call, as the host runs it.
    const saved = { ...process.env }
    Object.assign(process.env, env)
    try {
      const result = await tool?.handler({}, { requestId: "acid", actor: { type: "agent" } })
      expect(result?.metadata).toMatchObject({ ok: true })
      expect(result?.output).toContain(username)
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
      Object.assign(process.env, saved)
    }
  })

  it("runs as `inspire whoami --json` in the copy's CLI", async () => {
    const ran = await runCommand(process.execPath, [join(root, "apps/cli/dist/inspire.mjs"), "whoami", "--json"], {
      cwd: root,
      env,
    })
    expect(ran.err).toBe("")
    expect(ran.code).toBe(0)
    expect(JSON.parse(ran.out)).toEqual({ profile: "default", username })
    const help = await runCommand(process.execPath, [join(root, "apps/cli/dist/inspire.mjs"), "whoami", "--help"], {
      cwd: root,
      env,
    })
    expect(help.out).toContain("Usage: inspire whoami")
    expect(help.out).not.toMatch(/inspire_|[\uE000-\uE004]/)
  })

  it("reaches the tool tables of the docs, regenerated by npm run generate", async () => {
    const [skill, plugin, cli, library] = TABLES.map((file) => readFileSync(join(root, file), "utf8"))
    expect(skill).toContain("`inspire_whoami`")
    expect(plugin).toContain("`plugin__inspire__whoami`")
    expect(cli).toContain("`inspire whoami`")
    expect(library).toContain("| `client.whoami` | none | `{ profile, username }` |")
    const check = await runCommand(process.execPath, [join(root, "scripts/tool-tables.mjs"), "--check"], {
      cwd: root,
      env,
    })
    expect(check.code, check.err).toBe(0)
  })

  it("passes the copy's lint and catalogue tests, its help listed for a translator", async () => {
    // Its summary shows in English to a Chinese reader until translated: a list, not a failure.
    expect(generateOutput).toMatch(/translations: packages\/core zh-CN: \d+ to translate/)
    const listed = await runCommand(process.execPath, [join(root, "scripts/translations.mjs")], { cwd: root, env })
    expect(listed.code).toBe(0)
    expect(listed.out).toContain("help-whoami-summary = ")
    for (const dir of ["packages/core", "apps/cli"]) {
      const lint = await timed(`lint ${dir}`, () =>
        runCommand("npm", ["run", "--silent", "lint"], { cwd: join(root, dir), env }),
      )
      expect(lint.code, `${dir}: ${lint.out}${lint.err}`).toBe(0)
    }
    const vitest = (dir: string, ...files: string[]) =>
      timed(`tests ${dir}`, () =>
        runCommand(process.execPath, [join(root, dir, "node_modules/vitest/vitest.mjs"), "run", ...files], {
          cwd: join(root, dir),
          env: { ...process.env, CI: "1" },
        }),
      )
    const words = await vitest("packages/core", "test/words")
    expect(words.code, words.out + words.err).toBe(0)
    const help = await vitest("apps/cli", "test/help-language.test.ts", "test/language.test.ts")
    expect(help.code, help.out + help.err).toBe(0)
    // Two lints and two packages' suites, run one after another in processes of their own: minutes on a
    // busy machine, so this test waits for them longer than the suite's default.
  }, 900_000)
})
