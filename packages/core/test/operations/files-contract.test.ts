import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { beforeEach, describe, expect, it } from "vitest"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import type { FileInput, Operation, OperationContext } from "../../src/operations/catalogue/operation.js"
import { configOperation } from "../../src/operations/config.js"
import { metricsOperation } from "../../src/operations/metrics/index.js"
import { OPERATIONS } from "../../src/operations/registry.js"
import { renderWords } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { failed, succeeded } from "./harness.js"
import { freshPlatform, startHpcJob, startJob } from "./tasks-fixture.js"

// The contract of every operation that writes a local file, read from the catalogue: a new file-writing
// operation declares `effects.files` and `effects.fileInputs` and is covered here without editing this file.

const emu = useEmulator()

beforeEach(() => freshPlatform(emu.current))

type Profile = ReturnType<typeof profileFor>

const STORAGE = "/inspire/hdd/project/embodied-fm"

const writers = OPERATIONS.filter((op) => op.effects.files === true)
const cases = writers.flatMap((op) =>
  (op.effects.fileInputs ?? []).map((f) => [`${op.name}.${f.field}`, op, f] as const),
)

const shapeOf = (op: Operation, field: string): string | undefined => {
  const schema = (
    op.input.shape as Record<string, { def?: { type?: string; innerType?: { def?: { type?: string } } } }>
  )[field]
  const def = schema?.def
  return def?.type === "optional" || def?.type === "default" ? def.innerType?.def?.type : def?.type
}

describe("the catalogue's file writers", () => {
  it("include logs and metrics, are never read-only, and name the fields that pick their files", () => {
    expect(writers.map((op) => op.name)).toEqual(expect.arrayContaining(["logs", "metrics"]))
    for (const op of OPERATIONS) {
      const inputs = op.effects.fileInputs ?? []
      if (op.effects.files === true) {
        expect(op.annotations.readOnly, `${op.name} writes files`).toBe(false)
        expect(inputs.length, `${op.name} declares its file fields`).toBeGreaterThan(0)
      } else expect(inputs, `${op.name} has file fields but no effects.files`).toEqual([])
      for (const f of inputs) {
        expect(shapeOf(op, f.field), `${op.name}.${f.field}`).toBe("string")
        expect(shapeOf(op, f.overwrite), `${op.name}.${f.overwrite}`).toBe("boolean")
      }
    }
  })
})

/** The example's input with its placeholders filled by objects of the account, created now. */
const fill = async (profile: Profile, example: FileInput["example"]): Promise<Record<string, unknown>> => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(example)) {
    if (value === "{train_job}") out[key] = await startJob(emu.current, profile, "files", "python train.py #emu:idle")
    else if (value === "{hpc_job}") out[key] = await startHpcJob(emu.current, profile, "files")
    else if (value === "{notebook}") out[key] = emu.current.control.jupyter.runningNotebook({ name: "files-nb" }).id
    else if (value === "{notebook_file}") out[key] = "hello.txt"
    else if (value === "{storage_file}") out[key] = `${STORAGE}/hello.txt`
    else if (typeof value === "string" && /^\{\w+\}$/.test(value))
      throw new Error(`the contract test cannot create ${value} yet; add it here`)
    else out[key] = value
  }
  emu.current.control.clock.advance(120)
  // The notebook's file the examples read, in its Jupyter folder.
  if (typeof out.notebook === "string") {
    const sandbox = emu.current.control.jupyter.sandbox(out.notebook)
    writeFileSync(join(sandbox, "hello.txt"), "hello\n")
    // The notebook's project storage (embodied-fm, as for every test notebook), under its Jupyter root.
    mkdirSync(join(sandbox, STORAGE), { recursive: true })
    writeFileSync(join(sandbox, STORAGE, "hello.txt"), "hello\n")
  }
  return out
}

const folder = (what: string) => mkdtempSync(join(tmpdir(), `inspire-files-${what}-`))

// Where files may go, as each kind of frontend hands it to core.
const frontends = [
  { who: "MCP and the plugin", context: (_cwd: string): OperationContext => ({ progress: () => undefined }) },
  { who: "the CLI", context: (cwd: string): OperationContext => ({ progress: () => undefined, workingDir: cwd }) },
] as const

