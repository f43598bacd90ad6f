import { spawn, spawnSync } from "node:child_process"
import { createHash, randomBytes } from "node:crypto"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type HarborBackendOptions, type RunningEmulator, readHarborBackends, startEmulator } from "../src/index.js"
import type { Json } from "./helpers.js"

interface Account {
  url: string
  username: string
  password: string
}

const SCRIPT = fileURLToPath(new URL("../../../scripts/docker-env.sh", import.meta.url))
const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url))
const HOW = "Start it with `scripts/docker-env.sh up` (as root: it installs docker.io and docker-registry once)"

let envFile: string
let backends: Record<"qb" | "sj", Account>
let held: string | undefined
let emu: RunningEmulator

// A real registry (scripts/docker-env.sh): given by `npm test`, else started here and released after.
beforeAll(async () => {
  const given = process.env.INSPIRE_DOCKER_ENV
  if (given !== undefined && given !== "") {
    if (!existsSync(given)) throw new Error(`INSPIRE_DOCKER_ENV=${given} does not exist. ${HOW}.`)
    envFile = given
  } else {
    held = `${process.pid}-${randomBytes(4).toString("hex")}`
    const r = spawnSync("bash", [SCRIPT, "up", "--holder", held], { encoding: "utf8", timeout: 170_000 })
    if (r.status !== 0) throw new Error(`The Docker test env did not start (exit ${r.status}): ${r.stderr}\n${HOW}.`)
    envFile = r.stdout.trim().split("\n").at(-1) ?? ""
  }
  backends = (JSON.parse(readFileSync(envFile, "utf8")) as { harborBackends: Record<"qb" | "sj", Account> })
    .harborBackends
  emu = await startEmulator({ port: 0, harborBackends: { qb: backends.qb } })
}, 180_000)

afterAll(async () => {
  await emu?.close()
  if (held !== undefined) spawnSync("bash", [SCRIPT, "release", "--holder", held], { timeout: 60_000 })
}, 70_000)

