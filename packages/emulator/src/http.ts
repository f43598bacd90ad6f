import type { IncomingMessage, ServerResponse } from "node:http"

export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const data = Buffer.from(JSON.stringify(body), "utf8")
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": data.length,
    ...headers,
  })
  res.end(data)
}

export const sendText = (res: ServerResponse, status: number, text: string, type = "text/plain; charset=utf-8") => {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(text) })
  res.end(text)
}

export const sendHtml = (res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    ...headers,
  })
  res.end(html)
}

export const redirect = (res: ServerResponse, location: string, cookies: string[] = [], status = 302) => {
  const headers: Record<string, string | string[]> = { location, "content-length": "0" }
  if (cookies.length > 0) headers["set-cookie"] = cookies
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
