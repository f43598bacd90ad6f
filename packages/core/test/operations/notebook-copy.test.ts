import { createHash, randomBytes } from "node:crypto"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import type { OperationContext, Progress } from "../../src/operations/catalogue/operation.js"
import { notebookFilesOperation } from "../../src/operations/notebook-files/index.js"
import { renderWords } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { failed, succeeded } from "./harness.js"

// inspire_notebook_files upload and download against the emulator's Jupyter server (a real folder per
// notebook): folders both ways with every sha256 checked, no file replaced without overwrite, dry runs
// that write nothing, folders made on the way, and a listing whose names try to leave the folder.

const emu = useEmulator()
let nb: { id: string; name: string }
let profile: ReturnType<typeof profileFor>
let cwd: string
let sandbox: string
let shown: Progress[]

const sha = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex")

beforeAll(() => {
  nb = emu.current.control.jupyter.runningNotebook({ name: "copy-nb" })
  sandbox = emu.current.control.jupyter.sandbox(nb.id)
  profile = profileFor(emu.current, {
    INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源",
    INSPIRE_DOWNLOAD_DIR: mkdtempSync(join(tmpdir(), "inspire-copy-downloads-")),
  })
  cwd = mkdtempSync(join(tmpdir(), "inspire-copy-cwd-"))
})

/** Runs the operation as the CLI does, in `cwd` (or, with `agent`, as MCP does: the downloads folder only). */
const files = async (input: Record<string, unknown>, agent = false) => {
  shown = []
  const context: OperationContext = {
    progress: (p) => void shown.push(p),
    ...(agent ? {} : { workingDir: cwd }),
  }
  return profile.run(invoke(notebookFilesOperation, { notebook: nb.name, ...input }, context))
}

const tree = (root: string) => {
  mkdirSync(join(root, "sub", "deeper"), { recursive: true })
  mkdirSync(join(root, "empty"))
  writeFileSync(join(root, "a.txt"), "alpha\n")
  writeFileSync(join(root, "sub", "b.bin"), randomBytes(70_000))
  writeFileSync(join(root, "sub", "deeper", "c.txt"), "gamma\n")
}
const TREE_FILES = ["a.txt", "sub/b.bin", "sub/deeper/c.txt"]

