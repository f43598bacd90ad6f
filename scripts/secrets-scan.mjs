#!/usr/bin/env node
// Scans what the test run left behind (turbo's per-task logs, vitest's JSON reports, any *.log under
// the extra paths given) for the passwords the tests use and the token and cookie shapes the emulator
// issues. Prints what it scanned and each hit as file:line with the secret masked; exits 1 on a hit.
// Usage: node scripts/secrets-scan.mjs [--root DIR] [--report FILE] [extra files or folders…]
// Needs the emulator built (packages/emulator/dist) for its fixture's passwords.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { flag, writeReport } from "../bench/report.mjs"

const repo = join(dirname(fileURLToPath(import.meta.url)), "..")
const WORKSPACES = ["packages", "apps", "tests"]

// The emulator signs every token with this header ({"alg":"HS256","typ":"JWT","kid":"emulator"}),
// so its tokens always start with it; any other three-part eyJ… string is flagged too.
const EMULATOR_JWT_HEAD = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT", kid: "emulator" })).toString(
  "base64url",
)

/** The token and cookie shapes the emulator issues (packages/emulator/src/auth/). */
export const SHAPES = [
  { kind: "emulator token", re: new RegExp(`${EMULATOR_JWT_HEAD}\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{20,}`, "g") },
  { kind: "JWT", re: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g },
  // `inspire-session` carries 24 random bytes as hex; the name may be followed by = (a header) or ":" (a jar).
  { kind: "session cookie", re: /inspire-session["']?\s*[=:]\s*["']?[0-9a-f]{48}(?![0-9a-f])/g },
  { kind: "CAS ticket", re: /\bST-[0-9a-f]{20}-cas\b/g },
]

const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** A password as a needle: matched whole, so "12345678" does not hit inside a longer number. */
export const passwordPattern = (password) => new RegExp(`(?<![A-Za-z0-9])${literal(password)}(?![A-Za-z0-9])`, "g")

const listFiles = (dir, keep) => {
  if (!existsSync(dir)) return []
  const out = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory() && entry.name !== "node_modules" && entry.name !== "dist")
      out.push(...listFiles(path, keep))
    else if (entry.isFile() && keep(entry.name)) out.push(path)
  }
  return out
}

const packageDirs = (root) => [
  root,
  ...WORKSPACES.flatMap((w) =>
    existsSync(join(root, w)) ? readdirSync(join(root, w)).map((p) => join(root, w, p)) : [],
  ).filter((d) => statSync(d).isDirectory()),
]

/** The files a test run leaves behind under `root`: turbo task logs and vitest JSON reports. */
export const runArtifacts = (root) =>
  packageDirs(root).flatMap((dir) => [
    ...listFiles(join(dir, ".turbo"), (name) => name.endsWith(".log")),
    ...[".vitest-report.json", ".vitest-report-node24.json"].map((f) => join(dir, f)).filter((f) => existsSync(f)),
  ])

/** Extra paths from the command line: a file as it is, a folder for every *.log and *.json in it. */
export const extraFiles = (paths) =>
  paths.flatMap((p) =>
    statSync(p).isDirectory() ? listFiles(p, (name) => name.endsWith(".log") || name.endsWith(".json")) : [p],
  )

