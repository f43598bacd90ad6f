import { createHash } from "node:crypto"
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs"
import { basename, dirname, join, relative, resolve } from "node:path"
import {
  type InspireClient,
  type Lab,
  listRemote,
  MAX_FILE_BYTES,
  makeRemoteFolder,
  normalizeRemotePath,
  openNotebookLab,
  type RemoteEntry,
  readRemoteFile,
  remoteSha256,
  statRemote,
  writeRemoteFile,
} from "@holos-inspire/core/internal"
import type { Command } from "commander"
import { type CommandOptions, withGlobals } from "../command.js"
import { EXIT } from "../exit-codes.js"
import { msg } from "../language.js"
import { CliError, printResult, usageError } from "../output.js"
import { withClient } from "../run.js"

// `inspire notebook cp SRC DST`: one side is `<notebook>:<path>` (the notebook by name, id or id prefix;
// the path relative to its Jupyter root folder), the other a local path. Files and whole folders, each file
// at most MAX_FILE_BYTES, every file's sha256 compared after the copy, nothing replaced without --force.

interface RemoteSpec {
  readonly notebook: string
  readonly path: string
}

/** `nb:/path`, `nb:path` or `nb:` (the root); a local path containing `:` is written `./a:b`. */
const remoteOf = (arg: string): RemoteSpec | undefined => {
  const m = /^([^/\\:]+):(.*)$/.exec(arg)
  return m === null ? undefined : { notebook: m[1] ?? "", path: m[2] ?? "" }
}

interface Item {
  readonly rel: string
  readonly size: number
}

