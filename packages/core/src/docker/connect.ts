import { readFileSync } from "node:fs"
import { homedir } from "node:os"
import { join } from "node:path"
import { Effect } from "../effect.js"
import { InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"
import { type DockerClient, type DockerOptions, dockerClient } from "./client.js"

/** Where the Docker engine is expected, and how to say so to a person. */
export interface DockerTarget {
  readonly options: DockerOptions
  /** e.g. `the default socket /var/run/docker.sock` or `DOCKER_HOST=tcp://10.0.0.5:2375`. */
  readonly where: Text | string
  readonly fromEnv: boolean
}

/** A reachable engine. */
export interface DockerConnection {
  readonly docker: DockerClient
  readonly target: DockerTarget
}

const DEFAULT_SOCKET = process.platform === "win32" ? "//./pipe/docker_engine" : "/var/run/docker.sock"
const PING_TIMEOUT_MS = 5000

const truthy = (v: string | undefined) => v !== undefined && v !== "" && v !== "0" && v.toLowerCase() !== "false"

const tlsFiles = (env: NodeJS.ProcessEnv, raw: string): Effect.Effect<DockerOptions, InspireError> => {
  const dir = env.DOCKER_CERT_PATH?.trim() || join(env.HOME ?? homedir(), ".docker")
  return Effect.try({
    try: () => ({
      ca: readFileSync(join(dir, "ca.pem")),
      cert: readFileSync(join(dir, "cert.pem")),
      key: readFileSync(join(dir, "key.pem")),
    }),
    catch: () =>
      new InspireError({
        reason: "DockerUnavailable",
        message: msg("docker-tls-files", { host: raw, dir }),
        hint: msg("docker-tls-files-hint"),
      }),
  })
}

/** Reads DOCKER_HOST (unix://, npipe://, tcp://, http(s)://) the way the docker CLI does; unset means the default socket. */
export const dockerTarget = (env: NodeJS.ProcessEnv): Effect.Effect<DockerTarget, InspireError> => {
  const raw = env.DOCKER_HOST?.trim() ?? ""
  if (raw === "")
    return Effect.succeed({
      options: { socketPath: DEFAULT_SOCKET },
      where: msg("docker-default-socket", { path: DEFAULT_SOCKET }),
      fromEnv: false,
    })
  const where = `DOCKER_HOST=${raw}`
  const scheme = /^([a-z]+):\/\//i.exec(raw)?.[1]?.toLowerCase()
  if (scheme === "unix" || scheme === "npipe") {
    const socketPath = raw.slice(scheme.length + 3)
    if (socketPath === "") return Effect.fail(badHost(raw, msg("docker-no-socket-path")))
    return Effect.succeed({ options: { socketPath }, where, fromEnv: true })
  }
  if (scheme === "tcp" || scheme === "http" || scheme === "https") {
    let url: URL
    try {
      url = new URL(raw.replace(/^tcp:/i, "http:"))
    } catch {
      return Effect.fail(badHost(raw, msg("docker-invalid-address")))
    }
    const tls = scheme === "https" || truthy(env.DOCKER_TLS_VERIFY)
    const base: DockerOptions = {
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port !== "" ? Number(url.port) : tls ? 2376 : 2375,
      protocol: tls ? "https" : "http",
    }
    if (!tls) return Effect.succeed({ options: base, where, fromEnv: true })
    return Effect.map(tlsFiles(env, raw), (files) => ({ options: { ...base, ...files }, where, fromEnv: true }))
  }
  return Effect.fail(badHost(raw, msg("docker-bad-scheme", { scheme: scheme ?? raw })))
}

const badHost = (raw: string, why: Text): InspireError =>
  invalidInput(msg("docker-bad-host", { host: raw, why }), msg("docker-bad-host-hint"))

interface NodeError {
  readonly code?: string
  readonly message?: string
}

/** Why the engine did not answer, in words that say what to do. */
export const unreachable = (target: DockerTarget, error: unknown): InspireError => {
  const e = (typeof error === "object" && error !== null ? error : {}) as NodeError
  const elsewhere = target.fromEnv ? msg("docker-fix-host") : msg("docker-set-host")
  const startIt = msg("docker-start-hint", { elsewhere })
  if (e.code === "ENOENT")
    return new InspireError({
      reason: "DockerUnavailable",
      message: msg("docker-no-socket", { where: target.where }),
      hint: startIt,
    })
  if (e.code === "ECONNREFUSED" || e.code === "ECONNRESET" || e.code === "EPIPE")
    return new InspireError({
      reason: "DockerUnavailable",
      message: msg("docker-no-answer", { where: target.where, code: e.code }),
      hint: startIt,
    })
  if (e.code === "EACCES" || e.code === "EPERM")
    return new InspireError({
      reason: "DockerUnavailable",
      message: msg("docker-permission", { where: target.where }),
      hint: msg("docker-permission-hint"),
    })
  if (e.code === "ETIMEDOUT" || e.code === "TIMEOUT")
    return new InspireError({
      reason: "DockerUnavailable",
      message: msg("docker-timeout", { where: target.where, seconds: PING_TIMEOUT_MS / 1000 }),
      hint: msg("docker-timeout-hint", { elsewhere }),
      retryable: true,
    })
  return new InspireError({
    reason: "DockerUnavailable",
    message: msg("docker-unreachable", { where: target.where, detail: e.message ?? String(error) }),
    hint: startIt,
  })
}

/** Connects to the engine named by the environment and checks that it answers (`GET /_ping`). */
export const connectDocker = (env: NodeJS.ProcessEnv): Effect.Effect<DockerConnection, InspireError> =>
  Effect.gen(function* () {
    const target = yield* dockerTarget(env)
    // dockerode pulls in grpc and ssh2 at load time; only a push pays for that.
    const docker = yield* dockerClient(target.options)
    yield* Effect.tryPromise({ try: () => docker.ping(), catch: (e) => unreachable(target, e) }).pipe(
      Effect.timeoutFail({ duration: PING_TIMEOUT_MS, onTimeout: () => unreachable(target, { code: "TIMEOUT" }) }),
    )
    return { docker, target }
  })
