import { createHash, randomBytes } from "node:crypto"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { RunningEmulator } from "@holos-inspire/emulator"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import type { OperationContext } from "../../src/operations/catalogue/operation.js"
import { storageOperation } from "../../src/operations/storage/index.js"
import { renderWords } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { type Fault, type FaultProxy, startFaultProxy } from "../platform/fault-proxy.js"
import { failed, succeeded } from "./harness.js"

// inspire_storage against the emulator's notebooks, whose Jupyter root holds the project's storage
// (/inspire/hdd/project/embodied-fm/…): files of several blocks (1 MiB here) both ways, resumed after an
// interruption with only the missing blocks sent, sha256 mismatches caught, folders, dry runs, refusals.

const emu = useEmulator()
const ROOT = "/inspire/hdd/project/embodied-fm"
const MIB = 1024 * 1024
let nb: { id: string; name: string }
let store: string
let cwd: string
let proxy: FaultProxy | undefined

const sha = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex")

beforeAll(() => {
  nb = emu.current.control.jupyter.runningNotebook({ name: "storage-nb" })
  store = join(emu.current.control.jupyter.sandbox(nb.id), "inspire", "hdd", "project", "embodied-fm")
  mkdirSync(store, { recursive: true })
  cwd = mkdtempSync(join(tmpdir(), "inspire-storage-cwd-"))
})

afterEach(async () => {
  await proxy?.close()
  proxy = undefined
})

/** A profile whose requests all pass a fault proxy that applies `fault` (none: carries everything). */
const through = async (fault: (method: string, path: string) => Fault | undefined = () => undefined) => {
  proxy = await startFaultProxy(emu.current.url, { fault })
  return profileFor({ ...emu.current, url: proxy.url } as RunningEmulator, {
    INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源",
  })
}

const direct = () => profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" })

const run = (profile: ReturnType<typeof profileFor>, input: Record<string, unknown>) => {
  const context: OperationContext = { progress: () => undefined, workingDir: cwd }
  return profile.run(invoke(storageOperation, { block_mib: 1, ...input }, context))
}

const ok = async (profile: ReturnType<typeof profileFor>, input: Record<string, unknown>) =>
  succeeded(await run(profile, input)).result

const isChunk = (m: string, p: string) => m === "PUT" && p.includes("/api/contents/")
const isRead = (m: string, p: string) => m === "GET" && p.includes("/files/")

