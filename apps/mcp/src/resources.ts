import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, relative, sep } from "node:path"
import type { Resource } from "@modelcontextprotocol/sdk/types.js"

/** Where the built server keeps its copy of the skill (see scripts/bundle.mjs). */
export const SKILL_DIR = "skills/sii-inspire"

const PREFIX = `inspire://${SKILL_DIR}/`

const markdownFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return markdownFiles(path)
      return entry.isFile() && entry.name.endsWith(".md") ? [path] : []
    })

// SKILL.md's front matter states what the skill is for; a reference's first heading names it.
const describe = (body: string): { readonly title?: string; readonly description?: string } => {
  const description = /^---\n[\s\S]*?^description:\s*(.+)$[\s\S]*?^---$/m.exec(body)?.[1]?.trim()
  const title = /^#\s+(.+)$/m.exec(body)?.[1]?.trim()
  return { ...(title !== undefined ? { title } : {}), ...(description !== undefined ? { description } : {}) }
}

/** One skill document offered as a resource. */
export interface SkillDocument {
  readonly resource: Resource
  readonly path: string
}

/**
 * The skill's Markdown documents under `root` (SKILL.md first, then the references), as MCP resources
 * `inspire://skills/sii-inspire/<file>`. None when the folder is missing.
 */
export const skillDocuments = (root: string): ReadonlyArray<SkillDocument> => {
  if (!existsSync(root)) return []
  const files = markdownFiles(root)
  const ordered = [
    ...files.filter((f) => relative(root, f) === "SKILL.md"),
    ...files.filter((f) => relative(root, f) !== "SKILL.md"),
  ]
  return ordered.map((path) => {
    const name = relative(root, path).split(sep).join("/")
    return {
      path,
      resource: {
        uri: `${PREFIX}${name}`,
        name,
        mimeType: "text/markdown",
        ...describe(readFileSync(path, "utf8")),
      },
    }
  })
}
