import type { IncomingMessage, ServerResponse } from "node:http"
import type { Emu } from "./context.js"
import { sendJson } from "./http.js"
import type { HarborRepo, Registry } from "./state/types.js"

const PROJECT = "inspire-studio"
const unauthorized = (res: ServerResponse) =>
  sendJson(
    res,
    401,
    { errors: [{ code: "UNAUTHORIZED", message: "unauthorized" }] },
    { "WWW-Authenticate": 'Basic realm="harbor"' },
  )
const missing = (res: ServerResponse, what: string) =>
  sendJson(res, 404, { errors: [{ code: "NOT_FOUND", message: what }] })

/** Robot accounts are per registry: a qb robot is a stranger on sj. */
const authorised = (emu: Emu, registry: Registry, header: string | undefined): boolean => {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? "")
  if (!m?.[1]) return false
  const decoded = Buffer.from(m[1], "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  const user = decoded.slice(0, colon)
  const pass = decoded.slice(colon + 1)
  return emu.store.state.users.some((u) => u.harbor[registry].username === user && u.harbor[registry].password === pass)
}

/** Repository names arrive encoded once (as H sends) or twice (as Harbor wants for names with `/`). */
const repoName = (segment: string): string => {
  let name = decodeURIComponent(segment)
  if (/%2f/i.test(name)) name = decodeURIComponent(name)
  return `${PROJECT}/${name}`
}

const repoView = (r: HarborRepo, i: number) => ({
  id: i + 1,
  project_id: 2,
  name: r.name,
  description: r.description,
  artifact_count: r.artifacts.length,
  pull_count: r.pullCount,
  creation_time: r.artifacts[r.artifacts.length - 1]?.pushTime ?? r.updateTime,
  update_time: r.updateTime,
})

const paged = <T>(items: T[], q: URLSearchParams): T[] => {
  const size = Math.max(1, Number(q.get("page_size") ?? 10) || 10)
  const pageNo = Math.max(1, Number(q.get("page") ?? 1) || 1)
  return items.slice((pageNo - 1) * size, pageNo * size)
}

/** The Harbor REST subset of §4.16, at `/harbor/{qb|sj}/api/v2.0/...`. */
export const handleHarbor = (emu: Emu, req: IncomingMessage, res: ServerResponse, url: URL, raw: string) => {
  const m = /^\/harbor\/(qb|sj)(\/api\/v2\.0\/.*)$/.exec(url.pathname)
  if (!m) return missing(res, "not found")
  const registry = m[1] as Registry
  const path = m[2] ?? ""
  const backed = emu.harborBackends[registry]
  if (backed !== undefined) return backed.handle(req, res, path, url.searchParams, raw)
  if (!authorised(emu, registry, req.headers.authorization)) return unauthorized(res)
  const repos = emu.store.state.harbor.filter((r) => r.registry === registry)
  const q = url.searchParams
  if (req.method === "GET" && path === "/api/v2.0/projects") {
    const project = { project_id: 2, name: PROJECT, repo_count: repos.length, metadata: { public: "false" } }
    return sendJson(res, 200, paged([project], q), { "X-Total-Count": "1" })
  }
  const parts = path.split("/")
  // ["", "api", "v2.0", "projects", <project>, "repositories", <repo>?, "artifacts"?]
  if (parts[3] !== "projects" || parts[5] !== "repositories") return missing(res, "not found")
  if (parts[4] !== PROJECT) return missing(res, `project ${parts[4] ?? ""} not found`)
  if (req.method === "GET" && parts.length === 6) {
    const keyword = /^name=~(.*)$/.exec(q.get("q") ?? "")?.[1] ?? ""
    const hits = repos
      .filter((r) => r.name.includes(keyword))
      .sort((a, b) =>
        q.get("sort") === "-update_time" ? b.updateTime.localeCompare(a.updateTime) : a.name.localeCompare(b.name),
      )
    return sendJson(res, 200, paged(hits, q).map(repoView), { "X-Total-Count": String(hits.length) })
  }
  const repo = repos.find((r) => r.name === repoName(parts[6] ?? ""))
  if (!repo) return missing(res, `repository ${repoName(parts[6] ?? "")} not found`)
  if (req.method === "GET" && parts.length === 8 && parts[7] === "artifacts") {
    const items = repo.artifacts.map((a) => ({
      digest: a.digest,
      size: a.size,
      push_time: a.pushTime,
      tags: a.tags.map((name) => ({ name, push_time: a.pushTime })),
    }))
    return sendJson(res, 200, paged(items, q), { "X-Total-Count": String(items.length) })
  }
  if (req.method === "PUT" && parts.length === 7) {
    let body: { description?: unknown } = {}
    try {
      body = JSON.parse(raw || "{}") as { description?: unknown }
    } catch {
      return sendJson(res, 400, { errors: [{ code: "BAD_REQUEST", message: "invalid JSON body" }] })
    }
    if (typeof body.description === "string") repo.description = body.description
    repo.updateTime = new Date(emu.clock.now()).toISOString()
    emu.store.changed()
    return sendJson(res, 200, {})
  }
  return missing(res, "not found")
}

/** What a `docker push` would leave behind; the emulator has no registry protocol, so tests push here. */
export const simulatePush = (emu: Emu, registry: Registry, name: string, tag: string, size: number): HarborRepo => {
  const full = `${PROJECT}/${name}`
  let repo = emu.store.state.harbor.find((r) => r.registry === registry && r.name === full)
  const now = new Date(emu.clock.now()).toISOString()
  if (!repo) {
    repo = { registry, name: full, description: "", pullCount: 0, updateTime: now, artifacts: [] }
    emu.store.state.harbor.push(repo)
  }
  const digest = `sha256:${Buffer.from(`${full}:${tag}:${now}`).toString("hex").padEnd(64, "0").slice(0, 64)}`
  repo.artifacts.unshift({ digest, size, pushTime: now, tags: [tag] })
  repo.updateTime = now
  for (const i of emu.store.state.images) {
    if (i.registry === registry && i.name === name && i.version === tag && i.status === "BUILDING") i.status = "READY"
  }
  emu.store.changed()
  return repo
}
