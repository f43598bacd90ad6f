import { createHash } from "node:crypto"
import {
  accessSync,
  appendFileSync,
  constants,
  copyFileSync,
  createReadStream,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeFileSync,
} from "node:fs"
import { basename, extname } from "node:path"
import { apiPath, isHidden, JupyterError, MAX_CONTENT_BYTES, osPath } from "./sandbox.js"

/** Jupyter's contents model (jupyter_server's FileContentsManager), for files and directories. */
export interface ContentsModel {
  name: string
  path: string
  type: "file" | "directory" | "notebook"
  format: "text" | "base64" | "json" | null
  mimetype: string | null
  content: unknown
  size: number | null
  created: string
  last_modified: string
  writable: boolean
  /** Jupyter Server 2.x always sends both keys: null unless asked for with `hash=1`. */
  hash: string | null
  hash_algorithm: string | null
}

const MIME: Record<string, string> = {
  ".txt": "text/plain",
  ".bin": "application/octet-stream",
  ".md": "text/markdown",
  ".py": "text/x-python",
  ".sh": "application/x-sh",
  ".json": "application/json",
  ".csv": "text/csv",
  ".html": "text/html",
  ".yaml": "application/x-yaml",
  ".yml": "application/x-yaml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
  ".gz": "application/gzip",
  ".tar": "application/x-tar",
  ".zip": "application/zip",
  ".ipynb": "application/x-ipynb+json",
}

const iso = (ms: number): string => new Date(ms).toISOString()

/** Python's `repr` of a string, as Jupyter's messages quote paths (`'/.hid'`). */
const repr = (s: string): string => {
  const escaped = s.replaceAll("\\", "\\\\")
  return s.includes("'") && !s.includes('"') ? `"${escaped}"` : `'${escaped.replaceAll("'", "\\'")}'`
}

/** A path as the handler names it in its refusals: with the route's leading slash, quoted. */
const handlerPath = (path: string): string => repr(path === "" ? "" : `/${path}`)

const statOf = (os: string, path: string): Stats => {
  try {
    return statSync(os)
  } catch {
    throw new JupyterError(404, `file or directory does not exist: ${repr(path)}`)
  }
}

/** nbformat's empty notebook as Jupyter writes it (`indent=1`). */
const EMPTY_NOTEBOOK = '{\n "cells": [],\n "metadata": {},\n "nbformat": 4,\n "nbformat_minor": 5\n}\n'

/** Python's `base64.encodebytes`, which Jupyter sends: lines of 76 characters, each ending in a newline. */
const encodeBytes = (bytes: Buffer): string =>
  (bytes.toString("base64").match(/.{1,76}/g) ?? []).map((l) => `${l}\n`).join("")

const writable = (os: string): boolean => {
  try {
    accessSync(os, constants.W_OK)
    return true
  } catch {
    return false
  }
}

const tooLarge = (path: string, size: number): JupyterError =>
  new JupyterError(
    413,
    `${path} is ${size} bytes, over the ${MAX_CONTENT_BYTES} bytes one contents request may carry; copy it in chunks (PUT with "chunk") or through a terminal`,
  )

/** A file's mimetype as Python's `mimetypes.guess_type` gives it from the name (null when unknown). */
const guess = (path: string): string | null => MIME[extname(path).toLowerCase()] ?? null

/** A file is a notebook when asked as one, or by its `.ipynb` name when no type is asked. */
const notebookAsked = (path: string, type: string | undefined): boolean =>
  type === "notebook" || (type === undefined && path.endsWith(".ipynb"))

const base = (os: string, path: string, st: Stats, type?: string): ContentsModel => ({
  name: basename(path),
  path,
  type: st.isDirectory() ? "directory" : notebookAsked(path, type) ? "notebook" : "file",
  format: null,
  mimetype: st.isDirectory() || notebookAsked(path, type) ? null : guess(path),
  content: null,
  size: st.isDirectory() ? null : st.size,
  created: iso(st.birthtimeMs || st.ctimeMs),
  last_modified: iso(st.mtimeMs),
  writable: writable(os),
  hash: null,
  hash_algorithm: null,
})