describe("notebook_files upload and download", () => {
  it("copy a folder there and back, every file's sha256 the same on both sides", async () => {
    tree(join(cwd, "tree"))
    const up = succeeded(await files({ action: "upload", local: "tree", path: "" }))
    expect(up.result).toMatchObject({ action: "upload", path: "tree", count: 3, written: true, replaced: false })
    expect(renderWords(up.text, "library")).toMatch(/Copied 3 files, \d+ bytes, to copy-nb:tree; sha256 verified/)
    expect(shown.map((p) => p.current)).toEqual([1, 2, 3])
    for (const f of TREE_FILES) {
      const local = readFileSync(join(cwd, "tree", f))
      expect(readFileSync(join(sandbox, "tree", f)).equals(local), f).toBe(true)
      expect(up.result.files?.find((x) => x.path === `tree/${f}`)?.sha256).toBe(sha(local))
    }
    expect(readdirSync(join(sandbox, "tree", "empty"))).toEqual([])

    const down = succeeded(await files({ action: "download", path: "tree", local: "restored" }))
    expect(down.result).toMatchObject({ action: "download", local: join(cwd, "restored"), count: 3, written: true })
    for (const f of TREE_FILES) {
      const back = readFileSync(join(cwd, "restored", f))
      expect(back.equals(readFileSync(join(cwd, "tree", f))), f).toBe(true)
      expect(down.result.files?.find((x) => x.path === `tree/${f}`)?.sha256).toBe(sha(back))
    }
    expect(readdirSync(join(cwd, "restored", "empty"))).toEqual([])
    // Into an existing folder, a copy keeps its name.
    succeeded(await files({ action: "download", path: "tree/a.txt", local: "restored/sub" }))
    expect(readFileSync(join(cwd, "restored", "sub", "a.txt"), "utf8")).toBe("alpha\n")
  }, 60_000)

  it("make the folders a copy or a write goes into, on a notebook that has none of them", async () => {
    writeFileSync(join(cwd, "one.txt"), "one\n")
    const into = succeeded(await files({ action: "upload", local: "one.txt", path: "new/dir/" }))
    expect(into.result.path).toBe("new/dir/one.txt")
    expect(readFileSync(join(sandbox, "new", "dir", "one.txt"), "utf8")).toBe("one\n")
    tree(join(cwd, "up"))
    succeeded(await files({ action: "upload", local: "up", path: "fresh/nested/" }))
    expect(readFileSync(join(sandbox, "fresh", "nested", "up", "sub", "deeper", "c.txt"), "utf8")).toBe("gamma\n")
    const planned = succeeded(
      await files({ action: "write", path: "notes/day/hello.txt", content: "hi\n", dry_run: true }),
    )
    expect(planned.result.plan?.targets.map((t) => t.id)).toEqual(["notes", "notes/day", "notes/day/hello.txt"])
    expect(existsSync(join(sandbox, "notes"))).toBe(false)
    succeeded(await files({ action: "write", path: "notes/day/hello.txt", content: "hi\n" }))
    expect(readFileSync(join(sandbox, "notes", "day", "hello.txt"), "utf8")).toBe("hi\n")
  }, 60_000)

  it("replace nothing without overwrite, and then nothing at all is copied", async () => {
    mkdirSync(join(cwd, "clash"))
    writeFileSync(join(cwd, "clash", "old.txt"), "old\n")
    succeeded(await files({ action: "upload", local: "clash", path: "" }))
    writeFileSync(join(cwd, "clash", "old.txt"), "changed\n")
    writeFileSync(join(cwd, "clash", "added.txt"), "added\n")
    const refused = failed(await files({ action: "upload", local: "clash", path: "" }))
    expect(refused).toMatchObject({ reason: "Conflict", candidates: ["clash/old.txt"] })
    expect(refused.message).toContain("clash/old.txt already exists; nothing was copied")
    expect(readFileSync(join(sandbox, "clash", "old.txt"), "utf8")).toBe("old\n")
    expect(existsSync(join(sandbox, "clash", "added.txt"))).toBe(false)
    const forced = succeeded(await files({ action: "upload", local: "clash", path: "", overwrite: true }))
    expect(forced.result.replaced).toBe(true)
    expect(readFileSync(join(sandbox, "clash", "old.txt"), "utf8")).toBe("changed\n")

    mkdirSync(join(cwd, "mine", "clash"), { recursive: true })
    writeFileSync(join(cwd, "mine", "clash", "added.txt"), "mine\n")
    const back = failed(await files({ action: "download", path: "clash", local: "mine" }))
    expect(back.reason).toBe("Conflict")
    expect(renderWords(back.hint, "library")).toContain("overwrite=true")
    expect(readdirSync(join(cwd, "mine", "clash"))).toEqual(["added.txt"])
    expect(readFileSync(join(cwd, "mine", "clash", "added.txt"), "utf8")).toBe("mine\n")

    // A folder on one side where the other has a file is refused before anything is sent, even with overwrite.
    mkdirSync(join(sandbox, "clash", "dir.txt"))
    writeFileSync(join(cwd, "clash", "dir.txt"), "a file here\n")
    writeFileSync(join(cwd, "clash", "old.txt"), "newer\n")
    const kinds = failed(await files({ action: "upload", local: "clash", path: "", overwrite: true }))
    expect(kinds.message).toContain("clash/dir.txt is a folder on one side and a file on the other")
    expect(readFileSync(join(sandbox, "clash", "old.txt"), "utf8")).toBe("changed\n")
    mkdirSync(join(cwd, "mine", "clash", "old.txt"))
    const local = failed(await files({ action: "download", path: "clash", local: "mine", overwrite: true }))
    expect(local.message).toContain(`${join(cwd, "mine", "clash", "old.txt")} is a folder on one side`)
    expect(readFileSync(join(cwd, "mine", "clash", "added.txt"), "utf8")).toBe("mine\n")
  }, 60_000)

  it("list every file in a dry run and write nothing, here or there", async () => {
    tree(join(cwd, "planned"))
    emu.current.control.clearRequests()
    const up = succeeded(await files({ action: "upload", local: "planned", path: "plans/", dry_run: true }))
    expect(renderWords(up.text, "library")).toContain("Dry run")
    expect(up.result).toMatchObject({ written: false, count: 3 })
    expect(up.result.plan?.targets.map((t) => t.id)).toEqual([
      "plans",
      "plans/planned",
      "plans/planned/empty",
      "plans/planned/sub",
      "plans/planned/sub/deeper",
      ...TREE_FILES.map((f) => `plans/planned/${f}`),
    ])
    expect(emu.current.control.requests().log.filter((q) => q.write)).toEqual([])
    expect(existsSync(join(sandbox, "plans"))).toBe(false)

    const down = succeeded(await files({ action: "download", path: "tree", local: "later", dry_run: true }))
    expect(down.result.files?.map((f) => f.local).sort()).toEqual(TREE_FILES.map((f) => join(cwd, "later", f)))
    expect(existsSync(join(cwd, "later"))).toBe(false)
  }, 60_000)

  it("refuse a listing whose entry names leave the folder, before writing anything", async () => {
    for (const name of ["../evil", "/etc/evil", "a/b", "..", "a\\b"]) {
      emu.current.control.jupyter.craftListing(nb.id, "tree/sub", [{ name }])
      const e = failed(await files({ action: "download", path: "tree", local: "crafted" }))
      expect(e.reason, name).toBe("PlatformError")
      expect(e.message).toContain(JSON.stringify(name))
      expect(e.message).toContain('"tree/sub"')
      expect(existsSync(join(cwd, "crafted"))).toBe(false)
      expect(failed(await files({ action: "list", path: "tree/sub" })).reason).toBe("PlatformError")
    }
    expect(existsSync(join(cwd, "..", "evil"))).toBe(false)
    emu.current.control.jupyter.craftListing(nb.id, "tree/sub", [])
    succeeded(await files({ action: "list", path: "tree/sub" }))
  }, 60_000)

  it("read only what lies inside the allowed folders, never through a link", async () => {
    const outside = mkdtempSync(join(tmpdir(), "inspire-copy-outside-"))
    writeFileSync(join(outside, "secret.txt"), "secret\n")
    const far = failed(await files({ action: "upload", local: join(outside, "secret.txt") }))
    expect(far.message).toContain("outside")
    expect(failed(await files({ action: "upload", local: "../secret.txt" })).message).toContain('".." is not allowed')
    symlinkSync(join(outside, "secret.txt"), join(cwd, "link.txt"))
    expect(failed(await files({ action: "upload", local: "link.txt" })).message).toContain("symbolic link")
    symlinkSync(outside, join(cwd, "linked"))
    expect(failed(await files({ action: "upload", local: "linked/secret.txt" })).message).toContain("symbolic link")
    mkdirSync(join(cwd, "holder"))
    writeFileSync(join(cwd, "holder", "ok.txt"), "ok\n")
    symlinkSync(join(outside, "secret.txt"), join(cwd, "holder", "sneaky.txt"))
    const held = succeeded(await files({ action: "upload", local: "holder", path: "" }))
    expect(held.result.count).toBe(1)
    expect(held.result.notes.join(" ")).toContain("sneaky.txt")
    expect(readdirSync(join(sandbox, "holder"))).toEqual(["ok.txt"])
    // An agent names files in the downloads folder; the CLI's directory is not one of its folders.
    const agent = failed(await files({ action: "upload", local: join(cwd, "one.txt") }, true))
    expect(agent.message).toContain("outside")
    const downloads = profile.env.INSPIRE_DOWNLOAD_DIR ?? ""
    writeFileSync(join(downloads, "mcp.txt"), "from an agent\n")
    succeeded(await files({ action: "upload", local: "mcp.txt", path: "" }, true))
    expect(readFileSync(join(sandbox, "mcp.txt"), "utf8")).toBe("from an agent\n")
    succeeded(await files({ action: "download", path: "tree/a.txt" }, true))
    expect(readFileSync(join(downloads, "a.txt"), "utf8")).toBe("alpha\n")
  }, 60_000)
})
