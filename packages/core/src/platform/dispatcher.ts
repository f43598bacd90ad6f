import type { Dispatcher } from "undici"
import { type HttpClient, nodeHttpClient } from "./node-http.js"
import type { request } from "./undici.js"

/** Proxy settings: a profile's proxy, else HTTPS_PROXY / HTTP_PROXY; NO_PROXY always applies. */
export interface ProxySettings {
  readonly proxy?: string
  readonly env?: NodeJS.ProcessEnv
}

const read = (env: NodeJS.ProcessEnv, name: string): string | undefined =>
  (env[name.toLowerCase()] ?? env[name.toUpperCase()])?.trim() || undefined

// undici's SOCKS5 client already sends host names to the proxy (remote DNS), which is what the
// socks5h scheme asks for; it only knows the socks5 spelling.
const normalizeProxy = (url: string): string => url.replace(/^socks5h:/i, "socks5:")

/** The proxy a request to `url` would go through, for doctor output; undefined when direct. */
const describeProxy = (settings: ProxySettings): { readonly http?: string; readonly https?: string } => {
  const env = settings.env ?? process.env
  const http = settings.proxy ?? read(env, "http_proxy")
  const https = settings.proxy ?? read(env, "https_proxy") ?? http
  return { ...(http !== undefined ? { http } : {}), ...(https !== undefined ? { https } : {}) }
}

/** An undici dispatcher and the function that sends a request through it. */
interface UndiciClient {
  readonly dispatcher: Dispatcher
  readonly request: typeof request
}

/**
 * The undici dispatcher for a profile: keep-alive connections, through a proxy when one is set
 * (HTTP, HTTPS or SOCKS5), honouring NO_PROXY. Node's own fetch ignores these variables; this does not.
 * undici is loaded here, on the first client's first use, not when core is imported.
 */
export const makeDispatcher = async (settings: ProxySettings = {}): Promise<UndiciClient> => {
  const { Agent, EnvHttpProxyAgent, request } = await import("./undici.js")
  const env = settings.env ?? process.env
  const proxies = describeProxy(settings)
  const base = { keepAliveTimeout: 10_000, connections: 8 }
  if (proxies.http === undefined && proxies.https === undefined) return { dispatcher: new Agent(base), request }
  const dispatcher = new EnvHttpProxyAgent({
    ...base,
    // "" rather than undefined: undici would otherwise fall back to process.env.
    httpProxy: proxies.http !== undefined ? normalizeProxy(proxies.http) : "",
    httpsProxy: proxies.https !== undefined ? normalizeProxy(proxies.https) : "",
    noProxy: read(env, "no_proxy") ?? "",
  })
  return { dispatcher, request }
}

/**
 * What sends the platform's requests for a profile: Node's own http and https when no proxy is set (the
 * usual case, and the lighter one), else undici's dispatcher through the proxy.
 */
export const makeHttpClient = async (settings: ProxySettings = {}): Promise<HttpClient> => {
  const proxies = describeProxy(settings)
  if (proxies.http === undefined && proxies.https === undefined) return nodeHttpClient()
  const { dispatcher, request } = await makeDispatcher(settings)
  return {
    send: async (exchange, signal, sink) => {
      const res = await request(exchange.url, {
        method: exchange.method as Dispatcher.HttpMethod,
        headers: { ...exchange.headers },
        ...(exchange.body !== undefined ? { body: exchange.body } : {}),
        dispatcher,
        signal,
      })
      const take = sink?.(res.statusCode, res.headers)
      if (take !== undefined) for await (const chunk of res.body) take(chunk as Buffer)
      return { status: res.statusCode, headers: res.headers, body: take === undefined ? await res.body.text() : "" }
    },
    close: () => dispatcher.close().catch(() => undefined),
  }
}
