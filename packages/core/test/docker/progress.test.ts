import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { dockerTarget } from "../../src/docker/connect.js"
import { classifyPushError, redact, redactText } from "../../src/docker/failures.js"
import { formatBytes, type PushEvent, PushTracker } from "../../src/docker/progress.js"
import { targetNames } from "../../src/docker/push.js"
import type { Progress } from "../../src/operations/catalogue/operation.js"
import { renderWords } from "../../src/words/render.js"

// The stream dockerd 20.10 sent for a two-layer push, one layer already in the registry.
const STREAM: PushEvent[] = [
  { status: "The push refers to repository [127.0.0.1:5055/inspire-studio/x]" },
  { status: "Preparing", progressDetail: {}, id: "aaaaaaaaaaaa1" },
  { status: "Preparing", progressDetail: {}, id: "bbbbbbbbbbbb2" },
  { status: "Layer already exists", progressDetail: {}, id: "bbbbbbbbbbbb2" },
  { status: "Pushing", progressDetail: { current: 33792, total: 1982256 }, id: "aaaaaaaaaaaa1" },
  { status: "Pushing", progressDetail: { current: 900000, total: 1982256 }, id: "aaaaaaaaaaaa1" },
  { status: "Pushing", progressDetail: { current: 1984512, total: 1982256 }, id: "aaaaaaaaaaaa1" },
  { status: "Pushed", progressDetail: {}, id: "aaaaaaaaaaaa1" },
  { status: "v1: digest: sha256:ca8d size: 528" },
  { progressDetail: {}, aux: { Tag: "v1", Digest: "sha256:ca8d", Size: 528 } },
]

describe("the push progress tracker", () => {
  it("turns the stream into per-layer byte progress and a summary", () => {
    const seen: Progress[] = []
    let t = 0
    const tracker = new PushTracker(
      (p) => seen.push(p),
      () => t,
      100,
    )
    for (const e of STREAM) {
      t += 500
      tracker.feed(e)
    }
    expect(seen.map((p) => renderWords(p.message, "library"))).toEqual([
      "layer aaaaaaaaaaaa: waiting",
      "layer bbbbbbbbbbbb: waiting",
      "layer bbbbbbbbbbbb: already in the registry",
      "layer aaaaaaaaaaaa: pushing 33.8 kB / 1.98 MB",
      "layer aaaaaaaaaaaa: pushing 900 kB / 1.98 MB",
      "layer aaaaaaaaaaaa: pushing 1.98 MB / 1.98 MB",
      "layer aaaaaaaaaaaa: pushed 1.98 MB",
    ])
    expect(seen.at(-1)).toMatchObject({ current: 1982256, total: 1982256 })
    expect(tracker.outcome()).toEqual({ kind: "pushed", digest: "sha256:ca8d", manifestSize: 528 })
    expect(tracker.summary()).toEqual({ total: 2, pushed: 1, existing: 1, bytesPushed: 1982256 })
  })

  it("reports byte updates of one layer at most every interval, state changes always", () => {
    const seen: Progress[] = []
    const tracker = new PushTracker(
      (p) => seen.push(p),
      () => 0,
      100,
    )
    tracker.feed({ status: "Pushing", progressDetail: { current: 1, total: 10 }, id: "c" })
    tracker.feed({ status: "Pushing", progressDetail: { current: 2, total: 10 }, id: "c" })
    tracker.feed({ status: "Pushed", progressDetail: {}, id: "c" })
    expect(seen.map((p) => renderWords(p.message, "library"))).toEqual([
      "layer c: pushing 1 B / 10 B",
      "layer c: pushed 10 B",
    ])
  })

  it("keeps the first error, and calls a stream without a digest interrupted", () => {
    const failed = new PushTracker(() => undefined)
    failed.feed({ errorDetail: { message: "unauthorized: authentication required" }, error: "x" })
    failed.feed({ aux: { Digest: "sha256:1" } })
    expect(failed.outcome()).toEqual({ kind: "failed", message: "unauthorized: authentication required" })
    const cut = new PushTracker(() => undefined)
    cut.feed({ status: "Pushing", progressDetail: { current: 5, total: 10 }, id: "d" })
    expect(cut.outcome()).toEqual({ kind: "interrupted" })
  })

  it("formats bytes as docker prints them", () => {
    expect([999, 1000, 33792, 1982256, 12_345_678_901].map(formatBytes)).toEqual([
      "999 B",
      "1.00 kB",
      "33.8 kB",
      "1.98 MB",
      "12.3 GB",
    ])
  })
})

