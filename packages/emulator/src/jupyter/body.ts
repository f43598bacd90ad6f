// The body of a request to a notebook's Jupyter server: read whole up to the size the server takes, and
// read as the JSON object its API expects.
import type { IncomingMessage } from "node:http"
import { JupyterError, MAX_CONTENT_BYTES } from "./sandbox.js"

// A base64 body is 4/3 of its bytes, plus the JSON around it.
export const MAX_BODY_BYTES = Math.ceil((MAX_CONTENT_BYTES * 4) / 3) + 64 * 1024

/** The body as text; a body past the limit is refused with 413, as the server refuses it. */
export const readLimited = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0)
    if (declared > MAX_BODY_BYTES) return reject(new JupyterError(413, "Request body too large"))
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners("data")
        req.resume()
        return reject(new JupyterError(413, "Request body too large"))
      }
      chunks.push(c)
    })
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

/** A JSON object body; an empty body is an empty object. */
export const jsonBody = (raw: string): Record<string, unknown> => {
  if (raw.trim() === "") return {}
  try {
    const body = JSON.parse(raw) as unknown
    if (body !== null && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>
  } catch {
    // fall through
  }
  throw new JupyterError(400, "Invalid JSON in body of request")
}
