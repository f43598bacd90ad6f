import { it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import { describe, expect } from "vitest"
import { type HttpRequest, Transport, type TransportOptions } from "../../src/platform/transport.js"
import { closedPort, startProxy, startServer } from "./servers.js"

const fast: TransportOptions = {
  retry: { attempts: 3, baseDelay: "1 millis", maxDelay: "5 millis" },
  rateLimit: { perSecond: 1000, burst: 1000 },
  proxy: { env: {} },
}

const send = (req: HttpRequest, options: TransportOptions = fast) =>
  Effect.flatMap(Transport, (t) => t.send(req)).pipe(Effect.provide(Transport.layer(options)), Effect.scoped)

const withServer = <A, E>(
  handler: Parameters<typeof startServer>[0],
  body: (s: Awaited<ReturnType<typeof startServer>>) => Effect.Effect<A, E>,
) =>
  Effect.acquireUseRelease(
    Effect.promise(() => startServer(handler)),
    body,
    (s) => Effect.promise(() => s.close()),
  )

describe("Transport", () => {
  it.live("retries an idempotent request after 503 and returns the success", () =>
    withServer(
      (_req, res, n) => {
        res.writeHead(n < 3 ? 503 : 200, { "content-type": "application/json" })
        res.end(n < 3 ? "busy" : '{"code":0}')
      },
      (s) =>
        Effect.gen(function* () {
          const res = yield* send({ method: "POST", url: `${s.url}/detail`, body: "{}", idempotent: true })
          expect(res.status).toBe(200)
          expect(res.attempts).toBe(3)
          expect(s.hits.get("/detail")).toBe(3)
        }),
    ),
  )

  it.live("retries a read after a CDN's origin errors (520–524, 529) as after 502; never a create", () =>
    withServer(
      (req, res, n) => {
        const status = Number(req.url?.split("/")[1])
        res.writeHead(n < 2 || req.url?.endsWith("create") ? status : 200, { "content-type": "text/html" })
        res.end(n < 2 ? "<html>origin error</html>" : '{"code":0}')
      },
      (s) =>
        Effect.gen(function* () {
          for (const status of [502, 520, 521, 522, 523, 524, 529]) {
            const read = yield* send({ method: "GET", url: `${s.url}/${status}/detail`, idempotent: true })
            expect(read.status, String(status)).toBe(200)
            expect(s.hits.get(`/${status}/detail`), String(status)).toBe(2)
            const create = yield* send({
              method: "POST",
              url: `${s.url}/${status}/create`,
              body: "{}",
              idempotent: false,
            })
            expect(create.status).toBe(status)
            expect(s.hits.get(`/${status}/create`)).toBe(1)
          }
        }),
    ),
  )

  it.live("never resends a create after a 5xx", () =>
    withServer(
      (_req, res) => {
        res.writeHead(502)
        res.end()
      },
      (s) =>
        Effect.gen(function* () {
          const res = yield* send({ method: "POST", url: `${s.url}/create`, body: "{}", idempotent: false })
          expect(res.status).toBe(502)
          expect(s.hits.get("/create")).toBe(1)
        }),
    ),
  )

  it.live("resends even a create after 429, waiting as Retry-After says", () =>
    withServer(
      (_req, res, n) => {
        if (n === 1) {
          res.writeHead(429, { "retry-after": "1", "content-type": "text/html" })
          res.end("<html><body>429 Too Many Requests</body></html>")
          return
        }
        res.writeHead(200)
        res.end("{}")
      },
      (s) =>
        Effect.gen(function* () {
          const started = Date.now()
          const res = yield* send({ method: "POST", url: `${s.url}/create`, body: "{}", idempotent: false })
          expect(res.status).toBe(200)
          expect(s.hits.get("/create")).toBe(2)
          expect(Date.now() - started).toBeGreaterThanOrEqual(950)
        }),
    ),
  )

  it.live("treats a reset as ambiguous: retried for reads, reported for creates", () =>
    withServer(
      (req, res, n) => {
        if (req.url === "/create" || n === 1) {
          req.socket.destroy()
          return
        }
        res.writeHead(200)
        res.end("ok")
      },
      (s) =>
        Effect.gen(function* () {
          const read = yield* send({ method: "GET", url: `${s.url}/list`, idempotent: true })
          expect(read.body).toBe("ok")
          const create = yield* Effect.either(
            send({ method: "POST", url: `${s.url}/create`, body: "{}", idempotent: false }),
          )
          expect(Either.isLeft(create) && create.left).toMatchObject({ kind: "reset", delivered: "maybe", attempts: 1 })
          expect(s.hits.get("/create")).toBe(1)
        }),
    ),
  )

  it.live("reports a refused connection as not delivered, after retrying even a create", () =>
    Effect.gen(function* () {
      const port = yield* Effect.promise(() => closedPort())
      const failure = yield* Effect.flip(
        send({ method: "POST", url: `http://127.0.0.1:${port}/x`, body: "{}", idempotent: false }),
      )
      expect(failure).toMatchObject({ kind: "unreachable", delivered: "no", code: "ECONNREFUSED", attempts: 3 })
      expect(failure.host).toBe(`127.0.0.1:${port}`)
      const capped = yield* Effect.flip(
        send(
          { method: "GET", url: `http://127.0.0.1:${port}/x`, idempotent: true },
          {
            ...fast,
            retry: { ...fast.retry, attempts: 5, unreachableAttempts: 2 } as TransportOptions["retry"] & object,
          },
        ),
      )
      expect(capped.attempts).toBe(2)
    }),
  )

  it.live("times out a request that gets no answer", () =>
    withServer(
      () => undefined,
      (s) =>
        Effect.gen(function* () {
          const failure = yield* Effect.flip(
            send({ method: "POST", url: `${s.url}/slow`, body: "{}", idempotent: false, timeout: "150 millis" }),
          )
          expect(failure).toMatchObject({ kind: "timeout", delivered: "maybe" })
        }),
    ),
  )

  it.live("returns redirects instead of following them", () =>
    withServer(
      (_req, res) => {
        res.writeHead(302, { location: "https://keycloak.example/auth", "set-cookie": ["a=1; Path=/", "b=2"] })
        res.end()
      },
      (s) =>
        Effect.gen(function* () {
          const res = yield* send({ method: "GET", url: `${s.url}/api/v1/user/detail`, idempotent: true })
          expect(res.status).toBe(302)
          expect(res.headers.location).toBe("https://keycloak.example/auth")
          expect(res.setCookies).toEqual(["a=1; Path=/", "b=2"])
          expect(s.hits.get("/api/v1/user/detail")).toBe(1)
        }),
    ),
  )

  it.live("goes through the configured proxy, and around it for NO_PROXY hosts", () =>
    Effect.gen(function* () {
      const proxy = yield* Effect.acquireRelease(
        Effect.promise(() => startProxy()),
        (p) => Effect.promise(() => p.close()),
      )
      const server = yield* Effect.acquireRelease(
        Effect.promise(() =>
          startServer((_req, res) => {
            res.writeHead(200)
            res.end("via")
          }),
        ),
        (s) => Effect.promise(() => s.close()),
      )
      const target = new URL(server.url)
      const viaEnv = yield* send(
        { method: "GET", url: `${server.url}/a`, idempotent: true },
        { ...fast, proxy: { env: { HTTP_PROXY: proxy.url, NO_PROXY: "" } } },
      )
      expect(viaEnv.body).toBe("via")
      const viaProfile = yield* send(
        { method: "GET", url: `${server.url}/b`, idempotent: true },
        { ...fast, proxy: { proxy: proxy.url, env: {} } },
      )
      expect(viaProfile.body).toBe("via")
      expect(proxy.seen.filter((l) => l.includes(target.port))).toHaveLength(2)
      const bypass = yield* send(
        { method: "GET", url: `${server.url}/c`, idempotent: true },
        { ...fast, proxy: { env: { HTTP_PROXY: proxy.url, NO_PROXY: "127.0.0.1" } } },
      )
      expect(bypass.body).toBe("via")
      expect(proxy.seen.filter((l) => l.includes(target.port))).toHaveLength(2)
      expect(server.hits.get("/c")).toBe(1)
    }).pipe(Effect.scoped),
  )
})

describe("Transport layer", () => {
  it.live("can be built with defaults", () =>
    Effect.gen(function* () {
      const t = yield* Transport
      expect(typeof t.send).toBe("function")
    }).pipe(Effect.provide(Layer.fresh(Transport.layer())), Effect.scoped),
  )
})
