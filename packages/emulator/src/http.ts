import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http"

// The platform's gateway (OpenResty/APISIX) and Harbor send header names in canonical case; Node sends
// them as written, so every answer spells them that way (clients that compare case-sensitively rely on it).
const SPECIAL_CASE: Record<string, string> = { "www-authenticate": "WWW-Authenticate", etag: "ETag" }

/** `content-type` → `Content-Type`, `x-total-count` → `X-Total-Count`. */
const canonicalHeader = (name: string): string => {
  const lower = name.toLowerCase()
  return SPECIAL_CASE[lower] ?? lower.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase())
}

export const canonicalHeaders = (headers: OutgoingHttpHeaders): OutgoingHttpHeaders => {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[canonicalHeader(name)] = value
  return out
}

export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const data = Buffer.from(JSON.stringify(body), "utf8")
  res.writeHead(
    status,
    canonicalHeaders({ "Content-Type": "application/json; charset=utf-8", "Content-Length": data.length, ...headers }),
  )
  res.end(data)
}

export const sendText = (res: ServerResponse, status: number, text: string, type = "text/plain; charset=utf-8") => {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(text) })
  res.end(text)
}

export const sendHtml = (res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) => {
  res.writeHead(
    status,
    canonicalHeaders({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(html),
      ...headers,
    }),
  )
  res.end(html)
}

export const redirect = (res: ServerResponse, location: string, cookies: string[] = [], status = 302) => {
  const headers: Record<string, string | string[]> = { Location: location, "Content-Length": "0" }
  if (cookies.length > 0) headers["Set-Cookie"] = cookies
  res.writeHead(status, headers)
  res.end()
}

export const parseCookies = (header: string | undefined): Map<string, string> => {
  const jar = new Map<string, string>()
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=")
    if (eq <= 0) continue
    jar.set(part.slice(0, eq).trim(), decodeURIComponent(part.slice(eq + 1).trim()))
  }
  return jar
}

export const parseForm = (body: string): Map<string, string> => {
  const form = new Map<string, string>()
  for (const [k, v] of new URLSearchParams(body)) form.set(k, v)
  return form
}

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

export const TOO_MANY_REQUESTS_HTML =
  "<html>\r\n<head><title>429 Too Many Requests</title></head>\r\n<body>\r\n<center><h1>429 Too Many Requests</h1></center>\r\n<hr><center>openresty</center>\r\n</body>\r\n</html>\r\n"
