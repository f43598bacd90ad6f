import type { Emu } from "./context.js"
import { sendHtml, sendJson, sendText } from "./http.js"

/**
 * The Jupyter gateway of running notebooks (its own host on the platform; a path prefix here):
 * `/{workspace}/{project}/{user}/jupyter/{notebook}/{token}/…`, the same segments as the `NB_PREFIX`
 * a notebook sees, plus `/vscode/` for the VS Code variant. Authorised by the notebook's token alone
 * (`?token=` or `Authorization: token …`); no platform cookie is needed.
 */
const GATEWAY = /^\/(ws-[^/]+)\/([^/]+)\/([^/]+)\/(jupyter|vscode)\/([^/]+)\/([^/]+)(\/.*)?$/

export const isGatewayPath = (path: string): boolean => GATEWAY.test(path)

/** The lab URL of a running notebook: the prefix, then `lab?token=`. */
export const labPrefix =
  (base: string, t: { workspaceId: string; projectId: string; userId: string; id: string }) =>
  (token: string, kind: "jupyter" | "vscode" = "jupyter") =>
    `${base}/${t.workspaceId}/${t.projectId}/${t.userId}/${kind}/${t.id}/${token}`

export const handleGateway = (
  emu: Emu,
  path: string,
  query: URLSearchParams,
  authorization: string | undefined,
  res: Parameters<typeof sendText>[0],
) => {
  const m = GATEWAY.exec(path)
  const [, ws, project, user, kind, id, pathToken, rest = "/"] = m ?? []
  const t = emu.store.state.tasks.find((x) => x.id === id && x.kind === "notebook")
  const token = query.get("token") ?? /^token\s+(\S+)$/i.exec(authorization ?? "")?.[1]
  const owned = t !== undefined && t.workspaceId === ws && t.projectId === project && t.userId === user
  if (!owned || t?.phase !== "running") return sendText(res, 404, "404 page not found")
  if (token !== t.extra.token || pathToken !== t.extra.token) return sendText(res, 403, "403 Forbidden")
  if (kind === "vscode") {
    return sendHtml(res, 200, "<!DOCTYPE html><html><head><title>VS Code</title></head><body></body></html>")
  }
  // The Jupyter server's REST API (terminals, contents, …) is not emulated yet: it answers as Jupyter
  // does for a path it does not serve, in JSON, never with the lab's HTML.
  if (rest.startsWith("/api/")) return sendJson(res, 404, { message: "Not Found", reason: null })
  sendHtml(res, 200, "<!DOCTYPE html><html><head><title>JupyterLab</title></head><body></body></html>")
}
