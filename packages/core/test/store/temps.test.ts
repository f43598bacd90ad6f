// Temporary files of atomic writes left by killed writers (store/temps.ts) are removed the next time
// the store writes that folder; the temporary files of writers still at work are not.
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { resolveStorePaths } from "../../src/store/paths.js"
import { Store } from "../../src/store/store.js"
import { DEAD_WRITER_AGE_MS, ORPHAN_AGE_MS, tempFileFor } from "../../src/store/temps.js"

const writer = fileURLToPath(new URL("../fixtures/temp-writer.mjs", import.meta.url))
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL")
})

// Starts a writer and resolves with its temporary file once written; the writer stays alive.
const startWriter = (target: string): Promise<{ child: ChildProcess; temp: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writer, target], { stdio: ["ignore", "pipe", "inherit"] })
    children.push(child)
    child.on("error", reject)
    child.stdout?.once("data", (d: Buffer) => resolve({ child, temp: d.toString("utf8").trim() }))
  })

const killed = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.once("exit", () => resolve())
    child.kill("SIGKILL")
  })

const age = (file: string, ms: number) => {
  const then = new Date(Date.now() - ms)
  utimesSync(file, then, then)
}

describe("orphaned temporary files", () => {
  it("of a killed writer are removed by the next write to the folder; a live writer's are kept", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-temps-"))
    const paths = resolveStorePaths({ INSPIRE_HOME: home })
    mkdirSync(paths.configDir, { recursive: true, mode: 0o700 })
    writeFileSync(paths.configFile, '{"version":1,"currentProfile":"before","profiles":{}}', { mode: 0o600 })

    const dead = await startWriter(paths.configFile)
    await killed(dead.child)
    // Found on a later call: older than the few seconds any write in progress takes.
    age(dead.temp, DEAD_WRITER_AGE_MS + 1_000)
    const live = await startWriter(paths.configFile)
    age(live.temp, DEAD_WRITER_AGE_MS + 1_000)
    // Any temporary file this old is an orphan, even when its pid now belongs to a live process.
    const ancient = tempFileFor(paths.configFile).replace(`.${process.pid}.`, `.${live.child.pid}.`)
    writeFileSync(ancient, "{", { mode: 0o600 })
    age(ancient, ORPHAN_AGE_MS + 60_000)
    // What earlier versions named their temporary files.
    const legacy = `${paths.configFile}.999999999.tmp`
    writeFileSync(legacy, "{", { mode: 0o600 })
    age(legacy, DEAD_WRITER_AGE_MS + 1_000)
    const unrelated = join(paths.configDir, "notes.tmp")
    writeFileSync(unrelated, "mine", { mode: 0o600 })
    age(unrelated, ORPHAN_AGE_MS + 60_000)
    expect(readdirSync(paths.configDir)).toHaveLength(6)

    await Effect.runPromise(
      Effect.provide(
        Effect.flatMap(Store, (s) => s.updateConfig((c) => Effect.succeed({ ...c, currentProfile: "after" }))),
        Store.layer({ INSPIRE_HOME: home }),
      ),
    )
    expect(existsSync(dead.temp)).toBe(false)
    expect(existsSync(ancient)).toBe(false)
    expect(existsSync(legacy)).toBe(false)
    expect(existsSync(live.temp)).toBe(true)
    expect(existsSync(unrelated)).toBe(true)
    const byName = (a: string, b: string) => a.localeCompare(b)
    expect(readdirSync(paths.configDir).sort(byName)).toEqual(
      ["config.json", "notes.tmp", basename(live.temp)].sort(byName),
    )
    expect(JSON.parse(readFileSync(paths.configFile, "utf8")).currentProfile).toBe("after")
  }, 20_000)
})
