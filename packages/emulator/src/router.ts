import type { Handler } from "./context.js"
import type { Shape } from "./validate.js"

export interface Route {
  method: string
  path: string
  /** Allowed request fields; absent means the endpoint takes no body or is lenient. */
  shape?: Shape
  handler: Handler
}

export const route = (method: string, path: string, shape: Shape | undefined, handler: Handler): Route =>
  shape ? { method, path, shape, handler } : { method, path, handler }

export const matchRoute = (
  routes: Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined => {
  const parts = path.split("/")
  for (const r of routes) {
    if (r.method !== method) continue
    const pattern = r.path.split("/")
    if (pattern.length !== parts.length) continue
    const params: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i] ?? ""
      const v = parts[i] ?? ""
      if (p.startsWith(":")) {
        if (v === "") ok = false
        else params[p.slice(1)] = decodeURIComponent(v)
      } else if (p !== v) ok = false
      if (!ok) break
    }
    if (ok) return { route: r, params }
  }
  return undefined
}