const sha = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex")
const MiB = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MiB`

const progressOf = (total: number, bytes: number) => {
  const on = process.stderr.isTTY === true
  let done = 0
  let moved = 0
  return {
    step: (size: number) => {
      done++
      moved += size
      if (on)
        process.stderr.write(
          `\r\u001b[2K${msg("cli-cp-progress", { done, total, moved: MiB(moved), size: MiB(bytes) })}`,
        )
    },
    clear: () => {
      if (on) process.stderr.write("\r\u001b[2K")
    },
  }
}

const tooBig = (items: ReadonlyArray<Item>, where: (rel: string) => string): void => {
  const big = items.find((i) => i.size > MAX_FILE_BYTES)
  if (big !== undefined)
    throw usageError(
      msg("cli-cp-too-big", { file: where(big.rel), bytes: big.size, max: MAX_FILE_BYTES }),
      msg("cli-cp-too-big-hint"),
    )
}

const refuseExisting = (existing: ReadonlyArray<string>): void => {
  if (existing.length === 0) return
  throw new CliError(
    msg("cli-cp-exists", { count: existing.length, files: existing.slice(0, 3).join(", ") }),
    EXIT.error,
    msg("cli-cp-exists-hint"),
  )
}

const localTree = (root: string): { dirs: string[]; files: Item[] } => {
  const dirs: string[] = []
  const files: Item[] = []
  const walk = (rel: string) => {
    for (const name of readdirSync(join(root, rel)).sort()) {
      const child = rel === "" ? name : `${rel}/${name}`
      const st = lstatSync(join(root, child))
      if (st.isDirectory()) {
        dirs.push(child)
        walk(child)
      } else if (st.isFile()) files.push({ rel: child, size: st.size })
    }
  }
  walk("")
  return { dirs, files }
}

const remoteTree = async (client: InspireClient, lab: Lab, root: string) => {
  const dirs: string[] = []
  const files: Item[] = []
  const walk = async (rel: string): Promise<void> => {
    const entries: ReadonlyArray<RemoteEntry> = await client.run(listRemote(lab, rel === "" ? root : `${root}/${rel}`))
    for (const e of entries) {
      const child = rel === "" ? e.name : `${rel}/${e.name}`
      if (e.type === "directory") {
        dirs.push(child)
        await walk(child)
      } else files.push({ rel: child, size: e.size ?? 0 })
    }
  }
  await walk("")
  return { dirs, files }
}

const join2 = (a: string, b: string): string => (a === "" ? b : b === "" ? a : `${a}/${b}`)

const upload = async (client: InspireClient, source: string, to: RemoteSpec, force: boolean, workspace?: string) => {
  const st = statSync(source)
  const lab = await client.run(openNotebookLab(to.notebook, workspace))
  const dest = await client.run(normalizeRemotePath(to.path))
  const there = await client.run(statRemote(lab, dest))
  const target = there?.type === "directory" || to.path.endsWith("/") ? join2(dest, basename(source)) : dest
  const tree = st.isDirectory() ? localTree(source) : { dirs: [], files: [{ rel: "", size: st.size }] }
  tooBig(tree.files, (rel) => join(source, rel))
  const targetThere = target === dest ? there : await client.run(statRemote(lab, target))
  if (targetThere !== undefined && !force) {
    const existing = st.isDirectory() ? (await remoteTree(client, lab, target)).files.map((f) => f.rel) : [target]
    refuseExisting(existing.filter((rel) => !st.isDirectory() || tree.files.some((f) => f.rel === rel)))
  }
  if (st.isDirectory()) for (const d of ["", ...tree.dirs]) await client.run(makeRemoteFolder(lab, join2(target, d)))
  const progress = progressOf(
    tree.files.length,
    tree.files.reduce((n, f) => n + f.size, 0),
  )
  try {
    for (const f of tree.files) {
      const bytes = readFileSync(join(source, f.rel))
      const path = join2(target, f.rel)
      await client.run(writeRemoteFile(lab, path, bytes))
      const remote = await client.run(remoteSha256(lab, path))
      if (remote !== sha(bytes))
        throw new CliError(msg("cli-cp-sha-upload", { path }), EXIT.error, msg("cli-cp-copy-again"))
      progress.step(bytes.length)
    }
  } finally {
    progress.clear()
  }
  return { lab, target: `${to.notebook}:${target}`, files: tree.files }
}

// A file is written beside its destination and renamed over it: never half a file, never through a link.
const writeLocal = (path: string, bytes: Buffer): void => {
  const temp = join(dirname(path), `.${basename(path)}.inspire-${process.pid}`)
  writeFileSync(temp, bytes, { flag: "wx", mode: 0o644 })
  renameSync(temp, path)
}

const download = async (client: InspireClient, from: RemoteSpec, dest: string, force: boolean, workspace?: string) => {
  const lab = await client.run(openNotebookLab(from.notebook, workspace))
  const source = await client.run(normalizeRemotePath(from.path))
  const entry = source === "" ? undefined : await client.run(statRemote(lab, source))
  if (source !== "" && entry === undefined)
    throw new CliError(
      msg("cli-cp-no-remote", { path: source, notebook: from.notebook }),
      EXIT.error,
      msg("cli-cp-no-remote-hint"),
    )
  const folder = source === "" || entry?.type === "directory"
  let local: ReturnType<typeof statSync> | undefined
  try {
    local = statSync(dest)
  } catch {
    local = undefined
  }
  const target = local?.isDirectory() === true ? join(dest, basename(source) || "notebook") : dest
  const tree = folder
    ? await remoteTree(client, lab, source)
    : { dirs: [], files: [{ rel: "", size: entry?.size ?? 0 }] }
  tooBig(tree.files, (rel) => `${from.notebook}:${join2(source, rel)}`)
  if (!force) {
    const existing = tree.files
      .map((f) => join(target, f.rel))
      .filter((p) => {
        try {
          lstatSync(p)
          return true
        } catch {
          return false
        }
      })
    refuseExisting(existing)
  }
  if (folder) for (const d of ["", ...tree.dirs]) mkdirSync(join(target, d), { recursive: true })
  const progress = progressOf(
    tree.files.length,
    tree.files.reduce((n, f) => n + f.size, 0),
  )
  try {
    for (const f of tree.files) {
      const file = await client.run(readRemoteFile(lab, join2(source, f.rel)))
      const path = join(target, f.rel)
      writeLocal(path, file.bytes)
      const written = sha(readFileSync(path))
      if (written !== sha(file.bytes) || (file.sha256 !== undefined && file.sha256 !== written))
        throw new CliError(msg("cli-cp-sha-download", { path }), EXIT.error, msg("cli-cp-copy-again"))
      progress.step(file.bytes.length)
    }
  } finally {
    progress.clear()
  }
  return { lab, target: relative(process.cwd(), resolve(target)) || ".", files: tree.files }
}

/** `inspire notebook cp <src> <dst>`: files and folders between this machine and a running notebook. */
export const addNotebookCp = (group: Command): void => {
  withGlobals(
    group
      .command("cp")
      .description(msg("cli-help-cp"))
      .argument("<source>", msg("cli-help-cp-source"))
      .argument("<destination>", msg("cli-help-cp-destination"))
      .option("--force", msg("cli-help-cp-force"))
      .option("--workspace <name>", msg("cli-help-notebook-workspace"))
      .addHelpText(
        "after",
        `\n${msg("cli-help-cp-paths")}\n${msg("cli-help-cp-size", { mib: MAX_FILE_BYTES / 1024 / 1024 })}\n\n${msg("cli-help-examples")}\n  inspire notebook cp ./data.bin my-nb:work/data.bin\n  inspire notebook cp my-nb:work/results ./results`,
      ),
  ).action(async (src: string, dst: string, options: CommandOptions & { force?: boolean; workspace?: string }) => {
    const from = remoteOf(src)
    const to = remoteOf(dst)
    if ((from === undefined) === (to === undefined))
      throw usageError(
        from === undefined ? msg("cli-cp-no-notebook") : msg("cli-cp-two-notebooks"),
        msg("cli-cp-notebook-side-hint"),
      )
    if (from === undefined) {
      try {
        statSync(src)
      } catch {
        throw usageError(msg("cli-cp-no-local", { path: src }), msg("cli-cp-no-local-hint"))
      }
    }
    const force = options.force === true
    const done = await withClient(options, (client) =>
      to !== undefined
        ? upload(client, src, to, force, options.workspace)
        : download(client, from ?? { notebook: "", path: "" }, dst, force, options.workspace),
    )
    const bytes = done.files.reduce((n, f) => n + f.size, 0)
    printResult(
      options.json === true,
      {
        notebook: { id: done.lab.notebook.id, name: done.lab.notebook.name },
        destination: done.target,
        files: done.files.length,
        bytes,
        verified: "sha256",
      },
      msg("cli-cp-done", { count: done.files.length, bytes, target: done.target }),
    )
  })
}