const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString("base64")}`
const sha = (b: Buffer) => `sha256:${createHash("sha256").update(b).digest("hex")}`

/** Uploads a blob to the real registry through its v2 API. */
const uploadBlob = async (a: Account, repo: string, data: Buffer): Promise<string> => {
  const auth = basic(a.username, a.password)
  const start = await fetch(`${a.url}/v2/${repo}/blobs/uploads/`, { method: "POST", headers: { authorization: auth } })
  expect(start.status).toBe(202)
  const location = new URL(start.headers.get("location") ?? "", a.url)
  location.searchParams.set("digest", sha(data))
  const put = await fetch(location, {
    method: "PUT",
    headers: { authorization: auth, "content-type": "application/octet-stream" },
    body: data,
  })
  expect(put.status).toBe(201)
  return sha(data)
}

/** Pushes a one-layer image manifest under a tag; returns its digest and the size Harbor would report. */
const pushManifest = async (a: Account, repo: string, tag: string, layer: Buffer) => {
  const config = Buffer.from(JSON.stringify({ architecture: "amd64", os: "linux", rootfs: { type: "layers" } }))
  const manifest = Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: "application/vnd.docker.distribution.manifest.v2+json",
      config: {
        mediaType: "application/vnd.docker.container.image.v1+json",
        size: config.length,
        digest: await uploadBlob(a, repo, config),
      },
      layers: [
        {
          mediaType: "application/vnd.docker.image.rootfs.diff.tar.gzip",
          size: layer.length,
          digest: await uploadBlob(a, repo, layer),
        },
      ],
    }),
  )
  const res = await fetch(`${a.url}/v2/${repo}/manifests/${tag}`, {
    method: "PUT",
    headers: {
      authorization: basic(a.username, a.password),
      "content-type": "application/vnd.docker.distribution.manifest.v2+json",
    },
    body: manifest,
  })
  expect(res.status).toBe(201)
  return { digest: sha(manifest), size: manifest.length + config.length + layer.length }
}

const harbor = (path: string, auth: string, init: RequestInit = {}) =>
  fetch(`${emu.url}/harbor/qb/api/v2.0${path}`, { ...init, headers: { authorization: auth, ...init.headers } })

describe("Harbor REST backed by a real registry", () => {
  it("lists the registry's repositories, artifacts and tags, and keeps descriptions", async () => {
    const name = `emu-${randomBytes(4).toString("hex")}`
    const repo = `inspire-studio/${name}`
    const v1 = await pushManifest(backends.qb, repo, "v1", randomBytes(3000))
    const v2 = await pushManifest(backends.qb, repo, "v2", randomBytes(5000))
    const auth = basic(backends.qb.username, backends.qb.password)

    const res = await harbor(`/projects/inspire-studio/repositories/${name}/artifacts?page_size=50`, auth)
    expect(res.status).toBe(200)
    const artifacts = (await res.json()) as Json[]
    expect(artifacts).toHaveLength(2)
    const byDigest = Object.fromEntries(artifacts.map((a) => [a.digest, a]))
    expect(byDigest[v1.digest]).toMatchObject({ size: v1.size })
    expect(byDigest[v1.digest]?.tags.map((t: Json) => t.name)).toEqual(["v1"])
    expect(byDigest[v2.digest]).toMatchObject({ size: v2.size, tags: [expect.objectContaining({ name: "v2" })] })
    expect(typeof byDigest[v2.digest]?.push_time).toBe("string")

    const list = await harbor(`/projects/inspire-studio/repositories?q=${encodeURIComponent(`name=~${name}`)}`, auth)
    expect(list.headers.get("x-total-count")).toBe("1")
    expect(((await list.json()) as Json[])[0]).toMatchObject({ name: repo, artifact_count: artifacts.length })

    const put = await harbor(`/projects/inspire-studio/repositories/${name}`, auth, {
      method: "PUT",
      body: JSON.stringify({ description: "from the test" }),
    })
    expect(put.status).toBe(200)
    const again = (await (
      await harbor(`/projects/inspire-studio/repositories?q=name%3D~${name}`, auth)
    ).json()) as Json[]
    expect(again[0]?.description).toBe("from the test")
  })

  it("keeps a tag that moves to the same manifest under one artifact, and reads names with a slash", async () => {
    const name = `team/emu-${randomBytes(4).toString("hex")}`
    const layer = randomBytes(1000)
    const a = await pushManifest(backends.qb, `inspire-studio/${name}`, "a", layer)
    const b = await pushManifest(backends.qb, `inspire-studio/${name}`, "b", layer)
    expect(b.digest).toBe(a.digest)
    const auth = basic(backends.qb.username, backends.qb.password)
    const twice = encodeURIComponent(encodeURIComponent(name))
    const res = await harbor(`/projects/inspire-studio/repositories/${twice}/artifacts`, auth)
    const artifacts = (await res.json()) as Json[]
    expect(artifacts).toHaveLength(1)
    expect(artifacts[0]?.tags.map((t: Json) => t.name)).toEqual(["a", "b"])
  })

  it("accepts only the backend's account, 404s an unknown repository, keeps the fixture on sj", async () => {
    const projects = "/projects?page_size=1"
    expect((await harbor(projects, basic(backends.qb.username, backends.qb.password))).status).toBe(200)
    expect((await harbor(projects, basic(backends.qb.username, "wrong"))).status).toBe(401)
    expect((await harbor(projects, basic(emu.demo.harbor.qb.username, emu.demo.harbor.qb.password))).status).toBe(401)
    const auth = basic(backends.qb.username, backends.qb.password)
    expect((await harbor("/projects/inspire-studio/repositories/never-pushed/artifacts", auth)).status).toBe(404)
    const sj = await fetch(`${emu.url}/harbor/sj/api/v2.0/projects/inspire-studio/repositories`, {
      headers: { authorization: basic(emu.demo.harbor.sj.username, emu.demo.harbor.sj.password) },
    })
    expect(sj.status).toBe(200)
  })

  it("answers 503 when the registry behind it is down", async () => {
    const down: HarborBackendOptions = { qb: { url: "http://127.0.0.1:9", username: "u", password: "p" } }
    const dead = await startEmulator({ port: 0, harborBackends: down })
    try {
      const res = await fetch(`${dead.url}/harbor/qb/api/v2.0/projects/inspire-studio/repositories`, {
        headers: { authorization: basic("u", "p") },
      })
      expect(res.status).toBe(503)
      expect(((await res.json()) as Json).errors[0].message).toMatch(/unreachable/)
    } finally {
      await dead.close()
    }
  })

  it("reads backends from the env file, and the bin takes it as --harbor-backends FILE", async () => {
    expect(readHarborBackends(envFile)).toEqual(backends)
    const broken = join(mkdtempSync(join(tmpdir(), "inspire-backends-")), "bad.json")
    writeFileSync(broken, `{"qb": {"url": "http://x", "username": "u", "password": "${backends.qb.password}"`)
    expect(() => readHarborBackends(broken)).toThrow(/is not valid JSON/)
    const bad = spawnSync(process.execPath, [MAIN, "--harbor-backends", broken], { encoding: "utf8" })
    expect(bad.status).toBe(2)
    expect(bad.stderr).not.toContain(backends.qb.password)

    const child = spawn(process.execPath, [MAIN, "--port", "0", "--harbor-backends", envFile], {
      stdio: ["ignore", "pipe", "pipe"],
    })
    try {
      const line = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout }).once("line", resolve),
      )
      const { url } = JSON.parse(line) as { url: string }
      for (const id of ["qb", "sj"] as const) {
        const res = await fetch(`${url}/harbor/${id}/api/v2.0/projects?page_size=1`, {
          headers: { authorization: basic(backends[id].username, backends[id].password) },
        })
        expect(res.status).toBe(200)
      }
    } finally {
      child.kill("SIGTERM")
    }
  })
})
