import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { InspireError } from "../../src/errors.js"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import { notebookFilesOperation } from "../../src/operations/notebook-files/index.js"
import { openLocal, placeOf } from "../../src/operations/notebook-files/local.js"
import { renderWords } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { failed, succeeded } from "./harness.js"

// A copy stays where it was sent, whatever the notebook answers and whatever lies on this machine: names
// a listing makes up never leave the destination, links are never followed out of a folder, only regular
// files within the limit are read (a pipe or a device would go on for ever), and base64 content that is
// not base64 is refused instead of being written as whatever part of it decodes.

const emu = useEmulator()
let nb: { id: string; name: string }
let profile: ReturnType<typeof profileFor>
let cwd: string
let sandbox: string
let outside: string

beforeAll(() => {
  nb = emu.current.control.jupyter.runningNotebook({ name: "confined-nb" })
  sandbox = emu.current.control.jupyter.sandbox(nb.id)
  profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" })
  cwd = mkdtempSync(join(tmpdir(), "inspire-confined-cwd-"))
  outside = mkdtempSync(join(tmpdir(), "inspire-confined-outside-"))
})

const files = (input: Record<string, unknown>) =>
  profile.run(invoke(notebookFilesOperation, { notebook: nb.name, ...input }, { workingDir: cwd, progress: () => {} }))

const writes = () => emu.current.control.requests().log.filter((q) => q.write)

const refusal = (f: () => unknown): InspireError => {
  try {
    f()
  } catch (e) {
    if (e instanceof InspireError) return e
    throw e
  }
  throw new Error("expected a refusal")
}

describe("a notebook copy stays where it was sent", () => {
  it("refuses a listing that names a file above the destination, even with overwrite", async () => {
    mkdirSync(join(sandbox, "home", "sub"), { recursive: true })
    writeFileSync(join(sandbox, "home", "sub", "x.txt"), "x\n")
    writeFileSync(join(outside, ".bash_login"), "mine\n")
    const climb = `${"../".repeat(8)}${relative("/", outside)}/.bash_login`
    for (const name of [climb, `/${relative("/", outside)}/.bash_login`, "a\0b"]) {
      emu.current.control.jupyter.craftListing(nb.id, "home/sub", [{ name, size: 5 }])
      const e = failed(await files({ action: "download", path: "home", local: "got", overwrite: true }))
      expect(e.reason, name).toBe("PlatformError")
      expect(e.message).toContain(JSON.stringify(name))
    }
    emu.current.control.jupyter.craftListing(nb.id, "home/sub", [])
    expect(readFileSync(join(outside, ".bash_login"), "utf8")).toBe("mine\n")
    expect(existsSync(join(cwd, "got"))).toBe(false)
  }, 60_000)

  it("never writes through a linked folder inside the destination, even with overwrite", async () => {
    mkdirSync(join(cwd, "dest", "home"), { recursive: true })
    symlinkSync(outside, join(cwd, "dest", "home", "sub"))
    const e = failed(await files({ action: "download", path: "home", local: "dest", overwrite: true }))
    expect(e.message).toContain(`${join(cwd, "dest", "home", "sub")}: it is a symbolic link`)
    expect(readdirSync(outside)).toEqual([".bash_login"])
  }, 60_000)

  it("sends no file a linked folder inside an uploaded folder holds", async () => {
    writeFileSync(join(outside, "secret.txt"), "secret\n")
    mkdirSync(join(cwd, "linking"))
    writeFileSync(join(cwd, "linking", "ok.txt"), "ok\n")
    symlinkSync(outside, join(cwd, "linking", "away"))
    const up = succeeded(await files({ action: "upload", local: "linking", path: "" }))
    expect(up.result.count).toBe(1)
    expect(renderWords(up.result.notes[0] ?? "", "library")).toContain("away")
    expect(readdirSync(join(sandbox, "linking"))).toEqual(["ok.txt"])
  }, 60_000)

  it("refuses a folder holding a named pipe, naming it, before anything is written in the notebook", async () => {
    mkdirSync(join(cwd, "piped", "deep"), { recursive: true })
    writeFileSync(join(cwd, "piped", "a.txt"), "a\n")
    execFileSync("mkfifo", [join(cwd, "piped", "deep", "fifo")])
    emu.current.control.clearRequests()
    const e = failed(await files({ action: "upload", local: "piped", path: "" }))
    expect(e.reason).toBe("InvalidInput")
    expect(e.message).toBe(
      `${join(cwd, "piped")} holds a file that is no regular file (a named pipe, device or socket): deep/fifo; nothing was copied.`,
    )
    expect(e.hint).toContain("move it out of the folder")
    expect(writes()).toEqual([])
    expect(existsSync(join(sandbox, "piped"))).toBe(false)
  }, 60_000)

  it("reads only a regular file, as the opened file says, never waiting on a pipe", () => {
    const root = { path: cwd, label: "the current directory" }
    execFileSync("mkfifo", [join(cwd, "swapped")])
    const pipe = refusal(() => openLocal(placeOf(root, ["swapped"]), "local"))
    expect(renderWords(pipe.message, "library")).toBe(`${join(cwd, "swapped")} exists and is not a regular file.`)
  })

  it("refuses base64 content that is not base64, and writes nothing", async () => {
    emu.current.control.clearRequests()
    for (const content of ["A", "Zm9vYg", "Zm9=", "Zm9v!", "Zm9v-_8=", "=Zm9v"]) {
      const e = failed(await files({ action: "write", path: "b64.bin", content, encoding: "base64" }))
      expect(e.reason, content).toBe("InvalidInput")
      expect(e.message).toContain("content")
      expect(e.message).toContain("content: not base64 (only A–Z")
    }
    expect(writes()).toEqual([])
    expect(existsSync(join(sandbox, "b64.bin"))).toBe(false)
    // Lines of base64, as encoders wrap them, are base64.
    succeeded(await files({ action: "write", path: "b64.bin", content: "Zm9v\nYmFy\n", encoding: "base64" }))
    expect(readFileSync(join(sandbox, "b64.bin"), "utf8")).toBe("foobar")
  }, 60_000)
})
