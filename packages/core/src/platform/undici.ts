// The pieces of undici the client uses. undici's index loads all it has (fetch, WebSocket, caches,
// mocks, interceptors: about 1 MB) before anything runs, which costs every CLI call tens of
// milliseconds (and the MCP server and plugin their first call); these modules are what a keep-alive
// agent, a proxy agent and a request need. The version is pinned in package.json; test/platform
// covers direct and proxied requests.
//
// undici's index also gives every dispatcher its request API (request, connect, stream, …) by
// assigning it to the shared Dispatcher.prototype. Core runs inside long-lived processes (the MCP
// server, the plugin's host) next to other users of undici, so it changes no class it does not own:
// the API goes on the prototypes of the subclasses below, which only core creates.
import type {
  Agent as AgentClass,
  Dispatcher,
  EnvHttpProxyAgent as EnvHttpProxyAgentClass,
  Pool as PoolClass,
  ProxyAgent,
} from "undici"
import api from "undici/lib/api/index.js"
import agent from "undici/lib/dispatcher/agent.js"
import envHttpProxyAgent from "undici/lib/dispatcher/env-http-proxy-agent.js"
import pool from "undici/lib/dispatcher/pool.js"

/** undici's Agent: a pool of keep-alive connections per origin. */
export class Agent extends (agent as typeof AgentClass) {}
Object.assign(Agent.prototype, api)

// The connections to an HTTP(S) proxy: a proxy agent opens its tunnels with their connect().
class TunnelPool extends (pool as typeof PoolClass) {}
Object.assign(TunnelPool.prototype, api)

/** undici's EnvHttpProxyAgent: an Agent that goes through HTTP(S)_PROXY except for NO_PROXY hosts. */
export class EnvHttpProxyAgent extends (envHttpProxyAgent as typeof EnvHttpProxyAgentClass) {
  constructor(options: EnvHttpProxyAgentClass.Options) {
    // Passed on to each ProxyAgent inside (JSON-cloned away by the Agents, which do not use it).
    const tunnels: Pick<ProxyAgent.Options, "clientFactory"> = {
      clientFactory: (origin, opts) => new TunnelPool(origin, opts),
    }
    super({ ...options, ...tunnels })
  }
}
Object.assign(EnvHttpProxyAgent.prototype, api)

type RequestOptions = Omit<Dispatcher.RequestOptions, "origin" | "path"> & { readonly dispatcher: Dispatcher }

/** One request through `dispatcher`, as undici's top-level `request(url, options)` makes it. */
export const request = (url: string, options: RequestOptions): Promise<Dispatcher.ResponseData> => {
  const { dispatcher: through, ...rest } = options
  const target = new URL(url)
  return through.request({ ...rest, origin: target.origin, path: `${target.pathname}${target.search}` })
}
