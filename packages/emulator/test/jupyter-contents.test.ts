import { createHash, randomBytes } from "node:crypto"
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { start } from "./helpers.js"
import { Lab, rawRequest } from "./jupyter-client.js"

let emu: RunningEmulator

beforeAll(async () => {
  emu = await start()
})
afterAll(() => emu.close())

const lab = () => {
  const nb = emu.control.jupyter.runningNotebook()
  return { nb, lab: new Lab(nb.labBase, nb.token), sandbox: emu.control.jupyter.sandbox(nb.id) }
}

describe("the contents API (Jupyter's model)", () => {
  it("round-trips a binary file as base64, with its sha256 on request", async () => {
    const { lab: l, sandbox } = lab()
    const bytes = randomBytes(300_000)
    const put = await l.api("PUT", "/api/contents/blob.bin", {
      type: "file",
      format: "base64",
      content: bytes.toString("base64"),
    })
    expect(put.status).toBe(201)
    expect(put.body).toMatchObject({
      name: "blob.bin",
      path: "blob.bin",
      type: "file",
      size: bytes.length,
      content: null,
    })
    expect(put.headers.get("location")).toMatch(/\/api\/contents\/blob\.bin$/)
    expect(readFileSync(join(sandbox, "blob.bin")).equals(bytes)).toBe(true)
    const got = await l.api("GET", "/api/contents/blob.bin?content=1&format=base64&type=file&hash=1")
    expect(got.status).toBe(200)
    expect(got.body).toMatchObject({ format: "base64", mimetype: "application/octet-stream", writable: true })
    expect(Buffer.from(got.body.content, "base64").equals(bytes)).toBe(true)
    expect(got.body.hash).toBe(createHash("sha256").update(bytes).digest("hex"))
    expect(got.body.hash_algorithm).toBe("sha256")
    expect(got.body.last_modified).toMatch(/Z$/)
    // Saving again is an update; without a format a non-UTF-8 file comes back as base64, text as text.
    expect(
      (await l.api("PUT", "/api/contents/blob.bin", { type: "file", format: "text", content: "héllo\n" })).status,
    ).toBe(200)
    const text = await l.api("GET", "/api/contents/blob.bin")
    expect(text.body).toMatchObject({ format: "text", content: "héllo\n", size: 7 })
    const bad = await l.api("PUT", "/api/contents/x.bin", { type: "file", format: "base64", content: "***" })
    expect(bad.status).toBe(400)
    writeFileSync(join(sandbox, "raw.bin"), Buffer.from([0xff, 0xfe, 0x00]))
    const notText = await l.api("GET", "/api/contents/raw.bin?format=text")
    expect(notText.status).toBe(400)
    expect(notText.body.message).toMatch(/not UTF-8/)
  })

  it("uploads in chunks as Jupyter's large-file manager does", async () => {
    const { lab: l, sandbox } = lab()
    const parts = [randomBytes(1000), randomBytes(1000), randomBytes(10)]
    const send = (chunk: number, b: Buffer) =>
      l.api("PUT", "/api/contents/big.bin", { type: "file", format: "base64", chunk, content: b.toString("base64") })
    expect((await send(1, parts[0] as Buffer)).status).toBe(201)
    expect((await send(2, parts[1] as Buffer)).status).toBe(200)
    expect((await send(-1, parts[2] as Buffer)).status).toBe(200)
    expect(readFileSync(join(sandbox, "big.bin")).equals(Buffer.concat(parts))).toBe(true)
  })

  it("creates, lists, renames and deletes folders; hidden files are neither listed nor served", async () => {
    const { lab: l, sandbox } = lab()
    expect((await l.api("PUT", "/api/contents/data", { type: "directory" })).status).toBe(201)
    expect((await l.api("PUT", "/api/contents/data/sub", { type: "directory" })).status).toBe(201)
    await l.api("PUT", "/api/contents/data/a.txt", { type: "file", format: "text", content: "a" })
    await l.api("PUT", "/api/contents/data/sub/b.txt", { type: "file", format: "text", content: "bb" })
    writeFileSync(join(sandbox, "data", ".secret"), "x")
    const dir = await l.api("GET", "/api/contents/data?content=1&type=directory")
    expect(dir.body).toMatchObject({ type: "directory", format: "json", path: "data", size: null })
    expect(dir.body.content.map((m: { name: string; type: string }) => [m.name, m.type])).toEqual([
      ["a.txt", "file"],
      ["sub", "directory"],
    ])
    expect(dir.body.content[0]).toMatchObject({ path: "data/a.txt", size: 1, content: null, format: null })
    expect((await l.api("GET", "/api/contents/data/.secret")).status).toBe(404)
    expect((await l.api("GET", "/api/contents/data?type=file")).status).toBe(400)
    expect((await l.api("GET", "/api/contents/data/a.txt?type=directory")).status).toBe(400)
    const root = await l.api("GET", "/api/contents/")
    expect(root.body.content.map((m: { name: string }) => m.name)).toContain("data")
    const moved = await l.api("PATCH", "/api/contents/data/a.txt", { path: "data/sub/a2.txt" })
    expect(moved.status).toBe(200)
    expect(moved.body.path).toBe("data/sub/a2.txt")
    await l.api("PUT", "/api/contents/data/c.txt", { type: "file", format: "text", content: "c" })
    expect((await l.api("PATCH", "/api/contents/data/c.txt", { path: "data/sub/b.txt" })).status).toBe(409)
    expect((await l.api("DELETE", "/api/contents/data")).status).toBe(204)
    expect(existsSync(join(sandbox, "data"))).toBe(false)
    const missing = await l.api("GET", "/api/contents/data")
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ message: "file or directory does not exist: 'data'", reason: null })
  })

  // Each way of writing `..` reaches the contents API as sent (tornado routes the raw path, then decodes the
  // path argument), which refuses it as FileContentsManager does: a JSON 404 naming the decoded path. The
  // answers are Jupyter Server's own (1.23 from Debian, same code in 2.x), for GET, PUT and DELETE alike.
  it.each([
    ["../../../etc/passwd", "../../../etc/passwd"],
    ["%2e%2e/%2e%2e/etc/passwd", "../../etc/passwd"],
    ["%2E%2E/%2E%2E/etc/passwd", "../../etc/passwd"],
    ["..%2f..%2fetc%2fpasswd", "../../etc/passwd"],
    ["..%2F..%2F..%2Fetc%2Fpasswd", "../../../etc/passwd"],
    ["%2e%2e", ".."],
  ])("refuses api/contents/%s as outside the root", async (sent, named) => {
    const { nb } = lab()
    const prefix = new URL(nb.labBase).pathname
    for (const method of ["GET", "PUT", "DELETE"]) {
      const r = await rawRequest(nb.labBase, `${prefix}/api/contents/${sent}`, nb.token, method)
      expect(r.text, method).not.toContain("root:")
      expect([r.status, JSON.parse(r.text)], method).toEqual([
        404,
        { message: `${named} is outside root contents directory`, reason: null },
      ])
    }
  })

  it("resolves a `..` that stays inside the root, as Jupyter Server does, but never deletes the root", async () => {
    const { nb, lab: l, sandbox } = lab()
    const prefix = new URL(nb.labBase).pathname
    expect((await l.api("PUT", "/api/contents/data", { type: "directory" })).status).toBe(201)
    await l.api("PUT", "/api/contents/data/a.txt", { type: "file", format: "text", content: "in" })
    for (const sent of ["data/%2e%2e/data/a.txt", "data/..%2fdata%2fa.txt", "data/../data/a.txt"]) {
      const r = await rawRequest(nb.labBase, `${prefix}/api/contents/${sent}`, nb.token)
      expect([r.status, JSON.parse(r.text).path, JSON.parse(r.text).content], sent).toEqual([
        200,
        "data/../data/a.txt",
        "in",
      ])
    }
    const up = await rawRequest(nb.labBase, `${prefix}/api/contents/data/%2e%2e`, nb.token)
    expect(JSON.parse(up.text)).toMatchObject({ name: "..", path: "data/..", type: "directory" })
    const gone = await rawRequest(nb.labBase, `${prefix}/api/contents/data/%2e%2e`, nb.token, "DELETE")
    expect(gone.status).toBe(400)
    expect(readFileSync(join(sandbox, "data", "a.txt"), "utf8")).toBe("in")
  })

  it("keeps every path inside the notebook's sandbox", async () => {
    const { lab: l, sandbox } = lab()
    symlinkSync("/etc", join(sandbox, "etc-link"))
    const through = await l.api("GET", "/api/contents/etc-link/passwd")
    expect(through.status).toBe(404)
    expect(through.body.message).toMatch(/outside root/)
    const write = await l.api("PUT", "/api/contents/etc-link/x", { type: "file", format: "text", content: "x" })
    expect(write.status).toBe(404)
    symlinkSync("/tmp/inspire-emulator-nowhere", join(sandbox, "dangling"))
    const dangling = await l.api("PUT", "/api/contents/dangling", { type: "file", format: "text", content: "x" })
    expect(dangling.status).toBe(404)
    expect(existsSync("/tmp/inspire-emulator-nowhere")).toBe(false)
    // Absolute paths are relative to the root, as Jupyter's API paths are.
    await l.api("PUT", "/api/contents//abs.txt", { type: "file", format: "text", content: "in" })
    expect(readFileSync(join(sandbox, "abs.txt"), "utf8")).toBe("in")
    expect((await l.api("GET", "/api/contents/etc-link")).status).toBe(404)
  })

  it("refuses a body over the stated limit with 413 before reading it", async () => {
    const { nb } = lab()
    const prefix = new URL(nb.labBase).pathname
    const r = await rawRequest(nb.labBase, `${prefix}/api/contents/huge.bin`, nb.token, "PUT", {
      "content-length": String(200 * 1024 * 1024),
    })
    expect(r.status).toBe(413)
    expect(JSON.parse(r.text)).toMatchObject({ reason: null })
  })

  it("counts its requests without tokens or paths in the surface names", async () => {
    const { nb, lab: l } = lab()
    emu.control.clearRequests()
    await l.api("GET", "/api/contents/")
    await l.api("PUT", "/api/contents/n.txt", { type: "file", format: "text", content: "n" })
    await l.api("POST", "/api/terminals")
    const log = emu.control.requests().log
    expect(log.map((r) => [r.surface, r.write])).toEqual([
      ["jup:GET /api/contents", false],
      ["jup:PUT /api/contents", true],
      ["jup:POST /api/terminals", true],
    ])
    expect(JSON.stringify(log)).not.toContain(nb.token)
  })
})
