import { spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json, transcript } from "./harness.js"

interface DockerEnv {
  readonly dockerHost: string
  readonly image: string
  readonly registries: Record<"qb" | "sj", { address: string; url: string; username: string; password: string }>
  readonly harborBackends: Record<"qb" | "sj", { url: string; username: string; password: string }>
}

const SCRIPT = fileURLToPath(new URL("../../../scripts/docker-env.sh", import.meta.url))
const HOW = "Start it with `scripts/docker-env.sh up` (as root: it installs docker.io and docker-registry once)"
const T = 60_000

let denv: DockerEnv
let held: string | undefined
let emu: RunningEmulator
let env: NodeJS.ProcessEnv

// The real engine and registries of scripts/docker-env.sh: given by `npm test`, else started here.
beforeAll(async () => {
  const given = process.env.INSPIRE_DOCKER_ENV
  let file: string
  if (given !== undefined && given !== "") {
    if (!existsSync(given)) throw new Error(`INSPIRE_DOCKER_ENV=${given} does not exist. ${HOW}.`)
    file = given
  } else {
    held = `${process.pid}-${randomBytes(4).toString("hex")}`
    const r = spawnSync("bash", [SCRIPT, "up", "--holder", held], { encoding: "utf8", timeout: 170_000 })
    if (r.status !== 0) throw new Error(`The Docker test env did not start (exit ${r.status}): ${r.stderr}\n${HOW}.`)
    file = r.stdout.trim().split("\n").at(-1) ?? ""
  }
  denv = JSON.parse(readFileSync(file, "utf8")) as DockerEnv
  emu = await startEmulator({ port: 0, harborBackends: denv.harborBackends })
  env = { ...homeFor(emu.url), DOCKER_HOST: denv.dockerHost }
  // The profile pushes to the local registries and reads Harbor through the emulator.
  const configDir = join(env.INSPIRE_HOME ?? "", "config")
  mkdirSync(configDir, { recursive: true })
  const endpoint = (id: "qb" | "sj", display: string) => ({
    push: denv.registries[id].address,
    display,
    api: `${emu.url}/harbor/${id}`,
  })
  const config = {
    version: 1,
    currentProfile: "default",
    profiles: {
      default: {
        defaults: {},
        endpoints: {
          baseUrl: emu.url,
          registries: {
            qb: endpoint("qb", "docker.sii.shaipower.online"),
            sj: endpoint("sj", "docker-t.sii.shaipower.online"),
          },
        },
      },
    },
  }
  writeFileSync(join(configDir, "config.json"), JSON.stringify(config))
}, 180_000)

afterAll(async () => {
  await emu?.close()
  if (held !== undefined) spawnSync("bash", [SCRIPT, "release", "--holder", held], { timeout: 60_000 })
}, 70_000)

describe("inspire image push", () => {
  it(
    "pushes a local image and prints the display address and the registration values",
    async () => {
      const login = await inspire(
        env,
        ["login", "--username", emu.demo.username, "--password-stdin"],
        emu.demo.password,
      )
      expect(login.code).toBe(0)
      const qb = denv.registries.qb
      const harbor = await inspire(
        env,
        ["harbor-login", "--registry", "qb", "--username", qb.username, "--password-stdin"],
        qb.password,
      )
      expect(harbor.code).toBe(0)
      const name = `cli-push-${randomBytes(4).toString("hex")}`
      const tagged = spawnSync("docker", ["tag", denv.image, `${name}:v3`], { env: { ...process.env, ...env } })
      expect(tagged.status).toBe(0)

      const r = await inspire(env, ["image", "push", `${name}:v3`, "--json"])
      const result = json<{ address: string; pushedTo: string; harbor: { confirmed: boolean } }>(r)
      expect(result).toMatchObject({
        address: `docker.sii.shaipower.online/inspire-studio/${name}:v3`,
        pushedTo: `${qb.address}/inspire-studio/${name}:v3`,
        harbor: { confirmed: true },
        registration: { imageName: name, version: "v3", registered: false },
      })
      // Progress goes to stderr only on a terminal: piped, stderr stays empty.
      expect(r.stderr).toBe("")

      const text = await inspire(env, ["image", "push", `${name}:v3`])
      expect(text.code).toBe(0)
      expect(text.stdout).toContain(`Use in jobs:`)
      expect(text.stdout).toContain(`docker.sii.shaipower.online/inspire-studio/${name}:v3`)
      expect(text.stdout).toMatch(/镜像名称:\s+cli-push-/)
      expect(text.stdout).toMatch(/版本号:\s+v3/)
      expect(text.stdout).toContain("启智平台 → 镜像管理 → 新建镜像")
    },
    T,
  )

  it(
    "exits 12 (not found) with the error and a hint when the local image does not exist",
    async () => {
      const r = await inspire(env, ["image", "push", "no-such-image:1"])
      expect(r.code).toBe(12)
      expect(r.stdout).toBe("")
      expect(r.stderr).toMatch(/^error: There is no local Docker image "no-such-image:1"/)
      expect(r.stderr).toMatch(/\nhint: .*docker/)
      const j = await inspire(env, ["image", "push", "no-such-image:1", "--json"])
      expect(j.code).toBe(12)
      expect(JSON.parse(j.stderr)).toMatchObject({ error: { reason: "NotFound" } })
    },
    T,
  )

  it("never prints the Harbor password", () => {
    const all = transcript.join("\n")
    expect(all.length).toBeGreaterThan(0)
    expect(all).not.toContain(denv.registries.qb.password)
  })
})
