import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { makeRemoteFolder, writeRemoteFile } from "../../src/api/jupyter/contents.js"
import { contentsFailure } from "../../src/api/jupyter/contents-failure.js"
import { type Lab, labOf } from "../../src/api/jupyter/lab.js"
import { getNotebook } from "../../src/api/notebooks/read.js"
import { Effect } from "../../src/effect.js"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import { notebookFilesOperation } from "../../src/operations/notebook-files/index.js"
import { renderWords } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { failed, succeeded } from "./harness.js"

// The notebook's side of a write or copy against the emulator's Jupyter server (a real folder per
// notebook, refusing as Jupyter Server's FileContentsManager does): missing folders made or, with
// parents false, refused before anything is written; paths that leave the Jupyter root said to; and the
// server's own refusals worded with what to do, never "try again" when trying again cannot help.

const emu = useEmulator()
let nb: { id: string; name: string }
let profile: ReturnType<typeof profileFor>
let cwd: string
let sandbox: string

beforeAll(() => {
  nb = emu.current.control.jupyter.runningNotebook({ name: "paths-nb" })
  sandbox = emu.current.control.jupyter.sandbox(nb.id)
  profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" })
  cwd = mkdtempSync(join(tmpdir(), "inspire-paths-cwd-"))
})

const files = (input: Record<string, unknown>) =>
  profile.run(invoke(notebookFilesOperation, { notebook: nb.name, ...input }, { workingDir: cwd, progress: () => {} }))

/** Runs a contents call on the notebook's lab directly, as the operation does. */
const onLab = <A>(f: (lab: Effect.Effect.Success<ReturnType<typeof labOf>>) => Effect.Effect<A, unknown, never>) =>
  profile.run(
    Effect.gen(function* () {
      const lab = yield* labOf(yield* getNotebook(nb.id))
      return yield* f(lab)
    }) as never,
  )

const writes = () => emu.current.control.requests().log.filter((q) => q.write)

