// A throwaway copy of the repository as it stands in the working tree (committed and uncommitted files,
// no build output), with the installed dependencies reused rather than installed again: pnpm keeps every
// package once in node_modules/.pnpm and links each workspace package's node_modules into it with
// relative symlinks, so the copy gets those symlinks verbatim and one link to the original store.
import { execFileSync, spawn } from "node:child_process"
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/** The repository this test runs in. */
export const REPO = fileURLToPath(new URL("../../../../", import.meta.url))

// Caches of tools that ran in the original tree; none is needed to build.
const SKIPPED = new Set([".vite", ".vite-temp", ".cache", ".pnpm-task-run-state-v1"])

// One node_modules folder: symlinks as they are (relative ones then resolve inside the copy), the
// package store as one link to the original's, other folders (scopes, .bin) entry by entry.
const linkModules = (from: string, to: string): void => {
  mkdirSync(to, { recursive: true })
  for (const name of readdirSync(from)) {
    if (SKIPPED.has(name)) continue
    const source = join(from, name)
    const target = join(to, name)
    const stat = lstatSync(source)
    if (name === ".pnpm") symlinkSync(source, target)
    else if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target)
    else if (stat.isDirectory()) linkModules(source, target)
    else copyFileSync(source, target)
  }
}

// The workspace's packages, as pnpm-workspace.yaml lists them (one level under each folder).
const workspaceDirs = (root: string): ReadonlyArray<string> =>
  ["packages", "apps", "tests"].flatMap((group) =>
    existsSync(join(root, group)) ? readdirSync(join(root, group)).map((name) => join(group, name)) : [],
  )

// A file that went away while the list was being copied (another process rewriting it) is left out.
const copyIfThere = (source: string, target: string): void => {
  try {
    if (!lstatSync(source).isFile()) return
    mkdirSync(dirname(target), { recursive: true })
    copyFileSync(source, target)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e
  }
}

/**
 * Copies the working tree (what git tracks or would track: committed files with their uncommitted edits,
 * new files not ignored, deleted files left out) into a new temporary folder, with node_modules linked.
 */
export const copyRepo = (prefix = "inspire-copy-"): string => {
  const root = mkdtempSync(join(tmpdir(), prefix))
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: REPO,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  for (const file of new Set(listed.split("\0"))) {
    if (file !== "") copyIfThere(join(REPO, file), join(root, file))
  }
  for (const dir of [".", ...workspaceDirs(REPO)]) {
    const modules = join(REPO, dir, "node_modules")
    if (existsSync(modules) && existsSync(join(root, dir))) linkModules(modules, join(root, dir, "node_modules"))
  }
  return root
}

/** Removes a copy made by `copyRepo`; the linked store is left alone (only links are removed). */
export const removeCopy = (root: string): void => rmSync(root, { recursive: true, force: true })

/** What a command printed and how it ended. */
export interface Ran {
  readonly code: number | null
  readonly out: string
  readonly err: string
}

/** Runs a command to its end, collecting its output (never rejects on a non-zero exit). */
export const runCommand = (
  command: string,
  args: ReadonlyArray<string>,
  options: { readonly cwd: string; readonly env?: NodeJS.ProcessEnv },
): Promise<Ran> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let out = ""
    let err = ""
    child.stdout.on("data", (d) => {
      out += String(d)
    })
    child.stderr.on("data", (d) => {
      err += String(d)
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, out, err }))
  })

/** Runs a package's own `build` script in the copy (npm puts its node_modules/.bin on PATH); throws on failure. */
export const buildPackage = async (root: string, dir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> => {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm"
  const ran = await runCommand(npm, ["run", "--silent", "build"], { cwd: join(root, dir), env })
  if (ran.code !== 0) throw new Error(`building ${dir} in the copy failed (exit ${ran.code}):\n${ran.out}\n${ran.err}`)
}

/** Runs steps and records how long each took, in ms, under its name in `took` (for the suites' reports). */
export const stepTimer =
  (took: Record<string, number>) =>
  async <A>(what: string, work: () => Promise<A>): Promise<A> => {
    const started = performance.now()
    try {
      return await work()
    } finally {
      took[what] = Math.round(performance.now() - started)
    }
  }
