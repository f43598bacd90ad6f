import { createRequire } from "node:module"
import { describe, expect, it } from "vitest"
import { Agent, EnvHttpProxyAgent, request } from "../../src/platform/undici.js"
import { startProxy, startServer } from "./servers.js"

// The class undici's own modules share: what undici's index would patch, and core must not.
const sharedDispatcher = createRequire(import.meta.url)("undici/lib/dispatcher/dispatcher.js") as {
  prototype: object
}

describe("core's undici pieces", () => {
  it("leave undici's shared Dispatcher class as it was (nothing in this process loads undici's index)", () => {
    for (const method of ["request", "connect", "stream", "pipeline", "upgrade"])
      expect(Object.hasOwn(sharedDispatcher.prototype, method), method).toBe(false)
  })

  it("give the dispatchers core makes the request API, and tunnel through a proxy with it", async () => {
    const target = await startServer((_req, res) => res.end("ok"))
    const proxy = await startProxy()
    const direct = new Agent()
    const proxied = new EnvHttpProxyAgent({ httpProxy: proxy.url, httpsProxy: proxy.url, noProxy: "" })
    try {
      const viaAgent = await request(`${target.url}/direct`, { method: "GET", dispatcher: direct })
      expect(await viaAgent.body.text()).toBe("ok")
      const viaProxy = await request(`${target.url}/proxied`, { method: "GET", dispatcher: proxied })
      expect(await viaProxy.body.text()).toBe("ok")
      expect(proxy.seen).toEqual([`CONNECT ${new URL(target.url).host}`])
    } finally {
      await Promise.all([direct.close(), proxied.close()])
      await Promise.all([target.close(), proxy.close()])
    }
  })
})