// Literal passwords in test code: `password: "…"`, `"password", "…"`, `secret: "…"`, and the last
// string argument of a login call. Short ones ("bad", "pw1") would match ordinary words.
const SOURCE_PATTERNS = [
  /\b(?:password|secret)["']?\s*[:=]\s*["'`]([^"'`$\n]{6,})["'`]/gi,
  /["']password["']\s*,\s*["'`]([^"'`$\n]{6,})["'`]/g,
  /\b(?:saveInspireLogin|saveHarborLogin|harborLogin|login)\([^()]*?["'`]([^"'`$\n]{6,})["'`]\s*\)/g,
]

/** Passwords written in the test code of the repository. */
export const testPasswords = (root = repo) => {
  const dirs = packageDirs(root)
    .filter((d) => d !== root)
    .map((d) => join(d, "test"))
  const files = [
    ...dirs.flatMap((d) => listFiles(d, (n) => /\.(ts|mts|mjs|js)$/.test(n))),
    ...listFiles(join(root, "scripts"), (n) => n.endsWith(".test.mjs")),
  ]
  const found = new Set()
  for (const file of files) {
    const text = readFileSync(file, "utf8")
    for (const re of SOURCE_PATTERNS) for (const m of text.matchAll(re)) if (m[1]) found.add(m[1])
  }
  return found
}

/** Every password of the emulator's fixture: its accounts and their Harbor robot accounts. */
export const emulatorPasswords = async (root = repo) => {
  const fixture = join(root, "packages/emulator/dist/fixtures/platform.js")
  if (!existsSync(fixture)) throw new Error(`${fixture} is missing: build the emulator first (pnpm exec tsc -b).`)
  const { buildFixture } = await import(pathToFileURL(fixture).href)
  const found = new Set()
  for (const user of buildFixture().users) {
    found.add(user.password)
    for (const robot of Object.values(user.harbor ?? {})) found.add(robot.password)
  }
  return found
}

/** A secret as it may be printed: its kind and length, never its characters. */
export const mask = (kind, secret) => `<${kind}, ${secret.length} chars>`

/** Scans files for the passwords and the shapes; answers the bytes read and every hit. */
export const scan = (files, passwords) => {
  const needles = [
    ...[...passwords].map((p) => ({ kind: "password", re: passwordPattern(p) })),
    ...SHAPES.map((s) => ({ kind: s.kind, re: new RegExp(s.re.source, "g") })),
  ]
  let bytes = 0
  const hits = []
  for (const file of files) {
    const text = readFileSync(file, "utf8")
    bytes += Buffer.byteLength(text)
    text.split("\n").forEach((line, i) => {
      let shown = line
      const kinds = []
      for (const { kind, re } of needles) {
        re.lastIndex = 0
        if (!re.test(line)) continue
        kinds.push(kind)
        shown = shown.replace(new RegExp(re.source, "g"), (s) => mask(kind, s))
      }
      if (kinds.length > 0) hits.push({ file, line: i + 1, kinds, shown: shown.trim().slice(0, 200) })
    })
  }
  return { files: files.length, bytes, hits }
}

const main = async () => {
  const root = flag("root") ?? repo
  const skip = new Set(["--root", "--report"])
  const extra = process.argv.slice(2).filter((a, i, all) => !skip.has(a) && !skip.has(all[i - 1] ?? ""))
  const files = [...new Set([...runArtifacts(root), ...extraFiles(extra)])]
  const passwords = new Set([...(await emulatorPasswords()), ...testPasswords()])
  const result = scan(files, passwords)
  console.log(
    `secrets scan: ${result.files} files, ${result.bytes} bytes; ${passwords.size} passwords and ${SHAPES.length} token/cookie shapes`,
  )
  for (const f of files) console.log(`  ${relative(root, f) || f} (${statSync(f).size} bytes)`)
  for (const h of result.hits) console.log(`${relative(root, h.file)}:${h.line}: ${h.kinds.join(", ")}: ${h.shown}`)
  console.log(result.hits.length === 0 ? "0 hits" : `${result.hits.length} line(s) with a secret`)
  writeReport({
    id: "secrets",
    title: "Secrets in test output",
    kind: "reliability",
    method:
      "After the test run, scripts/secrets-scan.mjs reads every turbo task log and vitest JSON report of the " +
      "repository and looks for every password of the emulator's fixture (accounts and Harbor robots) and " +
      "every password literal of the test code, matched whole, and for the shapes of the emulator's secrets: " +
      "its signed tokens, any JWT, the inspire-session cookie with its 48-hex value, and CAS service tickets.",
    rows: [
      { name: "files scanned", value: String(result.files) },
      { name: "bytes scanned", value: String(result.bytes) },
      { name: "needles", value: `${passwords.size} passwords, ${SHAPES.length} shapes` },
      { name: "hits", value: String(result.hits.length), target: "0", met: result.hits.length === 0 },
    ],
  })
  if (files.length === 0) console.log("Nothing to scan: run the tests first (their turbo logs are the input).")
  process.exitCode = result.hits.length === 0 ? 0 : 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