describe("storage cp", () => {
  it("copies a file of several blocks up and down, the same bytes on both sides, no part left", async () => {
    const bytes = randomBytes(3 * MIB + 12345)
    writeFileSync(join(cwd, "big.bin"), bytes)
    const profile = direct()
    const up = await ok(profile, { action: "cp", from: "big.bin", to: `${ROOT}/data/` })
    expect(up).toMatchObject({ action: "cp", direction: "up", path: `${ROOT}/data/big.bin`, count: 1 })
    expect(up.files?.[0]?.sha256).toBe(sha(bytes))
    expect(readFileSync(join(store, "data", "big.bin")).equals(bytes)).toBe(true)
    expect(readdirSync(join(store, "data"))).toEqual(["big.bin"])
    const down = await ok(profile, { action: "cp", from: `${ROOT}/data/big.bin`, to: "back.bin" })
    expect(down).toMatchObject({ direction: "down", local: join(cwd, "back.bin") })
    expect(readFileSync(join(cwd, "back.bin")).equals(bytes)).toBe(true)
    expect(readdirSync(cwd).filter((n) => n.includes("inspire-part"))).toEqual([])
    const listed = await ok(profile, { action: "ls", path: `${ROOT}/data` })
    expect(listed.entries).toEqual([expect.objectContaining({ name: "big.bin", size: bytes.length })])
  }, 60_000)

  it("continues an interrupted upload from where it stopped, sending only the blocks missing", async () => {
    const bytes = randomBytes(4 * MIB)
    writeFileSync(join(cwd, "resume.bin"), bytes)
    let chunks = 0
    const broken = await through((m, p) => (isChunk(m, p) && ++chunks === 3 ? { kind: "reset-before" } : undefined))
    failed(await run(broken, { action: "cp", from: "resume.bin", to: `${ROOT}/resume.bin` }))
    expect(existsSync(join(store, "resume.bin"))).toBe(false)
    await proxy?.close()
    let sent = 0
    const again = await through((m, p) => {
      if (isChunk(m, p)) sent++
      return undefined
    })
    await ok(again, { action: "cp", from: "resume.bin", to: `${ROOT}/resume.bin` })
    // Blocks 1 and 2 arrived before the cut: the re-run sends 3 and 4 only.
    expect(sent).toBe(2)
    expect(readFileSync(join(store, "resume.bin")).equals(bytes)).toBe(true)
  }, 60_000)

  it("continues an interrupted download, reading only the ranges missing", async () => {
    const bytes = randomBytes(4 * MIB - 7)
    writeFileSync(join(store, "get.bin"), bytes)
    let reads = 0
    const broken = await through((m, p) => (isRead(m, p) && ++reads >= 3 ? { kind: "lose" } : undefined))
    failed(await run(broken, { action: "cp", from: `${ROOT}/get.bin`, to: "get.bin" }))
    expect(existsSync(join(cwd, "get.bin"))).toBe(false)
    expect(statSync(join(cwd, "get.bin.inspire-part")).size).toBe(2 * MIB)
    await proxy?.close()
    const again = await through()
    await ok(again, { action: "cp", from: `${ROOT}/get.bin`, to: "get.bin" })
    expect(proxy?.carried.filter((p) => p.includes("/files/")).length).toBe(2)
    expect(readFileSync(join(cwd, "get.bin")).equals(bytes)).toBe(true)
    expect(existsSync(join(cwd, "get.bin.inspire-part"))).toBe(false)
  }, 60_000)

  it("holds no buffer of a block's size while it continues a download (the kept part is hashed in slices)", async () => {
    const bytes = randomBytes(10 * MIB + 3)
    writeFileSync(join(store, "kept.bin"), bytes)
    let reads = 0
    const broken = await through((m, p) => (isRead(m, p) && ++reads >= 3 ? { kind: "lose" } : undefined))
    const copy = { action: "cp", from: `${ROOT}/kept.bin`, to: "kept.bin", block_mib: 4 }
    failed(await run(broken, copy))
    expect(statSync(join(cwd, "kept.bin.inspire-part")).size).toBe(8 * MIB)
    await proxy?.close()
    // Node's allocator, watched (calls go through): the largest buffer the re-run asks for at once.
    const alloc = vi.spyOn(Buffer, "allocUnsafe")
    let largest = 0
    try {
      await ok(direct(), copy)
      largest = Math.max(0, ...alloc.mock.calls.map(([n]) => n))
    } finally {
      alloc.mockRestore()
    }
    expect(largest).toBeLessThan(4 * MIB)
    expect(readFileSync(join(cwd, "kept.bin")).equals(bytes)).toBe(true)
  }, 60_000)

  it("catches a sha256 mismatch both ways and keeps no wrong file", async () => {
    const bytes = randomBytes(2 * MIB + 5)
    writeFileSync(join(cwd, "odd.bin"), bytes)
    const lying = await through((m, p) =>
      m === "GET" && p.includes("hash=1")
        ? { kind: "rewrite", change: (j) => ({ ...j, hash: "0".repeat(64) }) }
        : undefined,
    )
    const up = failed(await run(lying, { action: "cp", from: "odd.bin", to: `${ROOT}/odd.bin` }))
    expect(renderWords(up.message, "library")).toContain("sha256")
    expect(readdirSync(store).filter((n) => n.startsWith("odd.bin"))).toEqual([])
    await proxy?.close()
    // A download cut half-way, then the remote bytes changed under the same size and time: the part kept
    // from the first run no longer matches, and the end's check says so.
    const then = new Date("2026-01-02T03:04:05Z")
    writeFileSync(join(store, "swap.bin"), bytes)
    utimesSync(join(store, "swap.bin"), then, then)
    let reads = 0
    const broken = await through((m, p) => (isRead(m, p) && ++reads >= 2 ? { kind: "lose" } : undefined))
    failed(await run(broken, { action: "cp", from: `${ROOT}/swap.bin`, to: "swap.bin" }))
    await proxy?.close()
    expect(statSync(join(cwd, "swap.bin.inspire-part")).size).toBe(MIB)
    const changed = Buffer.from(bytes)
    changed[10] = (changed[10] ?? 0) ^ 0xff
    writeFileSync(join(store, "swap.bin"), changed)
    utimesSync(join(store, "swap.bin"), then, then)
    const down = failed(await run(direct(), { action: "cp", from: `${ROOT}/swap.bin`, to: "swap.bin" }))
    expect(renderWords(down.message, "library")).toContain("sha256")
    expect(readdirSync(cwd).filter((n) => n.startsWith("swap.bin"))).toEqual([])
  }, 60_000)

  it("copies folders both ways; a dry run writes nothing; nothing is replaced without force", async () => {
    mkdirSync(join(cwd, "tree", "sub"), { recursive: true })
    writeFileSync(join(cwd, "tree", "a.txt"), "alpha\n")
    writeFileSync(join(cwd, "tree", "sub", "b.bin"), randomBytes(MIB + 3))
    const profile = direct()
    const dry = await ok(profile, { action: "cp", from: "tree", to: `${ROOT}/`, dry_run: true })
    expect(dry).toMatchObject({ written: false, count: 2 })
    expect(existsSync(join(store, "tree"))).toBe(false)
    await ok(profile, { action: "cp", from: "tree", to: `${ROOT}/` })
    expect(
      readFileSync(join(store, "tree", "sub", "b.bin")).equals(readFileSync(join(cwd, "tree", "sub", "b.bin"))),
    ).toBe(true)
    const again = failed(await run(profile, { action: "cp", from: "tree", to: `${ROOT}/` }))
    expect(again.reason).toBe("Conflict")
    // Said in storage's words: its paths under /inspire/, its force field.
    expect(renderWords(again.message, "library")).toContain(`${ROOT}/tree/a.txt`)
    expect(renderWords(again.hint, "library")).toContain("force=true")
    await ok(profile, { action: "cp", from: "tree", to: `${ROOT}/`, force: true })
    const down = await ok(profile, { action: "cp", from: `${ROOT}/tree`, to: "copy" })
    expect(down.count).toBe(2)
    expect(readFileSync(join(cwd, "copy", "a.txt"), "utf8")).toBe("alpha\n")
    const drm = await ok(profile, { action: "rm", path: `${ROOT}/tree`, force: true, dry_run: true })
    expect(drm.written).toBe(false)
    expect(existsSync(join(store, "tree", "a.txt"))).toBe(true)
    expect(failed(await run(profile, { action: "rm", path: `${ROOT}/tree` })).reason).toBe("InvalidInput")
    await ok(profile, { action: "rm", path: `${ROOT}/tree`, force: true })
    expect(existsSync(join(store, "tree"))).toBe(false)
  }, 60_000)

  it("refuses a path outside the storage roots, a root's removal, two local sides", async () => {
    const profile = direct()
    const outside = failed(await run(profile, { action: "ls", path: "/etc" }))
    expect(renderWords(outside.message, "library")).toContain("outside the project's shared storage")
    const up = failed(await run(profile, { action: "ls", path: `${ROOT}/../other` }))
    expect(up.reason).toBe("InvalidInput")
    const other = failed(await run(profile, { action: "cp", from: "x", to: "/inspire/hdd/project/someone-else/x" }))
    expect(other.reason).toBe("Conflict")
    expect(failed(await run(profile, { action: "rm", path: ROOT, force: true })).reason).toBe("InvalidInput")
    expect(failed(await run(profile, { action: "cp", from: "a", to: "b" })).reason).toBe("InvalidInput")
  }, 60_000)

  it("refuses without a running notebook, saying how to start one", async () => {
    const profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间" })
    const e = failed(await run(profile, { action: "ls" }))
    expect(e.reason).toBe("Conflict")
    expect(renderWords(e.message, "library")).toContain("No notebook is running")
    expect(renderWords(e.hint, "library")).toContain("start")
  }, 60_000)
})
