import { readFileSync } from "node:fs"
import type { IncomingMessage, ServerResponse } from "node:http"
import { sendJson } from "./http.js"
import type { Registry } from "./state/types.js"

/** A real registry (Docker Registry HTTP API v2) that stands behind one emulated Harbor. */
export interface HarborBackend {
  /** e.g. http://127.0.0.1:5055 */
  url: string
  /** The registry's account; it is also the only robot account this Harbor accepts. */
  username: string
  password: string
}

/** A backend per registry; a registry without one keeps the fixture's in-memory Harbor. */
export type HarborBackendOptions = Partial<Record<Registry, HarborBackend>>

const PROJECT = "inspire-studio"
const MANIFEST_TYPES = [
  "application/vnd.docker.distribution.manifest.v2+json",
  "application/vnd.oci.image.manifest.v1+json",
  "application/vnd.docker.distribution.manifest.list.v2+json",
  "application/vnd.oci.image.index.v1+json",
].join(", ")

interface Artifact {
  digest: string
  size: number
  pushTime: string
  tags: string[]
}

class BackendError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const basic = (b: HarborBackend) => `Basic ${Buffer.from(`${b.username}:${b.password}`).toString("base64")}`

const sameAccount = (b: HarborBackend, header: string | undefined): boolean => {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? "")
  if (!m?.[1]) return false
  return Buffer.from(m[1], "base64").toString("utf8") === `${b.username}:${b.password}`
}

const fail = (res: ServerResponse, status: number, code: string, message: string) =>
  sendJson(res, status, { errors: [{ code, message }] })

const paged = <T>(items: T[], q: URLSearchParams): T[] => {
  const size = Math.max(1, Number(q.get("page_size") ?? 10) || 10)
  const page = Math.max(1, Number(q.get("page") ?? 1) || 1)
  return items.slice((page - 1) * size, page * size)
}

/** Repository names arrive encoded once or twice; `/` inside a name is kept. */
const repoName = (segment: string): string => {
  let name = decodeURIComponent(segment)
  if (/%2f/i.test(name)) name = decodeURIComponent(name)
  return `${PROJECT}/${name}`
}

/**
 * Harbor's REST subset answered from a real registry's catalog, tags and manifests, so a test can
 * push with a real engine and read the result back the way a client reads Harbor. Registries know
 * no push time or description: the first time a digest is seen stands in for the push time, and
 * descriptions live in memory.
 */
export class BackedHarbor {
  private readonly firstSeen = new Map<string, string>()
  private readonly descriptions = new Map<string, string>()

  constructor(
    private readonly backend: HarborBackend,
    private readonly now: () => number,
  ) {}