describe("push failures", () => {
  const where = {
    registry: "qb" as const,
    host: "docker-qb.sii.edu.cn",
    target: "docker-qb.sii.edu.cn/inspire-studio/x:v1",
  }
  it.each([
    ["unauthorized: authentication required", "RegistryAuthFailed", false],
    ["no basic auth credentials", "RegistryAuthFailed", false],
    ["denied: requested access to the resource is denied", "Forbidden", false],
    [
      "denied: adding 1.2 GiB of storage resource, which when updated to current usage of 9 GiB will exceed the configured upper limit of 10 GiB.",
      "Forbidden",
      false,
    ],
    [
      'Get "https://docker-qb.sii.edu.cn/v2/": dial tcp: lookup docker-qb.sii.edu.cn: no such host',
      "PlatformUnreachable",
      true,
    ],
    [
      'Get "http://127.0.0.1:5055/v2/": dial tcp 127.0.0.1:5055: connect: connection refused',
      "PlatformUnreachable",
      true,
    ],
    ["x509: certificate signed by unknown authority", "PlatformUnreachable", false],
    ["received unexpected HTTP status: 502 Bad Gateway", "PlatformError", true],
    ["unexpected EOF", "PlatformUnreachable", true],
    ["An image does not exist locally with the tag: x", "NotFound", true],
  ])("%s → %s", (message, reason, retryable) => {
    const e = classifyPushError(message, where, [])
    expect(e.reason).toBe(reason)
    expect(e.retryable ?? false).toBe(retryable)
    expect(renderWords(e.hint, "mcp").length).toBeGreaterThan(20)
  })

  it("gives the campus/VPN hint for an unreachable registry", () => {
    expect(renderWords(classifyPushError("dial tcp 10.0.0.1:443: i/o timeout", where, []).hint, "mcp")).toMatch(
      /campus network or the VPN/,
    )
  })

  it("redacts secrets the engine might echo", () => {
    expect(redact("bad login s3cretpw for s3cretpw", ["s3cretpw"])).toBe("bad login *** for ***")
    expect(classifyPushError("unauthorized: s3cretpw", where, ["s3cretpw"]).message).not.toContain("s3cretpw")
    // Through a text too, in every language: its plain parts and its messages' values.
    const said = redactText(classifyPushError("unauthorized: s3cretpw", where, []).text, ["s3cretpw"])
    for (const lang of ["en", "zh-CN"] as const) {
      expect(renderWords(said, "mcp", lang)).not.toContain("s3cretpw")
      expect(renderWords(said, "mcp", lang)).toContain("unauthorized: ***")
    }
  })
})

describe("DOCKER_HOST", () => {
  const target = (env: NodeJS.ProcessEnv) => Effect.runSync(Effect.either(dockerTarget(env)))

  it("reads unix, tcp and the default socket", () => {
    expect(target({})).toEqual(
      Either.right({
        options: { socketPath: "/var/run/docker.sock" },
        where: expect.anything(),
        fromEnv: false,
      }),
    )
    expect(renderWords(Either.getOrThrow(target({})).where, "mcp")).toContain("the default socket /var/run/docker.sock")
    expect(target({ DOCKER_HOST: "unix:///run/user/1000/docker.sock" })).toEqual(
      Either.right({
        options: { socketPath: "/run/user/1000/docker.sock" },
        where: "DOCKER_HOST=unix:///run/user/1000/docker.sock",
        fromEnv: true,
      }),
    )
    expect(Either.getOrThrow(target({ DOCKER_HOST: "tcp://10.1.2.3:2375" })).options).toEqual({
      host: "10.1.2.3",
      port: 2375,
      protocol: "http",
    })
    expect(Either.getOrThrow(target({ DOCKER_HOST: "tcp://docker.local" })).options).toMatchObject({ port: 2375 })
  })

  it("needs the client certificates when DOCKER_TLS_VERIFY is set", () => {
    const empty = mkdtempSync(join(tmpdir(), "inspire-certs-"))
    const r = target({ DOCKER_HOST: "tcp://10.1.2.3:2376", DOCKER_TLS_VERIFY: "1", DOCKER_CERT_PATH: empty })
    expect(Either.isLeft(r) && r.left.reason).toBe("DockerUnavailable")
    expect(Either.isLeft(r) && r.left.message).toContain(empty)
  })

  it("refuses schemes it cannot use", () => {
    const r = target({ DOCKER_HOST: "ssh://me@host" })
    expect(Either.isLeft(r) && r.left.reason).toBe("InvalidInput")
  })
})

describe("repository name and tag", () => {
  it("come from the local image unless given, and are checked", () => {
    const names = (image: string, name?: string, tag?: string) =>
      targetNames({ image, name, tag }, "docker-qb.sii.edu.cn")
    expect(names("my-train:v1")).toEqual(Either.right({ name: "my-train", tag: "v1" }))
    expect(names("acme/tools/my-train")).toEqual(Either.right({ name: "my-train", tag: "latest" }))
    expect(names("my-train:v1", "other", "v2")).toEqual(Either.right({ name: "other", tag: "v2" }))
    expect(Either.isLeft(names("sha256:8e9f9ad46f7a0b1c"))).toBe(true)
    expect(names("sha256:8e9f9ad46f7a0b1c", "x", "1")).toEqual(Either.right({ name: "x", tag: "1" }))
    const bad = names("my-train:v1", "My_Train")
    expect(Either.isLeft(bad) && bad.left.reason).toBe("InvalidInput")
  })
})
