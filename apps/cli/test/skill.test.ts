import { createHash } from "node:crypto"
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { BIN, inspire, json } from "./harness.js"

const SOURCE = fileURLToPath(new URL("../../../skills/sii-inspire/", import.meta.url))

const filesUnder = (root: string, prefix = ""): string[] =>
  readdirSync(join(root, prefix), { withFileTypes: true })
    .flatMap((e) => {
      const rel = prefix === "" ? e.name : `${prefix}/${e.name}`
      return e.isDirectory() ? filesUnder(root, rel) : [rel]
    })
    .sort()

const shipped = filesUnder(SOURCE)

/** A clean environment whose home is a fresh folder; no agent variables leak in from the test runner. */
const freshHome = (): { home: string; env: NodeJS.ProcessEnv } => {
  const home = mkdtempSync(join(tmpdir(), "inspire-skill-"))
  return { home, env: { PATH: process.env.PATH, HOME: home, NO_COLOR: "1" } }
}

interface InstallResult {
  readonly source: string
  readonly installs: ReadonlyArray<{
    readonly agent: string
    readonly dir: string
    readonly status: string
    readonly files: ReadonlyArray<string>
    readonly backup?: string
  }>
}

const expectSameAsSource = (dir: string): void => {
  expect(filesUnder(dir).filter((f) => f !== ".inspire-skill.json")).toEqual(shipped)
  for (const f of shipped) expect(readFileSync(join(dir, f), "utf8"), f).toBe(readFileSync(join(SOURCE, f), "utf8"))
}