export interface GetOptions {
  content: boolean
  format?: string | undefined
  type?: string | undefined
  hash: boolean
}

/** `GET /api/contents/{path}`: a file (text or base64) or a directory with its children (no hidden ones). */
export const getModel = (root: string, raw: string, opts: GetOptions): ContentsModel => {
  const path = apiPath(raw)
  const os = osPath(root, path)
  if (isHidden(path)) throw new JupyterError(404, `file or directory does not exist: ${repr(path)}`)
  const st = statOf(os, path)
  const model = base(os, path, st, opts.type)
  if (st.isDirectory()) {
    if (opts.type !== undefined && opts.type !== "directory")
      throw new JupyterError(400, `${path} is a directory`, "bad type")
    if (!opts.content) return model
    const children: ContentsModel[] = []
    for (const name of readdirSync(os).sort()) {
      if (name.startsWith(".")) continue
      const child = path === "" ? name : `${path}/${name}`
      try {
        const cos = osPath(root, child)
        children.push(base(cos, child, statSync(cos)))
      } catch {
        // a broken symlink or one pointing out of the root is not listed
      }
    }
    return { ...model, format: "json", content: children }
  }
  if (opts.type === "directory") throw new JupyterError(400, `${path} is not a directory`, "bad type")
  if (opts.format !== undefined && opts.format !== "text" && opts.format !== "base64")
    throw new JupyterError(400, `Format of file contents must be 'text' or 'base64'`, "bad format")
  if (!opts.content && !opts.hash) return model
  // A hash alone is computed for a file of any size (hashModel), and no content travels.
  if (!opts.content) return model
  if (st.size > MAX_CONTENT_BYTES) throw tooLarge(path, st.size)
  const bytes = readFileSync(os)
  const hashed = opts.hash ? { hash: createHash("sha256").update(bytes).digest("hex"), hash_algorithm: "sha256" } : {}
  if (model.type === "notebook") {
    try {
      return { ...model, ...hashed, format: "json", content: JSON.parse(bytes.toString("utf8")) }
    } catch (e) {
      throw new JupyterError(400, `Unreadable Notebook: ${path} ${(e as Error).message}`)
    }
  }
  const guessed = guess(path)
  if (opts.format !== "base64") {
    try {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
      return { ...model, ...hashed, format: "text", mimetype: guessed ?? "text/plain", content: text }
    } catch {
      if (opts.format === "text") throw new JupyterError(400, `${path} is not UTF-8 encoded`, "bad format")
    }
  }
  const mimetype = guessed ?? "application/octet-stream"
  return { ...model, ...hashed, format: "base64", mimetype, content: encodeBytes(bytes) }
}

/**
 * `GET …?content=0&hash=1`: the model with the sha256 of a file of any size, read as a stream, so that the
 * server goes on answering meanwhile (Jupyter Server 2.x hashes in a worker thread).
 */
