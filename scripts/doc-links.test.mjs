import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

// The repository stands on its own: a Markdown link that leaves it (`../shared/…`) or names a file
// that is not there would leave a reader of a fresh clone with a dead end.
const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const SKIPPED = new Set(["node_modules", ".tools", "dist", ".git", ".turbo"])

const markdownFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIPPED.has(e.name)) return []
    const path = join(dir, e.name)
    if (e.isDirectory()) return markdownFiles(path)
    return e.isFile() && e.name.endsWith(".md") ? [path] : []
  })

// Inline links and images, reference definitions, and HTML href/src, outside code blocks and spans.
const linksOf = (text) => {
  const prose = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "")
  const targets = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]),
    ...[...prose.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]),
  ]
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith("#"))
}

// Every relative link of a Markdown file that leaves the repository or names a missing file.
const brokenLinks = (file, repoRoot = root) =>
  linksOf(readFileSync(file, "utf8")).flatMap((link) => {
    const path = decodeURIComponent(link.split("#")[0].split("?")[0])
    const target = path.startsWith("/") ? join(repoRoot, path) : resolve(dirname(file), path)
    const inside = relative(repoRoot, target)
    if (inside.startsWith(`..${sep}`) || inside === "..") return [`${link} (outside the repository)`]
    return existsSync(target) ? [] : [`${link} (no such file)`]
  })

describe("Markdown links", () => {
  it("finds the repository's Markdown files", () => {
    const files = markdownFiles(root).map((f) => relative(root, f))
    expect(files).toContain("README.md")
    expect(files).toContain(join("docs", "PLATFORM.md"))
    expect(files.some((f) => f.split(sep).includes("node_modules"))).toBe(false)
  })

  it("stay inside the repository and lead to files that exist", () => {
    const broken = markdownFiles(root).flatMap((file) =>
      brokenLinks(file).map((link) => `${relative(root, file)}: ${link}`),
    )
    expect(broken).toEqual([])
  })

  it("are caught when they leave the repository or name a missing file", () => {
    const repo = mkdtempSync(join(tmpdir(), "doc-links-"))
    mkdirSync(join(repo, "docs"))
    writeFileSync(join(repo, "docs", "PLATFORM.md"), "# Platform\n")
    const check = (text) => {
      writeFileSync(join(repo, "docs", "example.md"), text)
      return brokenLinks(join(repo, "docs", "example.md"), repo)
    }
    expect(check("[ref](../../shared/platform/INSPIRE-API.md)")).toEqual([
      "../../shared/platform/INSPIRE-API.md (outside the repository)",
    ])
    expect(check("[gone](NOPE.md), [ok](PLATFORM.md#1-header-names), [web](https://example.org)")).toEqual([
      "NOPE.md (no such file)",
    ])
    expect(check("[def]: ../../../etc/passwd\n")).toEqual(["../../../etc/passwd (outside the repository)"])
    expect(check('<a href="/docs/GONE.md">x</a>')).toEqual(["/docs/GONE.md (no such file)"])
    expect(check("```\n[code](../../x.md)\n```\nand `[span](../y.md)`")).toEqual([])
  })
})

// A reader of a clone knows the product, not how it was made: no doc speaks of the tracker's issues,
// work sessions or a working tree's state.
const PROCESS_WORDS =
  /\bissues? #?\d+\b|\bthe \w+ issue\b|\bwith their issues\b|\bwith local changes\b|\bthis session\b/i

const processWordsIn = (text) => {
  const found = []
  for (const [i, line] of text.split("\n").entries()) {
    const m = PROCESS_WORDS.exec(line)
    if (m !== null) found.push(`line ${i + 1}: "${m[0]}"`)
  }
  return found
}

describe("Markdown docs", () => {
  it("speak of the product, not of the process that made it", () => {
    const found = markdownFiles(root).flatMap((file) =>
      processWordsIn(readFileSync(file, "utf8")).map((f) => `${relative(root, file)}: ${f}`),
    )
    expect(found).toEqual([])
  })

  it("catch a heading that names an issue, a working tree's state and a process word", () => {
    expect(
      processWordsIn("## Retries (issue 24)\nok\n| Commit | f36ad0b (with local changes) |\nthe speed issue"),
    ).toEqual(['line 1: "issue 24"', 'line 3: "with local changes"', 'line 4: "the speed issue"'])
    expect(processWordsIn("Input issues are listed with their paths.")).toEqual([])
  })
})