describe("inspire skill", () => {
  it("path prints the copy shipped next to the bundle, identical to skills/sii-inspire", async () => {
    const { env } = freshHome()
    const run = await inspire(env, ["skill", "path"])
    expect(run.code).toBe(0)
    const path = run.stdout.trim()
    expect(path).toBe(join(dirname(BIN), "skills", "sii-inspire"))
    expectSameAsSource(path)
    expect(json<{ path: string }>(await inspire(env, ["skill", "path", "--json"])).path).toBe(path)
  })

  it("installs into the standard folders of claude and codex under HOME, listing every file written", async () => {
    const { home, env } = freshHome()
    const claude = await inspire(env, ["skill", "install", "--agent", "claude"])
    expect(claude.code, claude.stderr).toBe(0)
    const claudeDir = join(home, ".claude", "skills", "sii-inspire")
    expectSameAsSource(claudeDir)
    for (const f of shipped) expect(claude.stdout).toContain(join(claudeDir, f))

    const codex = json<InstallResult>(await inspire(env, ["skill", "install", "--agent", "codex", "--json"]))
    const codexDir = join(home, ".codex", "skills", "sii-inspire")
    expect(codex.installs).toHaveLength(1)
    expect(codex.installs[0]).toMatchObject({ agent: "codex", dir: codexDir, status: "installed" })
    expect(codex.installs[0]?.files).toEqual(shipped.map((f) => join(codexDir, f)))
    expectSameAsSource(codexDir)
  })

  it("puts opencode, gemini and synergy where those agents look, honouring XDG_CONFIG_HOME and SYNERGY_HOME", async () => {
    const { home, env } = freshHome()
    const xdg = join(home, "xdg")
    const synergyHome = join(home, "syn")
    const run = json<InstallResult>(
      await inspire({ ...env, XDG_CONFIG_HOME: xdg, SYNERGY_HOME: synergyHome }, [
        "skill",
        "install",
        "--agent",
        "opencode",
        "--agent",
        "gemini",
        "--agent",
        "synergy",
        "--json",
      ]),
    )
    expect(run.installs.map((i) => i.dir)).toEqual([
      join(xdg, "opencode", "skills", "sii-inspire"),
      join(home, ".gemini", "skills", "sii-inspire"),
      join(synergyHome, ".synergy", "config", "skill", "sii-inspire"),
    ])
    for (const i of run.installs) expectSameAsSource(i.dir)
  })

  it("--dir installs into DIR/sii-inspire", async () => {
    const { home, env } = freshHome()
    const dir = join(home, "my-agent", "skills")
    const run = json<InstallResult>(await inspire(env, ["skill", "install", "--dir", dir, "--json"]))
    expect(run.installs[0]?.dir).toBe(join(dir, "sii-inspire"))
    expectSameAsSource(join(dir, "sii-inspire"))
    expect(existsSync(join(home, ".claude"))).toBe(false)
  })

  it("without --agent installs for the agents found in HOME, and refuses when there are none", async () => {
    const { home, env } = freshHome()
    const none = await inspire(env, ["skill", "install"])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain("--agent")
    mkdirSync(join(home, ".gemini"))
    const run = json<InstallResult>(await inspire(env, ["skill", "install", "--json"]))
    expect(run.installs.map((i) => i.agent)).toEqual(["gemini"])
    expect(existsSync(join(home, ".claude"))).toBe(false)
  })

  it("never overwrites an edited copy without --force, and keeps the edited copy as a backup outside the skills folder", async () => {
    const { home, env } = freshHome()
    expect((await inspire(env, ["skill", "install", "--agent", "claude"])).code).toBe(0)
    const dir = join(home, ".claude", "skills", "sii-inspire")

    const again = json<InstallResult>(await inspire(env, ["skill", "install", "--agent", "claude", "--json"]))
    expect(again.installs[0]?.status).toBe("unchanged")

    // A file the user adds is not an edit of ours: updates leave it alone.
    writeFileSync(join(dir, "references", "my-notes.md"), "mine\n")
    appendFileSync(join(dir, "SKILL.md"), "\nMy own rule: always use priority 6.\n")
    const refused = await inspire(env, ["skill", "install", "--agent", "claude"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("SKILL.md")
    expect(refused.stderr).toContain("--force")
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toContain("My own rule")

    // Nothing is written anywhere when one of several targets is refused.
    const both = await inspire(env, ["skill", "install", "--agent", "codex", "--agent", "claude"])
    expect(both.code).toBe(1)
    expect(existsSync(join(home, ".codex"))).toBe(false)

    const forced = json<InstallResult>(
      await inspire(env, ["skill", "install", "--agent", "claude", "--force", "--json"]),
    )
    const backup = forced.installs[0]?.backup ?? ""
    expect(forced.installs[0]?.status).toBe("updated")
    expect(relative(join(home, ".claude", "skills"), backup).startsWith("..")).toBe(true)
    expect(readFileSync(join(backup, "SKILL.md"), "utf8")).toContain("My own rule")
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toBe(readFileSync(join(SOURCE, "SKILL.md"), "utf8"))
    expect(readFileSync(join(dir, "references", "my-notes.md"), "utf8")).toBe("mine\n")
    expect(readdirSync(join(home, ".claude", "skills"))).toEqual(["sii-inspire"])
  })

  it("an update removes a file an older version shipped, but only when the user left it untouched", async () => {
    const { home, env } = freshHome()
    const dir = join(home, ".claude", "skills", "sii-inspire")
    expect((await inspire(env, ["skill", "install", "--agent", "claude"])).code).toBe(0)
    // Pretend the installed copy came from an older version that also shipped references/old.md.
    const manifestPath = join(dir, ".inspire-skill.json")
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { files: Record<string, string> }
    writeFileSync(join(dir, "references", "old.md"), "old\n")
    manifest.files["references/old.md"] = createHash("sha256").update("old\n").digest("hex")
    writeFileSync(manifestPath, JSON.stringify(manifest))

    const updated = json<InstallResult & { installs: Array<{ removed: string[] }> }>(
      await inspire(env, ["skill", "install", "--agent", "claude", "--json"]),
    )
    expect(updated.installs[0]?.status).toBe("updated")
    expect(updated.installs[0]?.removed).toEqual([join(dir, "references", "old.md")])
    expect(existsSync(join(dir, "references", "old.md"))).toBe(false)

    writeFileSync(join(dir, "references", "old.md"), "old, then edited by the user\n")
    manifest.files["references/old.md"] = createHash("sha256").update("old\n").digest("hex")
    writeFileSync(manifestPath, JSON.stringify(manifest))
    const refused = await inspire(env, ["skill", "install", "--agent", "claude"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("references/old.md")
    expect(readFileSync(join(dir, "references", "old.md"), "utf8")).toContain("edited by the user")
  })

  it("never writes or deletes outside the skill folder, whatever its manifest says", async () => {
    const { home, env } = freshHome()
    const dir = join(home, ".claude", "skills", "sii-inspire")
    expect((await inspire(env, ["skill", "install", "--agent", "claude"])).code).toBe(0)
    // Files outside the skill folder that a hostile or broken manifest names, each with the hash it records.
    const victims = join(home, "victims")
    mkdirSync(victims)
    const sum = createHash("sha256").update("precious\n").digest("hex")
    for (const name of ["up.txt", "abs.txt", "through-link.txt", "linked.txt"])
      writeFileSync(join(victims, name), "precious\n")
    symlinkSync(victims, join(dir, "references", "elsewhere"))
    symlinkSync(join(victims, "linked.txt"), join(dir, "references", "old-link.md"))
    const manifestPath = join(dir, ".inspire-skill.json")
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { files: Record<string, string> }
    manifest.files["../../../victims/up.txt"] = sum
    manifest.files[join(victims, "abs.txt")] = sum
    manifest.files["references/elsewhere/through-link.txt"] = sum
    manifest.files["references/old-link.md"] = sum
    writeFileSync(manifestPath, JSON.stringify(manifest))
    // A missing file makes the install an update, which is when old entries are removed.
    rmSync(join(dir, "SKILL.md"))

    const run = json<InstallResult & { installs: Array<{ removed: string[]; ignored?: string[] }> }>(
      await inspire(env, ["skill", "install", "--agent", "claude", "--json"]),
    )
    expect(run.installs[0]?.status).toBe("updated")
    expect(run.installs[0]?.removed).toEqual([])
    expect(run.installs[0]?.ignored?.sort()).toEqual(
      [
        "../../../victims/up.txt",
        join(victims, "abs.txt"),
        "references/elsewhere/through-link.txt",
        "references/old-link.md",
      ].sort(),
    )
    for (const name of ["up.txt", "abs.txt", "through-link.txt", "linked.txt"])
      expect(readFileSync(join(victims, name), "utf8"), name).toBe("precious\n")
    // The links are the user's and stay; the skill's own files are current.
    rmSync(join(dir, "references", "elsewhere"))
    rmSync(join(dir, "references", "old-link.md"))
    expectSameAsSource(dir)
    // The rewritten manifest names only the skill's own files.
    const rewritten = JSON.parse(readFileSync(manifestPath, "utf8")) as { files: Record<string, string> }
    expect(Object.keys(rewritten.files).sort()).toEqual(shipped)
  })

  it("never writes through a symbolic link in the skill folder, even with --force", async () => {
    const { home, env } = freshHome()
    const dir = join(home, ".claude", "skills", "sii-inspire")
    expect((await inspire(env, ["skill", "install", "--agent", "claude"])).code).toBe(0)
    const outside = join(home, "outside")
    mkdirSync(outside)
    writeFileSync(join(outside, "bashrc"), "mine\n")
    rmSync(join(dir, "SKILL.md"))
    symlinkSync(join(outside, "bashrc"), join(dir, "SKILL.md"))
    rmSync(join(dir, "references"), { recursive: true })
    symlinkSync(outside, join(dir, "references"))
    for (const args of [[], ["--force"]]) {
      const run = await inspire(env, ["skill", "install", "--agent", "claude", ...args])
      expect(run.code, args.join(" ")).toBe(1)
      expect(run.stderr).toContain("symbolic links")
      expect(run.stderr).toContain("SKILL.md")
      expect(run.stderr).toMatch(/^hint: Remove those links/m)
    }
    expect(readFileSync(join(outside, "bashrc"), "utf8")).toBe("mine\n")
    expect(readdirSync(outside)).toEqual(["bashrc"])
    // Once the links are gone, the install goes ahead.
    rmSync(join(dir, "SKILL.md"))
    rmSync(join(dir, "references"))
    expect((await inspire(env, ["skill", "install", "--agent", "claude"])).code).toBe(0)
    expectSameAsSource(dir)
  })

  it("refuses at once a destination that is no ordinary folder: the kernel's, a device, a file", async () => {
    const { home, env } = freshHome()
    writeFileSync(join(home, "a-file"), "x")
    const cases: Array<[string, RegExp]> = [
      ["/proc/self", /\/proc\/self belongs to a kernel file system/],
      ["/sys/kernel", /\/sys\/kernel belongs to a kernel file system/],
      ["/dev/null", /\/dev\/null is not a folder/],
      [join(home, "a-file", "deeper"), /a-file is not a folder/],
    ]
    for (const [dir, said] of process.platform === "linux" ? cases : cases.slice(2)) {
      const run = await inspire(env, ["skill", "install", "--dir", dir])
      expect(run.code, run.stderr).toBe(2)
      expect(run.stderr).toMatch(said)
      expect(run.stderr).toContain("hint: Pass --dir a folder of your own")
    }
  }, 30_000)

  it("rejects an unknown agent as a usage error", async () => {
    const { env } = freshHome()
    const run = await inspire(env, ["skill", "install", "--agent", "vim"])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("claude")
  })
})