export const hashModel = async (root: string, raw: string, opts: GetOptions): Promise<ContentsModel> => {
  const model = getModel(root, raw, opts)
  if (model.type === "directory") return model
  const hash = createHash("sha256")
  for await (const chunk of createReadStream(osPath(root, model.path), { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer)
  return { ...model, hash: hash.digest("hex"), hash_algorithm: "sha256" }
}

const B64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/

const decode = (path: string, format: unknown, content: unknown): Buffer => {
  if (format === "json" && content !== null && typeof content === "object")
    return Buffer.from(`${JSON.stringify(content, null, 1)}\n`, "utf8")
  if (typeof content !== "string") throw new JupyterError(400, "No file content provided")
  if (format === "text" || format === "json") return Buffer.from(content, "utf8")
  if (format === "base64") {
    if (!B64.test(content)) throw new JupyterError(400, `Encoding error saving ${path}: content is not base64`)
    return Buffer.from(content, "base64")
  }
  throw new JupyterError(400, "Must specify format of file contents as 'text' or 'base64'")
}

/**
 * `PUT /api/contents/{path}`: saves a file (text or base64; `chunk` 1, 2, …, -1 for large files as
 * Jupyter's LargeFileManager does) or creates a directory; without content a new file is empty (a
 * notebook, nbformat's empty one) and an existing one refused; an empty body makes an untitled file in the
 * folder named, as `POST` does. Returns the model and whether it was created.
 */
export const putModel = (root: string, raw: string, body: Record<string, unknown>) => {
  const path = apiPath(raw)
  const os = osPath(root, path)
  if (isHidden(path)) throw new JupyterError(400, `Cannot create file or directory ${handlerPath(path)}`)
  if (Object.keys(body).length === 0) {
    let folder = false
    try {
      folder = statSync(os).isDirectory()
    } catch {
      folder = false
    }
    if (!folder) throw new JupyterError(404, `No such directory: ${path}`)
    return { model: newUntitled(root, path, {}), created: true }
  }
  if (os === root) throw new JupyterError(400, `Cannot create file or directory ${handlerPath(path)}`)
  let existing: Stats | undefined
  try {
    existing = statSync(os)
  } catch {
    existing = undefined
  }
  const type = body.type ?? (path.endsWith(".ipynb") ? "notebook" : "file")
  const chunk = typeof body.chunk === "number" ? body.chunk : undefined
  if (chunk !== undefined && type !== "file")
    throw new JupyterError(400, `File type "${String(type)}" is not supported for large file transfer`)
  if (type === "directory") {
    if (existing?.isFile()) throw new JupyterError(400, `Not a directory: ${path}`)
    if (!existing) {
      try {
        mkdirSync(os)
      } catch (e) {
        throw new JupyterError(500, `Unexpected error while saving file: ${path} ${(e as Error).message}`)
      }
    }
  } else if (type === "file" || type === "notebook") {
    if (existing?.isDirectory()) throw new JupyterError(400, `${path} is a directory`, "bad type")
    if (body.content === undefined && (existing || chunk !== undefined))
      throw new JupyterError(400, "No file content provided")
    const bytes =
      body.content === undefined
        ? Buffer.from(type === "notebook" ? EMPTY_NOTEBOOK : "")
        : decode(path, type === "notebook" ? "json" : body.format, body.content)
    if (bytes.length > MAX_CONTENT_BYTES) throw tooLarge(path, bytes.length)
    try {
      // As LargeFileManager: chunk 1 writes the file anew, any other (2, 3, …, -1) appends, making it if missing.
      if (chunk !== undefined && chunk !== 1) appendFileSync(os, bytes)
      else writeFileSync(os, bytes)
    } catch (e) {
      if (e instanceof JupyterError) throw e
      throw new JupyterError(500, `Unexpected error while saving file: ${path} ${(e as Error).message}`)
    }
  } else throw new JupyterError(400, `Unhandled contents type: ${String(type)}`)
  return {
    model: getModel(root, path, { content: false, hash: false }),
    created: existing === undefined,
  }
}

/** `DELETE /api/contents/{path}`: a file, or a directory with everything in it (Jupyter moves it to trash). */
export const deleteModel = (root: string, raw: string): void => {
  const path = apiPath(raw)
  const os = osPath(root, path)
  // `data/..` is the root too (Jupyter Server would empty it; the emulator refuses).
  if (os === root) throw new JupyterError(400, "Cannot delete the root directory")
  if (isHidden(path)) throw new JupyterError(400, `Cannot delete file or directory ${handlerPath(path)}`)
  statOf(os, path)
  rmSync(os, { recursive: true, force: true })
}

/** `PATCH /api/contents/{path}` with `{path: new}`: a rename (409 if the new path exists). */
export const renameModel = (root: string, raw: string, body: Record<string, unknown>): ContentsModel => {
  const path = apiPath(raw)
  if (typeof body.path !== "string") throw new JupyterError(400, "No new path given: send {path}")
  const next = apiPath(body.path)
  const from = osPath(root, path)
  const to = osPath(root, next)
  if (from === root || to === root || isHidden(path) || isHidden(next))
    throw new JupyterError(400, `Cannot rename file or directory ${handlerPath(path)}`)
  try {
    statSync(from)
  } catch {
    throw new JupyterError(404, `File or directory does not exist: ${path}`)
  }
  if (next === path) return getModel(root, next, { content: false, hash: false })
  let taken = true
  try {
    statSync(to)
  } catch {
    taken = false
  }
  if (taken) throw new JupyterError(409, `File already exists: ${next}`)
  try {
    renameSync(from, to)
  } catch (e) {
    throw new JupyterError(500, `Unknown error renaming file: ${path} ${(e as Error).message}`)
  }
  return getModel(root, next, { content: false, hash: false })
}

/** `increment_filename`: `name`, then `name` with `insert` and 1, 2, … before the extension, the first free. */
const increment = (root: string, dir: string, filename: string, insert: string): string => {
  const last = filename.lastIndexOf(".")
  const first = filename.indexOf(".")
  const cut = last >= 0 && filename.slice(last + 1) === "ipynb" ? last : first
  const [stem, suffix] = cut >= 0 ? [filename.slice(0, cut), filename.slice(cut)] : [filename, ""]
  for (let i = 0; ; i++) {
    const name = `${stem}${i === 0 ? "" : `${insert}${i}`}${suffix}`
    try {
      statSync(osPath(root, dir === "" ? name : `${dir}/${name}`))
    } catch {
      return name
    }
  }
}

/**
 * `POST /api/contents/{folder}`: the server names the new entry. `{copy_from}` copies a file into the
 * folder (`a.txt`, else `a-Copy1.txt`, …); otherwise an empty `untitled<ext>` file, `Untitled.ipynb`
 * notebook or `Untitled Folder` (then `untitled1`, `Untitled Folder 1`, …) by the body's `type` and `ext`.
 */
export const newUntitled = (root: string, raw: string, body: Record<string, unknown>): ContentsModel => {
  const dir = apiPath(raw)
  const os = osPath(root, dir)
  let st: Stats
  try {
    st = statSync(os)
  } catch {
    throw new JupyterError(404, `No such directory: ${dir}`)
  }
  if (!st.isDirectory()) throw new JupyterError(400, "Cannot POST to files, use PUT instead.")
  const at = (name: string) => (dir === "" ? name : `${dir}/${name}`)
  const copyFrom = typeof body.copy_from === "string" ? apiPath(body.copy_from) : ""
  if (copyFrom !== "") {
    if (isHidden(dir) || isHidden(copyFrom))
      throw new JupyterError(400, `Cannot copy file or directory ${handlerPath(dir)}`)
    const from = osPath(root, copyFrom)
    if (statOf(from, copyFrom).isDirectory()) throw new JupyterError(400, "Can't copy directories")
    const name = increment(root, dir, basename(copyFrom).replace(/-Copy\d*\./, "."), "-Copy")
    copyFileSync(from, osPath(root, at(name)))
    return getModel(root, at(name), { content: false, hash: false })
  }
  const ext = typeof body.ext === "string" ? body.ext : ""
  const asked = typeof body.type === "string" && body.type !== "" ? body.type : ext === ".ipynb" ? "notebook" : "file"
  const type = ["directory", "file", "notebook"].includes(asked) ? asked : "file"
  const name =
    type === "directory"
      ? increment(root, dir, "Untitled Folder", " ")
      : type === "notebook"
        ? increment(root, dir, "Untitled.ipynb", "")
        : increment(root, dir, `untitled${ext}`, "")
  const target = osPath(root, at(name))
  if (type === "directory") mkdirSync(target)
  else writeFileSync(target, type === "notebook" ? EMPTY_NOTEBOOK : "")
  return getModel(root, at(name), { content: false, hash: false })
}
