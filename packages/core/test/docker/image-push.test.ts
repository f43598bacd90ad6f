import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import Docker from "dockerode"
import { Cause, Effect, Exit, Layer, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { saveHarborLogin, saveInspireLogin } from "../../src/auth/save.js"
import { inspireLayer } from "../../src/layer.js"
import { type Invocation, invoke } from "../../src/operations/catalogue/invoke.js"
import type { Progress } from "../../src/operations/catalogue/operation.js"
import { type ImagePushResult, imagePushOperation, imagesOperation } from "../../src/operations/images/index.js"
import { Harbor } from "../../src/platform/harbor.js"
import { Store } from "../../src/store/store.js"
import { renderWords } from "../../src/words/render.js"
import type { Text } from "../../src/words/text.js"
import type { Services } from "../harness.js"
import { buildFreshImage, fresh, useDockerEnv } from "./env.js"

const env = useDockerEnv()
let emu: RunningEmulator
let docker: Docker

const QB_DISPLAY = "docker.sii.shaipower.online"
const SJ_DISPLAY = "docker-t.sii.shaipower.online"

/** Everything any call printed, returned or failed with, for the secret scan at the end. */
const transcript: string[] = []

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true, harborBackends: env.current.harborBackends })
  docker = new Docker({ socketPath: env.current.socket })
}, 30_000)
afterAll(async () => {
  await emu?.close()
})

interface Setup {
  /** Saved Harbor accounts: the env's (verified through the emulator), a wrong one, or none. */
  readonly harbor?: Partial<Record<"qb" | "sj", "right" | "wrong">>
  readonly dockerHost?: string
  /** Push host overrides, e.g. a port where nothing listens. */
  readonly push?: Partial<Record<"qb" | "sj", string>>
  readonly platformLogin?: boolean
}

/** A fresh store whose profile pushes to the env's registries and reads Harbor through the emulator. */
const profile = (setup: Setup = { harbor: { qb: "right", sj: "right" } }) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-push-"))
  const vars: NodeJS.ProcessEnv = {
    INSPIRE_HOME: home,
    SYNERGY_HOME: home,
    INSPIRE_RATE_LIMIT: "1000",
    DOCKER_HOST: setup.dockerHost ?? env.current.dockerHost,
  }
  const regs = env.current.registries
  const endpoint = (id: "qb" | "sj", display: string) => ({
    push: setup.push?.[id] ?? regs[id].address,
    display,
    api: `${emu.url}/harbor/${id}`,
  })
  const layer = Layer.provideMerge(Harbor.layer, inspireLayer({ env: vars }))
  const prepare = Effect.gen(function* () {
    const store = yield* Store
    yield* store.updateConfig((c) =>
      Effect.succeed({
        ...c,
        profiles: {
          default: {
            defaults: {},
            endpoints: {
              baseUrl: emu.url,
              registries: { qb: endpoint("qb", QB_DISPLAY), sj: endpoint("sj", SJ_DISPLAY) },
            },
          },
        },
      }),
    )
  })
  const accounts = Effect.gen(function* () {
    if (setup.platformLogin !== false) yield* saveInspireLogin(emu.demo.username, emu.demo.password)
    for (const id of ["qb", "sj"] as const) {
      const which = setup.harbor?.[id]
      if (which === "right") yield* saveHarborLogin(id, regs[id].username, regs[id].password)
      if (which === "wrong") {
        const store = yield* Store
        yield* store.updateCredentials((c) =>
          Effect.succeed({
            ...c,
            profiles: {
              ...c.profiles,
              default: {
                ...(c.profiles.default ?? { harbor: {} }),
                harbor: {
                  ...(c.profiles.default?.harbor ?? {}),
                  [id]: { username: regs[id].username, password: "not-the-password" },
                },
              },
            },
          }),
        )
      }
    }
  })
  return <A, E>(program: Effect.Effect<A, E, Services>) =>
    Effect.runPromiseExit(
      Effect.scoped(
        Effect.gen(function* () {
          yield* Effect.provide(prepare, Store.layer(vars))
          return yield* Effect.provide(Effect.zipRight(accounts, program), layer)
        }),
      ),
    )
}

