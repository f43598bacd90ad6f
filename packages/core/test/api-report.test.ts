// The API reports (scripts/api-report.mjs): each recorded entry's surface, as the build declares it,
// must be the one in its report (the root in api/public-api.md, `/internal` in api/internal-api.md),
// so that a change to either is seen in review. Runs on the built dist, as npm test runs it after the build.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const CORE = fileURLToPath(new URL("..", import.meta.url))
const SCRIPT = join(CORE, "scripts", "api-report.mjs")
const API = join(CORE, "api")
const REPORTS = ["public-api.md", "internal-api.md"]

// Rendering the surfaces runs the TypeScript compiler over the build's declarations: seconds alone, far
// longer beside other suites on a busy machine.
const T = 180_000

interface Stale {
  readonly file: string
  readonly message: string
}

// The script's check, in this process: rendering the surfaces takes seconds, and it renders each once.
const check = async (dir?: string): Promise<{ readonly status: number; readonly stderr: string }> => {
  const { staleReports } = (await import(SCRIPT)) as { staleReports: (dir?: string) => ReadonlyArray<Stale> }
  const stale = staleReports(dir)
  return { status: stale.length === 0 ? 0 : 1, stderr: stale.map((s) => s.message).join("\n\n") }
}

// `--check` against copies of the committed reports, one of them with the record of `name` removed,
// as if the build had exported it unannounced.
const checkWithout = async (report: string, name: string) => {
  const dir = mkdtempSync(join(tmpdir(), "inspire-api-report-"))
  try {
    for (const file of REPORTS) copyFileSync(join(API, file), join(dir, file))
    const recorded = readFileSync(join(API, report), "utf8")
    const stale = recorded.replace(new RegExp(`\\n// ${name}\\n[^\\n]*\\n`), "\n")
    expect(stale).not.toBe(recorded)
    writeFileSync(join(dir, report), stale)
    return await check(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe("the API reports", () => {
  it(
    "match the built root and internal entries",
    async () => {
      const ran = await check()
      expect(ran.stderr).toBe("")
      expect(ran.status).toBe(0)
    },
    T,
  )

  it(
    "fail, naming the stale report and the command that updates it, when the public surface differs",
    async () => {
      const ran = await checkWithout("public-api.md", "invoke")
      expect(ran.status).toBe(1)
      expect(ran.stderr).toContain("The public API changed: run `npm run generate`")
      expect(ran.stderr).toContain("public-api.md")
      expect(ran.stderr).toContain("invoke")
      expect(ran.stderr).not.toContain("internal-api.md")
    },
    T,
  )

  it(
    "fail, naming the internal report alone, when only the internal surface differs",
    async () => {
      const ran = await checkWithout("internal-api.md", "invokeParsed")
      expect(ran.status).toBe(1)
      expect(ran.stderr).toContain("The internal API changed: run `npm run generate`")
      expect(ran.stderr).toContain("internal-api.md")
      expect(ran.stderr).toContain("invokeParsed")
      expect(ran.stderr).not.toContain("public-api.md")
    },
    T,
  )

  it("record every runtime name of each entry, and the root has none of the internal one's", async () => {
    const root = await import("../src/index.js")
    const internal: Record<string, unknown> = await import("../src/internal.js")
    const publicReport = readFileSync(join(API, "public-api.md"), "utf8")
    const internalReport = readFileSync(join(API, "internal-api.md"), "utf8")
    for (const name of Object.keys(root)) expect(publicReport, name).toContain(`\n// ${name}\n`)
    for (const name of Object.keys(internal)) expect(internalReport, name).toContain(`\n// ${name}\n`)
    for (const name of ["Store", "invokeParsed", "followTaskLogs", "addProfile"]) {
      expect(internal[name], name).toBeDefined()
      expect(name in root, name).toBe(false)
    }
  })
})
