// The `github:SII-Holos/holos-inspire` install, simulated offline (PLUGIN-API.md §6.5): the repository
// snapshot Bun would fetch is planted in Synergy's package cache, holding what git tracks for the
// plugin — the root package.json (main/exports → the committed runtime) and apps/synergy-plugin/dist.
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { OPERATIONS } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, expect, it } from "vitest"
import { api, approve, endAll, livePids, makeHome, PLUGIN_DIR, type SynergyHome, startServer } from "./synergy-home.mjs"

const SPEC = "github:SII-Holos/holos-inspire"
// The host's cache layout version (3.0.22); a different one makes it wipe the cache on start.
const CACHE_VERSION = "15"

let emu: RunningEmulator
let home: SynergyHome

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  home = makeHome({ plugins: [SPEC], emulatorUrl: emu.url })
  const cache = join(home.dataRoot, "cache")
  const repo = join(cache, "node_modules", "holos-inspire")
  mkdirSync(repo, { recursive: true })
  cpSync(join(PLUGIN_DIR, "..", "..", "package.json"), join(repo, "package.json"))
  cpSync(join(PLUGIN_DIR, "dist"), join(repo, "apps", "synergy-plugin", "dist"), { recursive: true })
  writeFileSync(join(cache, "version"), CACHE_VERSION)
  writeFileSync(join(cache, "package.json"), JSON.stringify({ dependencies: { [SPEC]: SPEC } }))
})

afterAll(async () => {
  if (home !== undefined) await endAll(home)
  await emu?.close()
  if (home !== undefined) {
    expect(livePids(home)).toEqual([])
    rmSync(home.root, { recursive: true, force: true })
  }
}, 30_000)

it("resolves the repository's package entry to the committed plugin and loads it", async () => {
  const server = await startServer(home)
  const listed = await api<ReadonlyArray<{ id: string; installation: unknown; disabledPhase?: string }>>(
    server,
    "/api/plugins",
  )
  expect(listed.find((p) => p.id === "inspire")).toMatchObject({
    installation: { kind: "package", source: "git", spec: SPEC },
    disabledPhase: "approval",
  })
  const approved = await approve(server, "inspire")
  expect(approved).toMatchObject({ health: "loaded", loaded: true })
  const ids = await api<ReadonlyArray<string>>(server, "/experimental/tool/ids")
  for (const op of OPERATIONS) expect(ids).toContain(`plugin__inspire__${op.name}`)
}, 180_000)
