import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it, vi } from "vitest"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { notebookFilesOperation } from "../../src/operations/notebook-files/index.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

// inspire_notebook_files over the emulator's Jupyter contents API, and the notebook's save_image action.

const emu = useEmulator()
type Nb = { id: string; name: string; token: string }
let nb: Nb
let profile: ReturnType<typeof profileFor>
const seen: string[] = []

const files = async (input: Record<string, unknown>) => {
  const exit = await call(emu.current, notebookFilesOperation, { notebook: nb.name, ...input }, profile)
  seen.push(JSON.stringify(exit))
  return exit
}

beforeAll(() => {
  nb = emu.current.control.jupyter.runningNotebook({ name: "files-nb" }) as Nb
  profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" })
})

describe("notebook files", () => {
  it("writes a file, refuses to replace it without overwrite, reads and lists it", async () => {
    const sandbox = emu.current.control.jupyter.sandbox(nb.id)
    const written = succeeded(await files({ action: "write", path: "hello.txt", content: "héllo\n" }))
    expect(written.result).toMatchObject({ written: true, replaced: false, size: 7 })
    expect(readFileSync(join(sandbox, "hello.txt"), "utf8")).toBe("héllo\n")
    const refused = failed(await files({ action: "write", path: "hello.txt", content: "other" }))
    expect(refused.reason).toBe("Conflict")
    expect(String(refused.hint)).toContain("overwrite=true")
    expect(readFileSync(join(sandbox, "hello.txt"), "utf8")).toBe("héllo\n")
    succeeded(await files({ action: "write", path: "hello.txt", content: "bmV3", encoding: "base64", overwrite: true }))
    expect(readFileSync(join(sandbox, "hello.txt"), "utf8")).toBe("new")
    const read = succeeded(await files({ action: "read", path: "/hello.txt" }))
    expect(read.result).toMatchObject({ content: "new", encoding: "text", size: 3 })
    const listed = succeeded(await files({ action: "list" }))
    expect(listed.result.entries?.map((e) => e.name)).toContain("hello.txt")
  }, 60_000)

  it("gives binary files as base64 and refuses what is over its limit or goes up with ..", async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254])
    succeeded(await files({ action: "write", path: "bin.dat", content: bytes.toString("base64"), encoding: "base64" }))
    const read = succeeded(await files({ action: "read", path: "bin.dat" }))
    expect(read.result).toMatchObject({ encoding: "base64", content: bytes.toString("base64") })
    const big = failed(await files({ action: "write", path: "big.txt", content: "x".repeat(1024 * 1024 + 1) }))
    expect(big.reason).toBe("InvalidInput")
    expect(big.message).toMatch(/1048576 bytes/)
    const up = failed(await files({ action: "read", path: "../etc/passwd" }))
    expect(up.reason).toBe("InvalidInput")
    const missing = failed(await files({ action: "read", path: "nope.txt" }))
    expect(missing.reason).toBe("NotFound")
  }, 60_000)

  it("plans a write with reads only", async () => {
    const sandbox = emu.current.control.jupyter.sandbox(nb.id)
    emu.current.control.clearRequests()
    const r = succeeded(await files({ action: "write", path: "planned.txt", content: "x", dry_run: true }))
    expect(r.result.plan?.summary).toContain("planned.txt")
    expect(existsSync(join(sandbox, "planned.txt"))).toBe(false)
    const writes = emu.current.control.requests().log.filter((q) => q.write)
    expect(writes).toEqual([])
  }, 30_000)

  it("saves a running notebook as an image, waits, and gives its address", async () => {
    const e = emu.current
    const plan = succeeded(
      await call(
        e,
        notebookOperation,
        { action: "save_image", notebook_id: nb.name, name: "my-env", version: "v1", dry_run: true },
        profile,
      ),
    )
    expect(plan.text).toContain("Dry run")
    expect(e.control.state().images.some((i) => i.name === "my-env")).toBe(false)
    // The save takes two minutes of platform time: the call waits for it through the clock's advance.
    const saving = call(
      e,
      notebookOperation,
      { action: "save_image", notebook_id: nb.id, name: "my-env", version: "v1" },
      profile,
    )
    // Once the platform has the save (however long the call takes to send it), the image is building.
    await vi.waitUntil(() => e.control.state().images.some((i) => i.name === "my-env"), { timeout: 30_000 })
    expect(e.control.state().images.find((i) => i.name === "my-env")?.status).toBe("BUILDING")
    e.control.clock.advance(300)
    const saved = succeeded(await saving)
    const r = saved.result as { action: string; image: { address: string }; saveStatus: string }
    expect(r.saveStatus).toBe("SUCCESS")
    expect(r.image.address).toBe("docker.sii.shaipower.online/inspire-studio/my-env:v1")
    expect(saved.text).toContain(r.image.address)
    const nameless = failed(await call(e, notebookOperation, { action: "save_image", notebook_id: nb.id }, profile))
    expect(nameless.reason).toBe("InvalidInput")
  }, 60_000)

  it("masks the token in a notebook's detail and never shows it", async () => {
    const detail = succeeded(
      await call(emu.current, notebookOperation, { action: "detail", notebook_id: nb.id }, profile),
    )
    seen.push(JSON.stringify(detail))
    const r = detail.result as { access?: { jupyterUrl: string } }
    expect(r.access?.jupyterUrl).toContain("/jupyter/")
    expect(r.access?.jupyterUrl).toContain("***")
    for (const text of seen) expect(text).not.toContain(nb.token)
  }, 30_000)
})