  private async registry(path: string, accept?: string): Promise<Response | undefined> {
    let res: Response
    try {
      res = await fetch(`${this.backend.url.replace(/\/$/, "")}${path}`, {
        headers: { authorization: basic(this.backend), ...(accept !== undefined ? { accept } : {}) },
        signal: AbortSignal.timeout(10_000),
      })
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e instanceof Error ? e.message : String(e))
      throw new BackendError(503, `registry ${this.backend.url} unreachable (${cause})`)
    }
    if (res.status === 404) return undefined
    if (res.status === 401) throw new BackendError(502, `registry ${this.backend.url} rejected the backend account`)
    if (!res.ok) throw new BackendError(502, `registry ${this.backend.url} answered HTTP ${res.status}`)
    return res
  }

  private async repositories(): Promise<string[]> {
    const names: string[] = []
    let next: string | undefined = "/v2/_catalog?n=1000"
    while (next !== undefined) {
      const res = await this.registry(next)
      if (res === undefined) break
      const body = (await res.json()) as { repositories?: string[] | null }
      names.push(...(body.repositories ?? []))
      next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1]
    }
    return names.filter((n) => n.startsWith(`${PROJECT}/`))
  }

  private async artifacts(repo: string): Promise<Artifact[] | undefined> {
    const listed = await this.registry(`/v2/${repo}/tags/list`)
    if (listed === undefined) return undefined
    const tags = ((await listed.json()) as { tags?: string[] | null }).tags ?? []
    const byDigest = new Map<string, Artifact>()
    for (const tag of [...tags].sort()) {
      const res = await this.registry(`/v2/${repo}/manifests/${encodeURIComponent(tag)}`, MANIFEST_TYPES)
      if (res === undefined) continue
      const text = await res.text()
      const digest = res.headers.get("docker-content-digest") ?? ""
      const manifest = JSON.parse(text) as {
        config?: { size?: number }
        layers?: { size?: number }[]
        manifests?: { size?: number }[]
      }
      const parts = [manifest.config, ...(manifest.layers ?? []), ...(manifest.manifests ?? [])]
      const size = Buffer.byteLength(text) + parts.reduce((n, p) => n + (p?.size ?? 0), 0)
      const key = `${repo}@${digest}`
      if (!this.firstSeen.has(key)) this.firstSeen.set(key, new Date(this.now()).toISOString())
      const known = byDigest.get(digest)
      if (known !== undefined) known.tags.push(tag)
      else byDigest.set(digest, { digest, size, pushTime: this.firstSeen.get(key) ?? "", tags: [tag] })
    }
    return [...byDigest.values()].sort((a, b) => b.pushTime.localeCompare(a.pushTime))
  }

  private async repoView(name: string, i: number) {
    const artifacts = (await this.artifacts(name)) ?? []
    const times = artifacts.map((a) => a.pushTime).sort()
    return {
      id: i + 1,
      project_id: 2,
      name,
      description: this.descriptions.get(name) ?? "",
      artifact_count: artifacts.length,
      pull_count: 0,
      creation_time: times[0] ?? "",
      update_time: times.at(-1) ?? "",
    }
  }

  /** Serves `/api/v2.0/...` (the path after the registry prefix). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, raw: string) {
    try {
      if (!sameAccount(this.backend, req.headers.authorization))
        return sendJson(
          res,
          401,
          { errors: [{ code: "UNAUTHORIZED", message: "unauthorized" }] },
          { "WWW-Authenticate": 'Basic realm="harbor"' },
        )
      if (req.method === "GET" && path === "/api/v2.0/projects") {
        const repoCount = (await this.repositories()).length
        const project = { project_id: 2, name: PROJECT, repo_count: repoCount, metadata: { public: "false" } }
        return sendJson(res, 200, paged([project], query), { "X-Total-Count": "1" })
      }
      const parts = path.split("/")
      if (parts[3] !== "projects" || parts[5] !== "repositories") return fail(res, 404, "NOT_FOUND", "not found")
      if (parts[4] !== PROJECT) return fail(res, 404, "NOT_FOUND", `project ${parts[4] ?? ""} not found`)
      if (req.method === "GET" && parts.length === 6) {
        const keyword = /^name=~(.*)$/.exec(query.get("q") ?? "")?.[1] ?? ""
        const names = (await this.repositories()).filter((n) => n.includes(keyword))
        const views = await Promise.all(names.map((n, i) => this.repoView(n, i)))
        views.sort((a, b) =>
          query.get("sort") === "-update_time"
            ? b.update_time.localeCompare(a.update_time)
            : a.name.localeCompare(b.name),
        )
        return sendJson(res, 200, paged(views, query), { "X-Total-Count": String(views.length) })
      }
      const name = repoName(parts[6] ?? "")
      if (req.method === "GET" && parts.length === 8 && parts[7] === "artifacts") {
        const artifacts = await this.artifacts(name)
        if (artifacts === undefined || artifacts.length === 0)
          return fail(res, 404, "NOT_FOUND", `repository ${name} not found`)
        const items = artifacts.map((a) => ({
          digest: a.digest,
          size: a.size,
          push_time: a.pushTime,
          tags: a.tags.map((t) => ({ name: t, push_time: a.pushTime })),
        }))
        return sendJson(res, 200, paged(items, query), { "X-Total-Count": String(items.length) })
      }
      if (req.method === "PUT" && parts.length === 7) {
        if ((await this.artifacts(name)) === undefined)
          return fail(res, 404, "NOT_FOUND", `repository ${name} not found`)
        let body: { description?: unknown }
        try {
          body = JSON.parse(raw || "{}") as { description?: unknown }
        } catch {
          return fail(res, 400, "BAD_REQUEST", "invalid JSON body")
        }
        if (typeof body.description === "string") this.descriptions.set(name, body.description)
        return sendJson(res, 200, {})
      }
      return fail(res, 404, "NOT_FOUND", "not found")
    } catch (e) {
      if (res.headersSent) return res.destroy()
      if (e instanceof BackendError) return fail(res, e.status, "BACKEND", e.message)
      return fail(res, 500, "INTERNAL", e instanceof Error ? e.message : String(e))
    }
  }
}

const isBackend = (v: unknown): v is HarborBackend => {
  const b = v as Partial<HarborBackend> | null
  return (
    typeof b === "object" &&
    b !== null &&
    typeof b.url === "string" &&
    /^https?:\/\//.test(b.url) &&
    typeof b.username === "string" &&
    typeof b.password === "string"
  )
}

/**
 * Reads backends from a JSON file: `{qb?: {url, username, password}, sj?: …}`, or an object holding
 * that under `harborBackends` (the env file of scripts/docker-env.sh). Throws a one-line reason.
 */
export const readHarborBackends = (file: string): HarborBackendOptions => {
  let parsed: Record<string, unknown>
  try {
    parsed = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>
  } catch (e) {
    // JSON.parse quotes the text it choked on, and this file holds passwords: say only where.
    throw new Error(e instanceof SyntaxError ? `${file} is not valid JSON` : `${file} cannot be read`)
  }
  const root = (typeof parsed.harborBackends === "object" ? parsed.harborBackends : parsed) as Record<string, unknown>
  const out: HarborBackendOptions = {}
  for (const registry of ["qb", "sj"] as const) {
    const value = root[registry]
    if (value === undefined) continue
    if (!isBackend(value)) throw new Error(`${file}: ${registry} needs {url: "http(s)://…", username, password}`)
    out[registry] = value
  }
  if (out.qb === undefined && out.sj === undefined) throw new Error(`${file} names no qb or sj backend`)
  return out
}
