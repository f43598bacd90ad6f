import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { homedir, tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { InspireError } from "../../src/errors.js"
import {
  isConfinedFile,
  openConfined,
  placeUnder,
  type Root,
  removeConfinedFileSync,
  writeConfinedFileSync,
} from "../../src/store/confined.js"
import { renderWords } from "../../src/words/render.js"

const folder = (what: string) => mkdtempSync(join(tmpdir(), `inspire-confined-${what}-`))

const refusal = (f: () => unknown): InspireError => {
  try {
    f()
  } catch (e) {
    if (e instanceof InspireError) return e
    throw e
  }
  throw new Error("expected a refusal")
}

describe("placeUnder", () => {
  const a: Root = { path: "/data/a", label: "the current directory" }
  const b: Root = { path: "/data/b", label: "the downloads folder", create: true }

  it("puts a relative path under the first root and an absolute one under the root holding it", () => {
    expect(placeUnder("x/./y.log", [a, b])).toMatchObject({ root: a, parts: ["x", "y.log"], path: "/data/a/x/y.log" })
    expect(placeUnder("/data/b/z.csv", [a, b])).toMatchObject({ root: b, parts: ["z.csv"] })
    expect(placeUnder("~/f.log", [{ path: homedir(), label: "home" }]).parts).toEqual(["f.log"])
  })

  it("refuses .., a path outside every root, a root itself and an empty name, saying what to do", () => {
    const dots = refusal(() => placeUnder("x/../../etc/passwd", [a, b]))
    expect(dots.reason).toBe("InvalidInput")
    expect(dots.message).toContain('".." is not allowed in path')
    expect(renderWords(dots.hint, "library")).toContain(
      "the current directory (/data/a) or the downloads folder (/data/b)",
    )
    expect(refusal(() => placeUnder("/data/ab/x", [a, b])).message).toContain("outside")
    expect(renderWords(refusal(() => placeUnder("/etc/x", [a, b], "plot")).message, "library")).toContain(
      "outside the current directory (/data/a) and the downloads folder (/data/b)",
    )
    expect(refusal(() => placeUnder("/data/b/", [a, b])).message).toContain("names the downloads folder itself")
    expect(refusal(() => placeUnder("  ", [a])).message).toContain("not a file name")
  })
})

describe("writing inside a root", () => {
  it("creates missing folders, writes a new file, and never replaces one without overwrite", () => {
    const root = folder("root")
    const place = placeUnder("a/b/c.txt", [{ path: root, label: "here" }])
    expect(writeConfinedFileSync(place, "one", { overwrite: false })).toEqual({
      path: join(root, "a/b/c.txt"),
      bytes: 3,
    })
    const e = refusal(() => writeConfinedFileSync(place, "two", { overwrite: false }))
    expect(e.message).toContain("already exists")
    expect(renderWords(e.hint, "library")).toContain("overwrite: true")
    expect(readFileSync(join(root, "a/b/c.txt"), "utf8")).toBe("one")
    writeConfinedFileSync(place, "three", { overwrite: true })
    expect(readFileSync(join(root, "a/b/c.txt"), "utf8")).toBe("three")
  })

  it("creates a downloads root when missing, privately", () => {
    const root = join(folder("parent"), "downloads")
    writeConfinedFileSync(placeUnder("x.log", [{ path: root, label: "d", create: true }]), "x", { overwrite: false })
    expect(readdirSync(root)).toEqual(["x.log"])
    const cwd = join(folder("parent"), "gone")
    expect(() =>
      writeConfinedFileSync(placeUnder("x", [{ path: cwd, label: "cwd" }]), "x", { overwrite: false }),
    ).toThrow(/ENOENT/)
  })

  it("never writes through a link: not the file, not a folder below the root, not even with overwrite", () => {
    const root = folder("root")
    const outside = folder("outside")
    writeFileSync(join(outside, "secret"), "keep")
    symlinkSync(join(outside, "secret"), join(root, "file-link"))
    symlinkSync(join(outside, "missing"), join(root, "dangling"))
    symlinkSync(outside, join(root, "dir-link"))
    mkdirSync(join(root, "real"))
    symlinkSync(outside, join(root, "real", "deeper"))
    const roots = [{ path: root, label: "here" }]
    for (const name of ["file-link", "dangling", "dir-link/new", "real/deeper/new", "real/deeper/x/y"])
      for (const overwrite of [false, true]) {
        const e = refusal(() => writeConfinedFileSync(placeUnder(name, roots), "bad", { overwrite }))
        expect(e.message, name).toContain("symbolic link")
      }
    expect(readdirSync(outside)).toEqual(["secret"])
    expect(readFileSync(join(outside, "secret"), "utf8")).toBe("keep")
  })

  it("trusts the root itself when it is reached through a link", () => {
    const real = folder("real")
    const link = join(folder("links"), "root")
    symlinkSync(real, link)
    writeConfinedFileSync(placeUnder("x.txt", [{ path: link, label: "here" }]), "x", { overwrite: false })
    expect(readFileSync(join(real, "x.txt"), "utf8")).toBe("x")
  })

  it("keeps the old file until commit, and leaves nothing behind on abort", () => {
    const root = folder("root")
    const roots = [{ path: root, label: "here" }]
    writeFileSync(join(root, "keep.txt"), "old")
    const replacing = openConfined(placeUnder("keep.txt", roots), { overwrite: true })
    replacing.write("new")
    expect(readFileSync(join(root, "keep.txt"), "utf8")).toBe("old")
    replacing.abort()
    expect(readFileSync(join(root, "keep.txt"), "utf8")).toBe("old")
    const fresh = openConfined(placeUnder("fresh.txt", roots), { overwrite: false })
    fresh.write("partial")
    fresh.abort()
    expect(readdirSync(root)).toEqual(["keep.txt"])
    const done = openConfined(placeUnder("keep.txt", roots), { overwrite: true })
    done.write("new")
    done.commit()
    expect(readFileSync(join(root, "keep.txt"), "utf8")).toBe("new")
    expect(readdirSync(root)).toEqual(["keep.txt"])
  })

  it("reports a file system failure with its code and a hint", () => {
    const root = folder("root")
    const e = refusal(() =>
      writeConfinedFileSync(placeUnder("启".repeat(200), [{ path: root, label: "here" }]), "x", { overwrite: false }),
    )
    expect(e.reason).toBe("StoreError")
    expect(e.message).toContain("ENAMETOOLONG")
    expect(renderWords(e.hint, "mcp")).toContain("shorter")
  })
})

describe("removing inside a root", () => {
  it("removes a regular file, and leaves links, folders and anything reached through a link alone", () => {
    const root = folder("root")
    const outside = folder("outside")
    writeFileSync(join(outside, "victim"), "keep")
    symlinkSync(outside, join(root, "dir-link"))
    symlinkSync(join(outside, "victim"), join(root, "file-link"))
    mkdirSync(join(root, "sub"))
    writeFileSync(join(root, "sub", "ours.md"), "x")
    const roots = [{ path: root, label: "skill folder" }]
    expect(removeConfinedFileSync(placeUnder("dir-link/victim", roots))).toBe(false)
    expect(removeConfinedFileSync(placeUnder("file-link", roots))).toBe(false)
    expect(removeConfinedFileSync(placeUnder("sub", roots))).toBe(false)
    expect(isConfinedFile(placeUnder("sub/ours.md", roots))).toBe(true)
    expect(removeConfinedFileSync(placeUnder("sub/ours.md", roots))).toBe(true)
    expect(existsSync(join(root, "sub", "ours.md"))).toBe(false)
    expect(readFileSync(join(outside, "victim"), "utf8")).toBe("keep")
    expect(existsSync(join(root, "file-link"))).toBe(true)
  })
})