describe("the notebook's side of a write or copy", () => {
  it("words the server's refusals by what to do: a missing folder or a file in the way is no reason to try again", async () => {
    // A file PUT into a missing folder: Jupyter answers 500 with the OS error (No such file or directory).
    const before = emu.current.control.requests().log.length
    const missing = failed(await onLab((lab) => writeRemoteFile(lab, "absent/x.txt", Buffer.from("x")) as never))
    // Sent once: the server's explanation is its final word, so the content is not uploaded again.
    const puts = emu.current.control
      .requests()
      .log.slice(before)
      .filter((q) => q.surface === "jup:PUT /api/contents")
    expect(puts).toHaveLength(1)
    expect(missing.reason).toBe("NotFound")
    expect(missing.message).toContain('could not save "absent/x.txt": a folder on the way does not exist (HTTP 500')
    expect(missing.hint).toContain("Make the folder first")
    expect(missing.hint).not.toMatch(/try again/i)
    expect((missing as { retryable?: boolean }).retryable).not.toBe(true)
    const folder = failed(await onLab((lab) => makeRemoteFolder(lab, "absent/deeper") as never))
    expect(folder.reason).toBe("NotFound")
    writeFileSync(join(sandbox, "plain.txt"), "plain\n")
    const inTheWay = failed(await onLab((lab) => writeRemoteFile(lab, "plain.txt/x.txt", Buffer.from("x")) as never))
    expect(inTheWay.reason).toBe("InvalidInput")
    expect(inTheWay.message).toContain('Something on the way to "plain.txt/x.txt"')
    expect(inTheWay.hint).not.toMatch(/try again/i)
    expect(existsSync(join(sandbox, "absent"))).toBe(false)
  }, 60_000)

  it("reads Jupyter Server's own wording of each refusal, and keeps 'try again' for a gateway's 5xx", async () => {
    const lab = { notebook: { id: "n", name: "nb" }, token: "tok-secret" } as unknown as Lab
    const said = (status: number, message?: string) => {
      const e = contentsFailure(lab, { status, json: message === undefined ? undefined : { message } }, "x", "a/b.txt")
      return { reason: e.reason, text: e.message, hint: renderWords(e.hint, "cli"), retryable: e.retryable === true }
    }
    // As FileContentsManager words them (jupyter_server 2.x: save() wraps the OSError, perm_to_403 answers 403).
    const saving = "Unexpected error while saving file: a/b.txt"
    expect(said(500, `${saving} [Errno 2] No such file or directory: '/root/a/b.txt'`)).toMatchObject({
      reason: "NotFound",
      retryable: false,
    })
    expect(said(403, "Permission denied: a/b.txt")).toMatchObject({ reason: "Forbidden", retryable: false })
    expect(said(403, "Permission denied: a/b.txt").text).toContain("may not write")
    expect(said(500, `${saving} [Errno 21] Is a directory: '/root/a/b.txt'`).text).toContain("is a folder")
    expect(said(500, `${saving} [Errno 28] No space left on device`).text).toContain("full")
    expect(said(500, `${saving} [Errno 30] Read-only file system: '/a'`).text).toContain("read-only")
    expect(said(404, "a/b.txt is outside root contents directory").text).toContain("outside the Jupyter root")
    const other = said(500, `${saving} [Errno 5] Input/output error`)
    expect(other).toMatchObject({ reason: "PlatformError", retryable: false })
    expect(other.hint).not.toMatch(/try again/i)
    for (const status of [502, 503, 504]) expect(said(status), String(status)).toMatchObject({ retryable: true })
    expect(said(503).hint).toMatch(/try again/i)
    // A 403 without Jupyter's permission wording is the token's refusal, as for any lab request.
    expect(said(403, "Forbidden").text).toContain("refused its token")
    for (const s of [403, 500]) expect(said(s, "Permission denied: tok-secret").text).not.toContain("tok-secret")
  })

  it("refuses with parents false, naming the first missing folder, and writes nothing (a dry run too)", async () => {
    writeFileSync(join(cwd, "one.txt"), "one\n")
    mkdirSync(join(cwd, "up", "sub"), { recursive: true })
    writeFileSync(join(cwd, "up", "sub", "b.txt"), "b\n")
    emu.current.control.clearRequests()
    const write = failed(await files({ action: "write", path: "notes/day/hello.txt", content: "hi\n", parents: false }))
    expect(write.reason).toBe("InvalidInput")
    expect(write.message).toContain('The folder "notes" does not exist in the notebook')
    const upload = failed(await files({ action: "upload", local: "up", path: "newdir/", parents: false }))
    expect(upload.message).toContain('The folder "newdir" does not exist')
    const plan = failed(
      await files({ action: "upload", local: "one.txt", path: "a/b/one.txt", parents: false, dry_run: true }),
    )
    expect(plan.message).toContain('The folder "a" does not exist')
    expect(writes()).toEqual([])
    for (const top of ["notes", "newdir", "a"]) expect(existsSync(join(sandbox, top)), top).toBe(false)
    // Where the folders are there, parents false changes nothing; by default the missing ones are made.
    mkdirSync(join(sandbox, "there"))
    succeeded(await files({ action: "write", path: "there/ok.txt", content: "ok\n", parents: false }))
    expect(readFileSync(join(sandbox, "there", "ok.txt"), "utf8")).toBe("ok\n")
    succeeded(await files({ action: "upload", local: "up", path: "newdir/" }))
    expect(readFileSync(join(sandbox, "newdir", "up", "sub", "b.txt"), "utf8")).toBe("b\n")
  }, 60_000)

  it("says when an absolute path lies outside the Jupyter root, and how to write one inside it", async () => {
    emu.current.control.clearRequests()
    const outside = failed(await files({ action: "write", path: "/tmp/x.txt", content: "x" }))
    expect(outside.reason).toBe("InvalidInput")
    expect(outside.message).toContain(`"/tmp/x.txt" is outside the notebook's Jupyter root folder`)
    expect(outside.message).toContain('no "tmp"')
    expect(outside.hint).toContain(`without the leading "/" ("tmp/x.txt")`)
    writeFileSync(join(cwd, "two.txt"), "two\n")
    const copy = failed(await files({ action: "upload", local: "two.txt", path: "/etc/two.txt", dry_run: true }))
    expect(copy.message).toContain("outside the notebook's Jupyter root folder")
    expect(writes()).toEqual([])
    expect(existsSync(join(sandbox, "tmp"))).toBe(false)
    // A first folder the root has is read from the root, as the lab's file browser shows it.
    succeeded(await files({ action: "write", path: "/there/abs.txt", content: "abs\n" }))
    expect(readFileSync(join(sandbox, "there", "abs.txt"), "utf8")).toBe("abs\n")
  }, 60_000)

  it("makes parents only inside the root: a link out of it is refused, never written through", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "inspire-paths-elsewhere-"))
    symlinkSync(elsewhere, join(sandbox, "out"))
    writeFileSync(join(cwd, "three.txt"), "three\n")
    const e = failed(await files({ action: "upload", local: "three.txt", path: "out/new/three.txt" }))
    expect(e.reason).toBe("InvalidInput")
    expect(e.message).toContain("outside the Jupyter root folder")
    expect(e.hint).not.toMatch(/try again/i)
    expect(readdirSync(elsewhere)).toEqual([])
  }, 60_000)

  it("lists sizes in binary units and times as other lists do, keeping the raw values in the result", async () => {
    mkdirSync(join(sandbox, "sizes"))
    writeFileSync(join(sandbox, "sizes", "small.txt"), "12345")
    writeFileSync(join(sandbox, "sizes", "four.bin"), Buffer.alloc(4096))
    writeFileSync(join(sandbox, "sizes", "big.bin"), Buffer.alloc(1258291))
    mkdirSync(join(sandbox, "sizes", "folder"))
    const listed = succeeded(await files({ action: "list", path: "sizes" }))
    const shown = renderWords(listed.text, "cli")
    expect(shown).toMatch(/^folder\/\s+-\s+\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d$/m)
    expect(shown).toMatch(/^small\.txt\s+5 B\s/m)
    expect(shown).toMatch(/^four\.bin\s+4\.0 KiB\s/m)
    expect(shown).toMatch(/^big\.bin\s+1\.2 MiB\s/m)
    expect(shown).not.toMatch(/T\d\d:\d\d:\d\d/)
    const four = listed.result.entries?.find((x) => x.name === "four.bin")
    expect(four).toMatchObject({ size: 4096 })
    expect(four?.modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
  }, 60_000)
})