type Run = ReturnType<typeof profile>

/** Pushes through the operation as a frontend does, collecting progress. */
const push = async (raw: Record<string, unknown>, run: Run = profile()) => {
  const progress: Progress[] = []
  const exit = await run(invoke(imagePushOperation, raw, { progress: (p) => progress.push(p) }))
  transcript.push(JSON.stringify(progress), JSON.stringify(exit))
  return { exit, progress }
}

const ok = (exit: Exit.Exit<Invocation<ImagePushResult>, unknown>): Invocation<ImagePushResult> => {
  if (Exit.isSuccess(exit)) {
    transcript.push(renderWords(exit.value.text, "mcp"))
    return exit.value
  }
  throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
}

const failure = (exit: Exit.Exit<unknown, unknown>) => {
  if (Exit.isSuccess(exit)) throw new Error(`expected failure, got ${JSON.stringify(exit.value)}`)
  // The push and the registration check run side by side: the cause holds the failure and an interruption.
  const error = Option.getOrUndefined(Cause.failureOption(exit.cause)) as
    | { reason: string; message: string; hint: Text; candidates?: string[]; retryable?: boolean }
    | undefined
  if (error === undefined) throw new Error(`expected a failure: ${String(exit.cause)}`)
  transcript.push(`${error.message} ${renderWords(error.hint, "mcp")}`)
  return error
}

/** The result, as the operation returns it (texts not yet worded), parses with the output schema and keeps every field. */
const conforms = (result: ImagePushResult) => {
  const parsed = imagePushOperation.output.safeParse(result)
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues))
  expect(parsed.data).toEqual(result)
}

/** The tags the real registry holds for a repository (straight from its v2 API). */
const registryTags = async (id: "qb" | "sj", repo: string): Promise<string[]> => {
  const r = env.current.registries[id]
  const res = await fetch(`${r.url}/v2/inspire-studio/${repo}/tags/list`, {
    headers: { authorization: `Basic ${Buffer.from(`${r.username}:${r.password}`).toString("base64")}` },
  })
  if (res.status === 404) return []
  return ((await res.json()) as { tags?: string[] | null }).tags ?? []
}

/** A loopback port with nothing listening on it. */
const deadPort = async (): Promise<number> => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/**
 * Runs `work` holding a lock that other test processes sharing this registry take too: the suites on
 * Node 20 and Node 24 run at once against one registry, and two pushes of one fixed repository and
 * tag at the same moment can make the registry answer 500. A lock left by a killed run is taken after 2 minutes.
 */
