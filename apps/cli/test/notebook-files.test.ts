import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire } from "./harness.js"

// `inspire notebook cp | write | ls` on a notebook that was just started (nothing in it yet), as the
// README and --help show them, against the emulator's Jupyter server: missing folders are made as
// `cp -r` users expect, or refused with --no-parents; a path outside the Jupyter root is said to be;
// a listing reads as other lists do; and a copy stays where it was sent whatever the notebook lists, reading
// only regular files.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let sandbox: string
let nbId: string
const local = mkdtempSync(join(tmpdir(), "inspire-files-"))
const run = (args: ReadonlyArray<string>) => inspire(env, args, undefined, local)

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = { ...homeFor(emu.url), INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" }
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  const nb = emu.control.jupyter.runningNotebook({ name: "nb-1" })
  nbId = nb.id
  sandbox = emu.control.jupyter.sandbox(nb.id)
  mkdirSync(join(local, "up", "sub"), { recursive: true })
  writeFileSync(join(local, "up", "a.txt"), "alpha\n")
  writeFileSync(join(local, "up", "sub", "b.txt"), "beta\n")
}, 30_000)
afterAll(async () => {
  await emu.close()
})

describe("notebook files on a new notebook", () => {
  it("refuses with --no-parents, naming the missing folder, and writes nothing", async () => {
    const cp = await run(["notebook", "cp", "--no-parents", "./up", "nb-1:newdir/"])
    expect(cp.code).toBe(2)
    expect(cp.stderr).toContain('The folder "newdir" does not exist in the notebook')
    expect(cp.stderr).not.toMatch(/try again/i)
    const write = await run(["notebook", "write", "nb-1", "notes/hello.txt", "--content", "hi", "--no-parents"])
    expect(write.code).toBe(2)
    expect(write.stderr).toContain('The folder "notes" does not exist in the notebook')
    expect(existsSync(join(sandbox, "newdir"))).toBe(false)
    expect(existsSync(join(sandbox, "notes"))).toBe(false)
  }, 60_000)

  it("makes the missing folders, as the README's own examples expect", async () => {
    const plan = await run(["notebook", "cp", "--dry-run", "./up", "nb-1:newdir/"])
    expect(plan.code, plan.stderr).toBe(0)
    expect(plan.stdout).toMatch(/^\s*folder newdir: .*folder$/m)
    expect(existsSync(join(sandbox, "newdir"))).toBe(false)
    const cp = await run(["notebook", "cp", "./up", "nb-1:newdir/"])
    expect(cp.code, cp.stderr).toBe(0)
    expect(readFileSync(join(sandbox, "newdir", "up", "sub", "b.txt"), "utf8")).toBe("beta\n")
    const write = await run(["notebook", "write", "nb-1", "notes/hello.txt", "--content", "hello\n"])
    expect(write.code, write.stderr).toBe(0)
    expect(readFileSync(join(sandbox, "notes", "hello.txt"), "utf8")).toBe("hello\n")
    const upload = await run(["notebook", "upload", "nb-1", "./up/a.txt", "deep/er/"])
    expect(upload.code, upload.stderr).toBe(0)
    expect(readFileSync(join(sandbox, "deep", "er", "a.txt"), "utf8")).toBe("alpha\n")
  }, 60_000)

  it("says when an absolute path is outside the Jupyter root, and how to write it inside", async () => {
    const cp = await run(["notebook", "cp", "./up/a.txt", "nb-1:/tmp/x"])
    expect(cp.code).toBe(2)
    expect(cp.stderr).toContain(`"/tmp/x" is outside the notebook's Jupyter root folder`)
    expect(cp.stderr).toContain("inspire notebook ls nb-1")
    expect(cp.stderr).toContain('without the leading "/" ("tmp/x")')
    expect(existsSync(join(sandbox, "tmp"))).toBe(false)
  }, 60_000)

  it("lists sizes with units and times as other lists show them; --json keeps the raw values", async () => {
    writeFileSync(join(sandbox, "notes", "four.bin"), Buffer.alloc(4096))
    const ls = await run(["notebook", "ls", "nb-1", "notes"])
    expect(ls.code, ls.stderr).toBe(0)
    expect(ls.stdout).toMatch(/^four\.bin\s+4\.0 KiB\s+\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d$/m)
    expect(ls.stdout).toMatch(/^hello\.txt\s+6 B\s/m)
    const root = await run(["notebook", "ls", "nb-1"])
    expect(root.stdout).toMatch(/^newdir\/\s+-\s+\d{4}-/m)
    const json = await run(["notebook", "ls", "nb-1", "notes", "--json"])
    const entries = (JSON.parse(json.stdout) as { entries: Array<{ name: string; size: number; modified: string }> })
      .entries
    expect(entries.find((e) => e.name === "four.bin")).toMatchObject({ size: 4096 })
    expect(entries.find((e) => e.name === "four.bin")?.modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
  }, 60_000)

  it("writes nothing outside the destination whatever the listing says, and reads no pipe or device", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-files-home-"))
    writeFileSync(join(home, ".bashrc"), "mine\n")
    mkdirSync(join(sandbox, "folder"))
    emu.control.jupyter.craftListing(nbId, "folder", [{ name: `${"../".repeat(8)}${relative("/", home)}/.bashrc` }])
    const cp = await run(["notebook", "cp", "--force", "nb-1:folder", "./dest"])
    expect(cp.code).toBe(1)
    expect(cp.stderr).toContain("that is no file name")
    expect(readFileSync(join(home, ".bashrc"), "utf8")).toBe("mine\n")
    expect(existsSync(join(local, "dest"))).toBe(false)
    emu.control.jupyter.craftListing(nbId, "folder", [])

    mkdirSync(join(local, "piped"))
    execFileSync("mkfifo", [join(local, "piped", "fifo")])
    const fifo = await run(["notebook", "cp", "./piped", "nb-1:"])
    expect(fifo.code).toBe(2)
    expect(fifo.stderr).toContain("(a named pipe, device or socket): fifo; nothing was copied")
    const zero = await run(["notebook", "cp", "/dev/zero", "nb-1:zero"])
    expect(zero.code).toBe(2)
    expect(existsSync(join(sandbox, "piped"))).toBe(false)
    expect(existsSync(join(sandbox, "zero"))).toBe(false)

    const b64 = await run(["notebook", "write", "nb-1", "b64.bin", "--content", "A", "--encoding", "base64"])
    expect(b64.code).toBe(2)
    expect(b64.stderr).toContain("not base64")
    expect(existsSync(join(sandbox, "b64.bin"))).toBe(false)
  }, 60_000)
})
