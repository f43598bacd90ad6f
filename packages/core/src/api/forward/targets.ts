import type { Lab } from "../jupyter/lab.js"
import type { RelayTarget } from "./relay.js"

/**
 * A port of a notebook through its Jupyter server's port proxy, `<lab>/proxy/<port>/` (INSPIRE-API.md
 * §4.17; the notebook must have been created with `allow_ssh`): a local path `/x?y` is `<lab>/proxy/<port>/x?y`,
 * sent with the notebook's token (`Authorization: token …`), which the relay masks in what comes back.
 */
export const notebookTarget = (lab: Lab, port: number): RelayTarget => ({
  url: (path) => `${lab.base}/proxy/${port}${path.startsWith("/") ? path : `/${path}`}`,
  headers: { authorization: `token ${lab.token}` },
  secret: lab.token,
  ...(lab.proxy !== undefined ? { proxy: lab.proxy } : {}),
})

/**
 * A serving's OpenAI-compatible server through its access URL (which ends in its OpenAI base, `…/v1`):
 * a local `/v1/models` is `<access_url>/models`, any other path is below the access URL's root. Nothing
 * of the platform's credentials is sent (it is the user's own server, as `serve health` reaches it); the
 * local client's own headers (an API key the engine was started with) pass through.
 */
export const servingTarget = (accessUrl: string, proxy?: Lab["proxy"]): RelayTarget => {
  const root = accessUrl.replace(/\/+$/, "")
  const origin = root.replace(/\/v1$/, "")
  return {
    url: (path) => {
      const p = path.startsWith("/") ? path : `/${path}`
      const v1 = /^\/v1(?=[/?]|$)/.exec(p)
      return v1 !== null ? `${root}${p.slice(3)}` : `${origin}${p}`
    },
    headers: {},
    ...(proxy !== undefined ? { proxy } : {}),
  }
}