const exclusively = async <A>(key: string, work: () => Promise<A>): Promise<A> => {
  const lock = join(tmpdir(), `inspire-test-push-${key.replace(/[^\w.-]/g, "_")}.lock`)
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock)
      break
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > 120_000 || i > 1200) rmSync(lock, { recursive: true, force: true })
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  try {
    return await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

describe("image_push on a real engine and registry", () => {
  it("pushes to qb: display address, registration values, per-layer progress, tag confirmed by Harbor", async () => {
    const name = fresh("push-qb")
    await buildFreshImage(docker, env.current.image, `${name}:v1`)
    const { exit, progress } = await push({ image: `${name}:v1` })
    const r = ok(exit).result
    expect(r).toMatchObject({
      dryRun: false,
      registry: "qb",
      registryFrom: "default",
      name,
      tag: "v1",
      pushedTo: `${env.current.registries.qb.address}/inspire-studio/${name}:v1`,
      address: `${QB_DISPLAY}/inspire-studio/${name}:v1`,
      harbor: { confirmed: true },
      registration: { required: true, page: "启智平台 → 镜像管理 → 新建镜像", imageName: name, version: "v1" },
    })
    expect(r.registration.registered).toBe(false)
    expect(r.digest).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(r.layers?.pushed).toBeGreaterThanOrEqual(1)
    expect(r.layers?.bytesPushed).toBeGreaterThan(1_000_000)
    conforms(r)
    // Per-layer byte progress: the random layer was really uploaded.
    const bytes = progress.filter((p) => /^layer [0-9a-f]{12}: pushing /.test(renderWords(p.message, "mcp")))
    expect(bytes.length).toBeGreaterThan(0)
    expect(bytes.every((p) => (p.current ?? -1) >= 0 && (p.total ?? 0) >= (p.current ?? 0))).toBe(true)
    expect(progress.some((p) => /^layer [0-9a-f]{12}: pushed /.test(renderWords(p.message, "mcp")))).toBe(true)
    expect(await registryTags("qb", name)).toEqual(["v1"])
    const text = renderWords(ok(exit).text, "mcp")
    expect(text).toContain(`Use in jobs:`)
    expect(text).toContain(`${QB_DISPLAY}/inspire-studio/${name}:v1`)
    expect(text).toMatch(/镜像名称:\s+push-qb-/)
    expect(text).toMatch(/版本号:\s+v1/)
    expect(text).toContain("Registration is mandatory")
    // What inspire_images reads through Harbor's REST API (the emulator answering from the registry).
    const listed = await profile()(invoke(imagesOperation, { source: "harbor", registry: "qb", repo: name }))
    if (!Exit.isSuccess(listed)) throw new Error(JSON.stringify(listed.cause))
    if (listed.value.result.source !== "harbor") throw new Error("expected harbor")
    expect(listed.value.result.tags).toEqual([
      expect.objectContaining({ tag: "v1", digest: r.digest, address: r.address, registered: false }),
    ])
  }, 60_000)

  it("pushes to sj for an SJ workspace, with sj's display address", async () => {
    const name = fresh("push-sj")
    await buildFreshImage(docker, env.current.image, `${name}:2.0`, 200_000)
    const r = ok((await push({ image: `${name}:2.0`, workspace: "SJ资源空间", description: "sj test image" })).exit)
    expect(r.result).toMatchObject({
      registry: "sj",
      registryFrom: "workspace",
      pushedTo: `${env.current.registries.sj.address}/inspire-studio/${name}:2.0`,
      address: `${SJ_DISPLAY}/inspire-studio/${name}:2.0`,
      harbor: { confirmed: true, descriptionSet: true },
      registration: { imageName: name, version: "2.0", description: "sj test image", registered: false },
    })
    expect(r.result.registration.checkedIn?.name).toBe("SJ资源空间")
    conforms(r.result)
    expect(await registryTags("sj", name)).toEqual(["2.0"])
    expect(await registryTags("qb", name)).toEqual([])
  }, 60_000)

  it("says so when the platform already lists the address, and re-pushing the same tag changes nothing", async () => {
    // The fixture registers docker.sii.shaipower.online/inspire-studio/my-train:v1.
    await docker.getImage(env.current.image).tag({ repo: "my-train", tag: "v1" })
    const pushes = await exclusively(env.current.registries.qb.address, async () => ({
      first: ok((await push({ image: "my-train:v1" })).exit).result,
      again: ok((await push({ image: "my-train:v1" })).exit).result,
    }))
    const first = pushes.first
    expect(first.registration.registered).toBe(true)
    expect(first.notes.map((n) => renderWords(n, "mcp")).join(" ")).toContain(
      `already lists ${QB_DISPLAY}/inspire-studio/my-train:v1`,
    )
    const again = pushes.again
    expect(again.digest).toBe(first.digest)
    expect(again.layers).toMatchObject({ pushed: 0, bytesPushed: 0 })
    expect(again.layers?.existing).toBe(again.layers?.total)
    expect(again.harbor.replacedDigest).toBeUndefined()
  }, 60_000)

  it("takes name and tag from the arguments, and a dry run pushes nothing", async () => {
    const name = fresh("dry")
    const r = ok((await push({ image: env.current.image, name, tag: "t1", dry_run: true })).exit).result
    expect(r).toMatchObject({ dryRun: true, name, tag: "t1", address: `${QB_DISPLAY}/inspire-studio/${name}:t1` })
    expect(r.digest).toBeUndefined()
    conforms(r)
    expect(await registryTags("qb", name)).toEqual([])
    const local = await docker.listImages({ filters: { reference: [`*/inspire-studio/${name}`] } })
    expect(local).toEqual([])
  }, 30_000)

  it("fails with RegistryAuthFailed on a wrong password", async () => {
    const name = fresh("wrong")
    await docker.getImage(env.current.image).tag({ repo: name, tag: "v1" })
    const e = failure((await push({ image: `${name}:v1` }, profile({ harbor: { qb: "wrong" } }))).exit)
    expect(e.reason).toBe("RegistryAuthFailed")
    expect(e.message).toMatch(/rejected the saved robot account.*(unauthorized|authentication required)/)
    expect(renderWords(e.hint, "mcp")).toContain("镜像管理 → 本地推送")
    expect(await registryTags("qb", name)).toEqual([])
  }, 30_000)

  it("fails with NotLoggedIn when no Harbor account is saved for the registry", async () => {
    const e = failure(
      (await push({ image: env.current.image, registry: "sj" }, profile({ harbor: { qb: "right" } }))).exit,
    )
    expect(e.reason).toBe("NotLoggedIn")
    expect(e.message).toContain("sj registry")
    expect(renderWords(e.hint, "mcp")).toContain('inspire_login(target="harbor", registry="sj"')
  }, 30_000)

  it("fails with NotFound and the local images when the image does not exist", async () => {
    const e = failure((await push({ image: "busybox-nope:9" })).exit)
    expect(e.reason).toBe("NotFound")
    expect(e.message).toContain('no local Docker image "busybox-nope:9"')
    expect(e.candidates).toContain(env.current.image)
  }, 30_000)

  it("fails with DockerUnavailable when the engine is down, naming the socket or DOCKER_HOST", async () => {
    const socket = join(mkdtempSync(join(tmpdir(), "inspire-nodocker-")), "docker.sock")
    const gone = failure(
      (await push({ image: env.current.image }, profile({ harbor: { qb: "right" }, dockerHost: `unix://${socket}` })))
        .exit,
    )
    expect(gone.reason).toBe("DockerUnavailable")
    expect(gone.message).toContain(`DOCKER_HOST=unix://${socket}`)
    expect(renderWords(gone.hint, "mcp")).toMatch(/Start Docker/)
    const port = await deadPort()
    const refused = failure(
      (
        await push(
          { image: env.current.image },
          profile({ harbor: { qb: "right" }, dockerHost: `tcp://127.0.0.1:${port}` }),
        )
      ).exit,
    )
    expect(refused.reason).toBe("DockerUnavailable")
    expect(refused.message).toContain(`nothing answers at DOCKER_HOST=tcp://127.0.0.1:${port}`)
  }, 30_000)

  it("fails with PlatformUnreachable and the campus/VPN hint when the registry is down (retryable)", async () => {
    const port = await deadPort()
    const run = profile({ harbor: { qb: "right" }, push: { qb: `127.0.0.1:${port}` } })
    const e = failure((await push({ image: env.current.image, name: fresh("down"), tag: "v1" }, run)).exit)
    expect(e.reason).toBe("PlatformUnreachable")
    expect(e.message).toContain(`127.0.0.1:${port}`)
    expect(renderWords(e.hint, "mcp")).toMatch(/campus network or the VPN/)
    expect(e.retryable).toBe(true)
  }, 60_000)

  it("refuses a registry the workspace cannot use", async () => {
    const e = failure((await push({ image: env.current.image, workspace: "SJ资源空间", registry: "qb" })).exit)
    expect(e.reason).toBe("InvalidInput")
    expect(e.message).toContain("uses the sj registry")
  }, 30_000)

  it("never shows a password in any result, progress line or error", () => {
    expect(transcript.length).toBeGreaterThan(15)
    const all = transcript.join("\n")
    for (const id of ["qb", "sj"] as const) expect(all).not.toContain(env.current.registries[id].password)
    expect(all).not.toContain("not-the-password")
  })
})
