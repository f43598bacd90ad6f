import { spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type Dockerode from "dockerode"
import { afterAll, beforeAll } from "vitest"

/** The env file scripts/docker-env.sh writes. */
export interface DockerEnv {
  readonly dockerHost: string
  readonly socket: string
  readonly image: string
  readonly registries: Readonly<
    Record<"qb" | "sj", { address: string; url: string; username: string; password: string }>
  >
  readonly harborBackends: Readonly<Record<"qb" | "sj", { url: string; username: string; password: string }>>
}

const SCRIPT = fileURLToPath(new URL("../../../../scripts/docker-env.sh", import.meta.url))
const HOW = "Start it with `scripts/docker-env.sh up` (as root: it installs docker.io and docker-registry once)"

const read = (file: string): DockerEnv => JSON.parse(readFileSync(file, "utf8")) as DockerEnv

/**
 * The real Docker engine and registries of scripts/docker-env.sh. `npm test` starts them and passes
 * the env file in INSPIRE_DOCKER_ENV; a standalone run starts them here (held by this process) and
 * releases them afterwards. A missing env is a failure with the way to fix it, never a skip.
 */
export const useDockerEnv = (): { readonly current: DockerEnv } => {
  const holder: { current: DockerEnv } = { current: undefined as unknown as DockerEnv }
  let held: string | undefined
  beforeAll(() => {
    const given = process.env.INSPIRE_DOCKER_ENV
    if (given !== undefined && given !== "") {
      if (!existsSync(given)) throw new Error(`INSPIRE_DOCKER_ENV=${given} does not exist. ${HOW}.`)
      holder.current = read(given)
      return
    }
    held = `${process.pid}-${randomBytes(4).toString("hex")}`
    const r = spawnSync("bash", [SCRIPT, "up", "--holder", held], { encoding: "utf8", timeout: 170_000 })
    if (r.status !== 0)
      throw new Error(`The Docker test env did not start (exit ${r.status}): ${r.stderr.slice(-800)}\n${HOW}.`)
    holder.current = read(r.stdout.trim().split("\n").at(-1) ?? "")
  }, 180_000)
  afterAll(() => {
    if (held !== undefined) spawnSync("bash", [SCRIPT, "release", "--holder", held], { timeout: 60_000 })
  }, 70_000)
  return holder
}

/** A random lower-case suffix for names that must be new in the registry. */
export const fresh = (prefix: string): string => `${prefix}-${randomBytes(4).toString("hex")}`

/**
 * Builds `<name>:<tag>` FROM the env's busybox image plus a layer of random bytes, so the registry has
 * never seen it (no pull: the base is local and the classic builder needs nothing else).
 */
export const buildFreshImage = async (docker: Dockerode, base: string, ref: string, bytes = 1_500_000) => {
  const dir = mkdtempSync(join(tmpdir(), "inspire-image-"))
  writeFileSync(join(dir, "blob"), randomBytes(bytes))
  writeFileSync(join(dir, "Dockerfile"), `FROM ${base}\nCOPY blob /blob\n`)
  const stream = await docker.buildImage({ context: dir, src: ["Dockerfile", "blob"] }, { t: ref })
  const out = await new Promise<Array<{ error?: string }>>((resolve, reject) =>
    docker.modem.followProgress(stream, (err: Error | null, res: Array<{ error?: string }>) =>
      err === null ? resolve(res) : reject(err),
    ),
  )
  const failed = out.find((e) => e.error !== undefined)
  if (failed !== undefined) throw new Error(`building ${ref} failed: ${failed.error}`)
}
