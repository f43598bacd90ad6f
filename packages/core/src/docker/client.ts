// The Docker client library (dockerode) is an optional peer of core: a tool that only lists jobs does
// not install it, with its ssh2, cpu-features (node-gyp), grpc and protobufjs. Only `image push` loads
// it, here, on its first call; when it is missing the push fails with the command that installs it.
// The shapes below are the part of dockerode core uses, so core's declarations never name its types.
import { Effect } from "../effect.js"
import { InspireError } from "../errors.js"
import { msg } from "../words/message.js"
import type { PushEvent } from "./progress.js"

/** The dockerode version core is tested with (its devDependency; the peer range is `^` this). */
const DOCKERODE_VERSION = "5.0.1"

/** What installs the Docker client library beside core. */
const DOCKERODE_INSTALL = `npm install dockerode@${DOCKERODE_VERSION}`

/** Where and how to reach the engine: a socket, or host and port (with TLS files for https). */
export interface DockerOptions {
  readonly socketPath?: string
  readonly host?: string
  readonly port?: number
  readonly protocol?: "http" | "https"
  readonly ca?: Buffer
  readonly cert?: Buffer
  readonly key?: Buffer
}

/** One image of the engine, as `docker image inspect` gives it (the fields core reads). */
export interface ImageInspect {
  readonly Id: string
  readonly RepoTags?: ReadonlyArray<string> | undefined
  readonly Size: number
}

/** One image of `docker images` (the fields core reads). */
export interface ImageSummary {
  readonly Created: number
  readonly RepoTags?: ReadonlyArray<string> | undefined
}

/** An image handle: inspect, tag and push. */
export interface DockerImage {
  inspect(): Promise<ImageInspect>
  tag(options: { repo: string; tag: string }): Promise<unknown>
  push(options: {
    tag: string
    authconfig: { username: string; password: string; serveraddress: string }
  }): Promise<NodeJS.ReadableStream>
}

/** The engine's client: what a push asks of dockerode. */
export interface DockerClient {
  ping(): Promise<unknown>
  listImages(): Promise<ReadonlyArray<ImageSummary>>
  getImage(name: string): DockerImage
  readonly modem: {
    followProgress(
      stream: NodeJS.ReadableStream,
      onFinished: (err: Error | null, output: ReadonlyArray<unknown>) => void,
      onProgress: (event: PushEvent) => void,
    ): void
  }
}

interface LoadError {
  readonly code?: string
  readonly message?: string
}

// dockerode itself is absent (not one of its own dependencies): ESM says "Cannot find package
// 'dockerode' imported from …", a CommonJS bundle "Cannot find module 'dockerode'".
const dockerodeMissing = (e: LoadError): boolean =>
  (e.code === "ERR_MODULE_NOT_FOUND" || e.code === "MODULE_NOT_FOUND") &&
  /(package|module) 'dockerode'/.test(e.message ?? "")

/** Loads dockerode and makes a client of it; a missing library is DockerUnavailable naming the install command. */
export const dockerClient = (options: DockerOptions): Effect.Effect<DockerClient, InspireError> =>
  Effect.tryPromise({
    try: async (): Promise<DockerClient> => {
      const { default: Docker } = await import("dockerode")
      return new Docker(options)
    },
    catch: (error) => {
      const e = (typeof error === "object" && error !== null ? error : {}) as LoadError
      if (dockerodeMissing(e))
        return new InspireError({
          reason: "DockerUnavailable",
          message: msg("docker-no-library", { command: DOCKERODE_INSTALL }),
          hint: msg("docker-no-library-hint", { command: DOCKERODE_INSTALL }),
        })
      return new InspireError({
        reason: "DockerUnavailable",
        message: msg("docker-broken-library", { detail: e.message ?? String(error) }),
        hint: msg("docker-broken-library-hint", { command: DOCKERODE_INSTALL }),
      })
    },
  })
