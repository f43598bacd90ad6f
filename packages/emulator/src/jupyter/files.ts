import { createReadStream, type Stats, statSync } from "node:fs"
import type { IncomingMessage, ServerResponse } from "node:http"
import { extname } from "node:path"
import { sendHtml } from "../http.js"
import { apiPath, isHidden, JupyterError, osPath } from "./sandbox.js"

// `GET|HEAD <lab>/files/<path>`: Jupyter Server's AuthenticatedFileHandler, which is tornado's
// StaticFileHandler: the raw bytes, streamed, one byte range when asked (`Range: bytes=a-b`, `a-`, `-n`)
// answered 206 with `Content-Range`, 416 with `bytes */<size>` when the range starts past the end, and
// a malformed or multiple range ignored (the whole file, 200). Hidden files and missing ones are 404, a
// folder 403.

const TYPES: Record<string, string> = {
  ".txt": "text/plain; charset=UTF-8",
  ".json": "application/json",
  ".ipynb": "application/x-ipynb+json",
  ".html": "text/html",
  ".csv": "text/csv",
  ".png": "image/png",
}

/**
 * The byte range a `Range` header asks of a file of `size` bytes, as tornado's StaticFileHandler reads it:
 * undefined for the whole file (no header, a malformed or multiple range, or one covering every byte),
 * "past" for 416 (starting at or past the end, ending before it starts, or a suffix of 0).
 */
const rangeOf = (header: string | undefined, size: number): { start: number; end: number } | "past" | undefined => {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? "").trim())
  if (m === null || (m[1] === "" && m[2] === "")) return undefined
  // tornado's (start, end) with `end` exclusive; a suffix `-n` is a negative start.
  let start = m[1] === "" ? -Number(m[2]) : Number(m[1])
  let end = m[1] === "" || m[2] === "" ? undefined : Number(m[2]) + 1
  if (start < 0) start = Math.max(0, start + size)
  if (start >= size || (end !== undefined && start >= end) || end === 0 || (m[1] === "" && m[2] === "0")) return "past"
  if (end === undefined || end > size) end = size
  return end - start === size ? undefined : { start, end: end - 1 }
}

/** Serves one `/files/<path>` request of a notebook whose contents root is `root`; a refusal is tornado's HTML page. */
export const serveFile = (root: string, rawPath: string, req: IncomingMessage, res: ServerResponse): void => {
  req.resume()
  try {
    sendFile(root, rawPath, req, res)
  } catch (e) {
    const status = e instanceof JupyterError ? e.status : 500
    const reason = status === 404 ? "Not Found" : status === 403 ? "Forbidden" : "Bad Request"
    sendHtml(res, status, `<!DOCTYPE html><html><head><title>${status} : ${reason}</title></head></html>`)
  }
}

const sendFile = (root: string, rawPath: string, req: IncomingMessage, res: ServerResponse): void => {
  let path: string
  try {
    path = apiPath(decodeURIComponent(rawPath))
  } catch {
    throw new JupyterError(400, `${rawPath} is not a valid path`)
  }
  if (isHidden(path)) throw new JupyterError(404, "Not Found")
  const os = osPath(root, path)
  let st: Stats
  try {
    st = statSync(os)
  } catch {
    throw new JupyterError(404, "Not Found")
  }
  if (!st.isFile()) throw new JupyterError(403, `${path} is not a file`)
  const range = rangeOf(req.headers.range, st.size)
  const headers: Record<string, string | number> = {
    "Content-Type": TYPES[extname(path).toLowerCase()] ?? "application/octet-stream",
    "Accept-Ranges": "bytes",
    "Last-Modified": st.mtime.toUTCString(),
    "Cache-Control": "no-cache",
  }
  if (range === "past") {
    res.writeHead(416, { ...headers, "Content-Range": `bytes */${st.size}`, "Content-Length": 0 })
    res.end()
    return
  }
  const { start, end } = range ?? { start: 0, end: st.size - 1 }
  const length = Math.max(0, end - start + 1)
  res.writeHead(range === undefined ? 200 : 206, {
    ...headers,
    "Content-Length": length,
    ...(range !== undefined ? { "Content-Range": `bytes ${start}-${end}/${st.size}` } : {}),
  })
  if (req.method === "HEAD" || length === 0) {
    res.end()
    return
  }
  createReadStream(os, { start, end }).pipe(res)
}
