// A full disk while the store writes: a typed error that says so, the previous file intact, and no
// temporary file left behind. The disk is real: a 64 KiB tmpfs, mounted for the test (root only;
// skipped, saying why, where it cannot be mounted).
import { execFileSync } from "node:child_process"
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { InspireError } from "../../src/errors.js"
import { writeFileAtomicSync } from "../../src/store/atomic.js"
import { writeFileAtomic } from "../../src/store/files.js"
import { resolveStorePaths } from "../../src/store/paths.js"
import { Store } from "../../src/store/store.js"
import { renderWords } from "../../src/words/render.js"

const disk = mkdtempSync(join(tmpdir(), "inspire-full-"))
let mounted: string | undefined
let whyNot = ""

beforeAll(() => {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k,mode=0700", "tmpfs", disk], { stdio: "pipe" })
    mounted = disk
  } catch (e) {
    whyNot = `cannot mount a small tmpfs here (${String((e as { stderr?: Buffer }).stderr ?? e).trim()}); needs root`
    console.warn(`disk-full.test.ts skipped: ${whyNot}`)
  }
})

// The disk is emptied again after each test, whatever became of it.
afterEach(() => {
  if (mounted === undefined) return
  for (const name of ["filler", "reserve"]) rmSync(join(mounted, name), { force: true })
})

afterAll(() => {
  if (mounted !== undefined) execFileSync("umount", [mounted])
  rmSync(disk, { recursive: true, force: true })
})

// Fills what is left of the tmpfs; `spare` bytes are kept in a file removed afterwards, so that
// exactly that much becomes free again.
const fill = (dir: string, spare = 0) => {
  const reserve = join(dir, "reserve")
  if (spare > 0) writeFileSync(reserve, Buffer.alloc(spare))
  const chunk = Buffer.alloc(1024)
  try {
    for (;;) appendFileSync(join(dir, "filler"), chunk)
  } catch (e) {
    expect((e as { code?: string }).code).toBe("ENOSPC")
  }
  if (spare > 0) rmSync(reserve)
}

const failure = async (exit: Exit.Exit<unknown, InspireError>): Promise<InspireError> => {
  if (Exit.isSuccess(exit) || exit.cause._tag !== "Fail") throw new Error(`expected a typed failure: ${String(exit)}`)
  return exit.cause.error
}

describe("a full disk", () => {
  it("fails a store write with a disk-full error and leaves the previous file as it was", async (ctx) => {
    if (mounted === undefined) return ctx.skip(whyNot)
    const dir = join(mounted, "a")
    mkdirSync(dir, { mode: 0o700 })
    const file = join(dir, "config.json")
    await Effect.runPromise(writeFileAtomic(file, '{"version":1}\n'))
    fill(mounted)
    const error = await failure(await Effect.runPromiseExit(writeFileAtomic(file, "x".repeat(20_000))))
    expect(error.reason).toBe("StoreError")
    expect(renderWords(error.message, "library")).toBe(
      `The disk is full (ENOSPC): ${file} was not written and was left as it was.`,
    )
    expect(renderWords(error.hint, "mcp")).toContain(`df -h ${dir}`)
    expect(readFileSync(file, "utf8")).toBe('{"version":1}\n')
    expect(readdirSync(dir)).toEqual(["config.json"])
  })

  it("fails a locked store update the same way, from the lock or the write, and releases the lock", async (ctx) => {
    if (mounted === undefined) return ctx.skip(whyNot)
    const home = join(mounted, "home")
    const paths = resolveStorePaths({ INSPIRE_HOME: home })
    const update = (profile: string) =>
      Effect.runPromiseExit(
        Effect.provide(
          Effect.flatMap(Store, (s) =>
            s.updateConfig((c) => Effect.succeed({ ...c, currentProfile: profile, padding: "x".repeat(20_000) })),
          ),
          Store.layer({ INSPIRE_HOME: home }),
        ),
      )
    expect(Exit.isSuccess(await update("before"))).toBe(true)
    const before = readFileSync(paths.configFile, "utf8")
    // Room for the lock file's page but not for the new config: the write itself fails.
    fill(mounted, 4096)
    const afterWrite = await failure(await update("after"))
    expect(afterWrite.message).toContain(`The disk is full (ENOSPC): ${paths.configFile}`)
    // No room at all: taking the lock fails, with the same kind of error.
    fill(mounted)
    const afterLock = await failure(await update("after"))
    expect(renderWords(afterLock.message, "library")).toMatch(/^The disk is full \(ENOSPC\): .*config\.lock/)
    expect(readFileSync(paths.configFile, "utf8")).toBe(before)
    expect(readdirSync(paths.configDir)).toEqual(["config.json"])
    expect(readdirSync(paths.locksDir)).toEqual([])
  })

  it("fails a cache write (sync) without leaving its temporary file", (ctx) => {
    if (mounted === undefined) return ctx.skip(whyNot)
    const dir = join(mounted, "c")
    mkdirSync(dir, { mode: 0o700 })
    const file = join(dir, "cache.v8")
    writeFileAtomicSync(file, "old")
    fill(mounted)
    expect(() => writeFileAtomicSync(file, Buffer.alloc(20_000))).toThrow(/ENOSPC/)
    expect(readFileSync(file, "utf8")).toBe("old")
    expect(readdirSync(dir)).toEqual(["cache.v8"])
  })
})