describe.each(frontends)("for $who, every file-writing input", ({ who, context }) => {
  it.each(cases)(
    "%s refuses a link, a linked folder, an existing file without overwrite, ../escape and an outside path",
    async (_name, op, f) => {
      const downloads = folder("downloads")
      const cwd = folder("cwd")
      const outside = folder("outside")
      const profile = profileFor(emu.current, {
        INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间",
        INSPIRE_DOWNLOAD_DIR: downloads,
      })
      const base = await fill(profile, f.example)
      const ctx = context(cwd)
      // Relative paths start in the CLI's directory; elsewhere in the downloads folder.
      const root = who === "the CLI" ? cwd : downloads
      const run = (path: string, overwrite: boolean) =>
        profile.run(invoke(op, { ...base, [f.field]: path, [f.overwrite]: overwrite }, ctx))

      const secret = join(outside, "secret.txt")
      writeFileSync(secret, "keep")
      symlinkSync(secret, join(root, "link.out"))
      const link = failed(await run("link.out", true))
      expect(link).toMatchObject({ reason: "InvalidInput" })
      expect(link.message).toContain("symbolic link")
      expect(link.hint).not.toBe("")
      expect(readFileSync(secret, "utf8")).toBe("keep")

      symlinkSync(outside, join(root, "linked"))
      expect(failed(await run("linked/new.out", true)).message).toContain("symbolic link")
      expect(failed(await run(join(root, "linked", "new.out"), false)).message).toContain("symbolic link")

      writeFileSync(join(root, "exists.out"), "mine")
      const exists = failed(await run("exists.out", false))
      expect(exists.message).toContain("already exists")
      expect(exists.hint).toContain(`${f.overwrite}=true`)
      expect(readFileSync(join(root, "exists.out"), "utf8")).toBe("mine")

      const dots = failed(await run("../escape.out", true))
      expect(dots.message).toContain('".." is not allowed')
      expect(failed(await run(join(root, "..", "escape.out"), true)).reason).toBe("InvalidInput")
      expect(existsSync(join(dirname(root), "escape.out"))).toBe(false)

      const far = failed(await run(join(outside, "far.out"), true))
      expect(far.message).toContain("outside")
      expect(readdirSync(outside).sort()).toEqual(["secret.txt"])
      if (who !== "the CLI") {
        // The server's own directory is not a place an agent may write to.
        const here = join(process.cwd(), `inspire-contract-${process.pid}.out`)
        expect(renderWords(failed(await run(here, false)).message, "library")).toContain("outside the downloads folder")
        expect(existsSync(here)).toBe(false)
      }

      // The same field does write where it may: the refusals are the rule, not a broken call.
      succeeded(await run("exists.out", true))
      expect(readFileSync(join(root, "exists.out"), "utf8")).not.toBe("mine")
      succeeded(await run(join(downloads, "fresh.out"), false))
      expect(existsSync(join(downloads, "fresh.out"))).toBe(true)
      expect(readdirSync(outside).sort()).toEqual(["secret.txt"])
      expect(readdirSync(root).filter((n) => n.endsWith(".part"))).toEqual([])
    },
    30_000,
  )
})

describe("the downloads folder", () => {
  it("is <cacheDir>/downloads, or downloadDir as set with inspire_config, or INSPIRE_DOWNLOAD_DIR", async () => {
    const profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间" })
    const job = await fill(profile, { job_id: "{train_job}", mode: "download" })
    const csv = async (p: Profile) => succeeded(await p.run(invoke(metricsOperation, job))).result.download?.path
    expect(await csv(profile)).toBe(join(profile.home, "cache", "downloads", `${job.job_id}-30m.csv`))
    const mine = join(folder("set"), "inspire downloads")
    const bad = failed(await profile.run(invoke(configOperation, { action: "set", key: "downloadDir", value: "rel" })))
    expect(bad.message).toContain("not an absolute path")
    succeeded(await profile.run(invoke(configOperation, { action: "set", key: "downloadDir", value: mine })))
    expect(await csv(profile)).toBe(join(mine, `${job.job_id}-30m.csv`))
    const env = folder("env")
    const overridden = profileFor(emu.current, { ...profile.env, INSPIRE_DOWNLOAD_DIR: env })
    expect(await csv(overridden)).toBe(join(env, `${job.job_id}-30m.csv`))
  }, 30_000)

  it("may not hold or lie inside the store, where credentials and sessions live", async () => {
    const profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间" })
    const job = await fill(profile, { job_id: "{train_job}", mode: "download" })
    for (const dir of [profile.home, join(profile.home, "config"), join(profile.home, "cache", "sessions")]) {
      const p = profileFor(emu.current, { ...profile.env, INSPIRE_DOWNLOAD_DIR: dir })
      const e = failed(await p.run(invoke(metricsOperation, { ...job, path: "credentials.json", overwrite: true })))
      expect(e.message, dir).toContain("the store's folders")
      expect(e.hint).toContain("unset downloadDir")
    }
    expect(readFileSync(join(profile.home, "config", "credentials.json"), "utf8")).toContain("version")
  }, 30_000)
})
