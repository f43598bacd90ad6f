// The shared store under contention: 20 processes writing config keys, credentials and profiles at
// once lose nothing and leave only valid files; a damaged file is reported with a fix and never
// overwritten by any command.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { ConfigFile, CredentialsFile, resolveStorePaths, SessionFile } from "@holos-inspire/core/internal"
import { describe, expect, it } from "vitest"
import { report, size } from "./suite.js"
import { runNode } from "./support/platform.js"

const PROCESSES = 20
const KEYS = size(2, 50)
const ROUNDS = size(1, 5)
const writer = fileURLToPath(new URL("./fixtures/store-writer.mjs", import.meta.url))
const cli = join(dirname(createRequire(import.meta.url).resolve("@holos-inspire/cli/package.json")), "dist/inspire.mjs")

const parses = (file: string, schema: { safeParse: (x: unknown) => { success: boolean } }): boolean => {
  try {
    return schema.safeParse(JSON.parse(readFileSync(file, "utf8"))).success
  } catch {
    return false
  }
}

const rows: Array<{ name: string; value: string; target?: string; met?: boolean }> = []

describe("the store under 20 writers", () => {
  it(`${PROCESSES} processes × ${KEYS} keys × ${ROUNDS} rounds, with profile add/use/remove and credential writes`, async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-store-"))
    const names = Array.from({ length: PROCESSES }, (_, i) => `p${i}`)
    const t0 = performance.now()
    const results = await Promise.all(
      names.map((name) => runNode(writer, [home, name, String(KEYS), String(ROUNDS)], { ...process.env })),
    )
    const wall = performance.now() - t0
    expect(
      results.filter((r) => r.code !== 0).map((r) => r.err),
      "every writer finishes",
    ).toEqual([])

    const paths = resolveStorePaths({ INSPIRE_HOME: home })
    const sessions = readdirSync(paths.sessionsDir).map((f) => join(paths.sessionsDir, f))
    const corrupt = [
      ...[paths.configFile].filter((f) => !parses(f, ConfigFile)),
      ...[paths.credentialsFile].filter((f) => !parses(f, CredentialsFile)),
      ...sessions.filter((f) => !parses(f, SessionFile)),
    ]
    expect(corrupt).toEqual([])

    const config = ConfigFile.parse(JSON.parse(readFileSync(paths.configFile, "utf8")))
    const creds = CredentialsFile.parse(JSON.parse(readFileSync(paths.credentialsFile, "utf8")))
    const last = `r${ROUNDS - 1}`
    // Every write a process made must still be there, with the value of its last round.
    const expected = names.flatMap((name) => [
      ...Array.from({ length: KEYS }, (_, k) => [name, `k${k}`, last] as const),
      [name, "defaultPriority", ROUNDS] as const,
    ])
    const lost = expected.filter(
      ([name, key, value]) => (config.profiles[name]?.defaults as Record<string, unknown> | undefined)?.[key] !== value,
    )
    const lostCreds = names.filter((n) => creds.profiles[n]?.inspire?.password !== `pw-${n}-${ROUNDS - 1}`)
    const leftovers = Object.keys(config.profiles).filter((n) => !names.includes(n))
    const locks = existsSync(paths.locksDir) ? readdirSync(paths.locksDir) : []

    rows.push(
      { name: "writer processes at once", value: String(PROCESSES) },
      {
        name: "locked writes",
        value: String(PROCESSES * (ROUNDS * (KEYS + 7) + 1)),
      },
      {
        name: "lost keys",
        value: `${lost.length + lostCreds.length} of ${expected.length + names.length}`,
        target: "0",
        met: lost.length + lostCreds.length === 0,
      },
      {
        name: "corrupt files",
        value: `${corrupt.length} of ${2 + sessions.length}`,
        target: "0",
        met: corrupt.length === 0,
      },
      {
        name: "removed profiles left behind, stale locks",
        value: `${leftovers.length}, ${locks.length}`,
        target: "0, 0",
        met: leftovers.length + locks.length === 0,
      },
      { name: "wall time of the writers", value: `${(wall / 1000).toFixed(1)} s` },
    )
    expect(lost).toEqual([])
    expect(lostCreds).toEqual([])
    expect(leftovers).toEqual([])
    expect(config.currentProfile).toBe("default")
    expect(locks).toEqual([])
  }, 600_000)

  it("reports a truncated or corrupt store file with a fix and never overwrites it", async () => {
    const damaged = [
      { file: "config.json", bytes: '{"version":1,"currentProfile":"default","profiles":{"a":{"defa' },
      {
        file: "credentials.json",
        bytes: '{"version":1,"profiles":{"default":{"inspire":{"username":"u","password":42}}}}',
      },
      { file: "config.json", bytes: "\u0000\u0000\u0000\u0000garbage after a crash" },
    ].slice(0, size(2, 3))
    // Commands that write the store first; at reduced size only those run.
    const commands = [
      ["config", "set", "defaultPriority", "5"],
      ["profile", "add", "other"],
      ["profile", "use", "default"],
      ["profile", "remove", "other", "--yes"],
      ["logout"],
      ["login", "--username", "20250001", "--password-stdin"],
      ["config", "get"],
      ["profile", "list"],
      ["job", "list", "--json"],
    ].slice(0, size(6, 9))
    let runs = 0
    let reported = 0
    const changed: string[] = []
    const unreported: string[] = []
    // One sequence of commands per damaged file, the three at once; the bytes are compared after each command.
    await Promise.all(
      damaged.map(async ({ file, bytes }) => {
        const home = mkdtempSync(join(tmpdir(), "inspire-damaged-"))
        const path = join(home, "config", file)
        mkdirSync(join(home, "config"), { recursive: true })
        writeFileSync(path, bytes)
        const before = readFileSync(path)
        // A dead loopback port: nothing may reach a real platform, and login must fail before the network anyway.
        const env = { ...process.env, INSPIRE_HOME: home, INSPIRE_BASE_URL: "http://127.0.0.1:9", NO_COLOR: "1" }
        for (const args of commands) {
          const r = await runNode(cli, args, env)
          runs += 1
          if (!readFileSync(path).equals(before)) changed.push(`${file}: inspire ${args.join(" ")}`)
          const said = r.out + r.err
          if (!said.includes(path)) continue
          reported += 1
          if (r.code === 0 || !said.includes("left untouched") || !said.includes(`mv ${path} ${path}.bak`))
            unreported.push(`${file}: inspire ${args.join(" ")} → ${said.slice(0, 200)}`)
        }
      }),
    )
    rows.push(
      {
        name: "damaged files overwritten",
        value: `${changed.length} (${damaged.length} damaged files × ${commands.length} commands)`,
        target: "0",
        met: changed.length === 0,
      },
      {
        name: "commands that met a damaged file and reported it with a fix",
        value: `${reported - unreported.length} of ${reported}`,
        target: "all",
        met: unreported.length === 0,
      },
    )
    expect(changed).toEqual([])
    expect(unreported).toEqual([])
    expect(reported).toBeGreaterThanOrEqual(damaged.length * 2)
    expect(runs).toBe(damaged.length * commands.length)
  }, 120_000)

  it("reports its figures", () => {
    report({
      id: "store",
      title: "The store: 20 writers at once, damaged files",
      method:
        `${PROCESSES} Node processes start at once against one INSPIRE_HOME. Each, for ${ROUNDS} round(s), adds a ` +
        "scratch profile and makes it current, saves its credentials, writes each of its " +
        `${KEYS} keys as its own locked read-modify-write of config.json, sets defaultPriority through ` +
        "inspire_config, and removes the scratch profile. Afterwards every file must parse and validate, " +
        "every key must hold its last round's value, and no scratch profile or lock may remain. Then a " +
        "truncated config.json, a credentials.json of the wrong shape and (full size only) a config.json of " +
        "garbage bytes are each met by the real `inspire` CLI with nine commands that read or write the " +
        "store (only the six that write, at reduced size); the file's bytes are compared after every command.",
      rows,
    })
    console.log(rows.map((r) => `${r.name}: ${r.value}`).join("\n"))
  })
})
