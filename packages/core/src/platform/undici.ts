// The pieces of undici the client uses. undici's index loads all it has (fetch, WebSocket, caches,
// mocks, interceptors: about 1 MB) before anything runs, which costs every CLI call tens of
// milliseconds; these modules are what a keep-alive agent, a proxy agent and a request need.
// The version is pinned in package.json; test/platform covers direct and proxied requests.
import type { Agent as AgentClass, Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentClass } from "undici"
import api from "undici/lib/api/index.js"
import agent from "undici/lib/dispatcher/agent.js"
import dispatcher from "undici/lib/dispatcher/dispatcher.js"
import envHttpProxyAgent from "undici/lib/dispatcher/env-http-proxy-agent.js"

// As undici's index does: request/connect/… are methods of every dispatcher (the proxy agent
// tunnels with connect()). Idempotent if the index was loaded too: it is the same class.
Object.assign((dispatcher as { prototype: object }).prototype, api)

/** undici's Agent: a pool of keep-alive connections per origin. */
export const Agent = agent as typeof AgentClass

/** undici's EnvHttpProxyAgent: an Agent that goes through HTTP(S)_PROXY except for NO_PROXY hosts. */
export const EnvHttpProxyAgent = envHttpProxyAgent as typeof EnvHttpProxyAgentClass

type RequestOptions = Omit<Dispatcher.RequestOptions, "origin" | "path"> & { readonly dispatcher: Dispatcher }

/** One request through `dispatcher`, as undici's top-level `request(url, options)` makes it. */
export const request = (url: string, options: RequestOptions): Promise<Dispatcher.ResponseData> => {
  const { dispatcher: through, ...rest } = options
  const target = new URL(url)
  return through.request({ ...rest, origin: target.origin, path: `${target.pathname}${target.search}` })
}
