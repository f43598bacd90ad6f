import { readFileSync } from "node:fs"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"

// `inspire profile add --emulator URL` must be all it takes to use the emulator's Harbor: no
// INSPIRE_BASE_URL, no hand-written config.json.
let emu: RunningEmulator
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  const { INSPIRE_BASE_URL: _fromProfile, ...rest } = homeFor(emu.url)
  env = rest
})
afterAll(async () => {
  await emu.close()
})

const T = 60_000

interface HarborList {
  readonly source: string
  readonly registry: string
  readonly repositories: ReadonlyArray<{ readonly name: string }>
}

describe("inspire profile add --emulator", () => {
  it(
    "points the platform and both Harbor registries at the emulator, so harbor-login and the Harbor list work",
    async () => {
      expect(json(await inspire(env, ["profile", "add", "emu", "--emulator", `${emu.url}/`, "--json"]))).toMatchObject({
        name: "emu",
        baseUrl: emu.url,
      })
      const saved = JSON.parse(readFileSync(join(env.INSPIRE_HOME ?? "", "config", "config.json"), "utf8"))
      expect(saved.profiles.emu.endpoints.registries.sj.api).toBe(`${emu.url}/harbor/sj`)
      expect((await inspire(env, ["profile", "use", "emu"])).code).toBe(0)
      const login = await inspire(
        env,
        ["login", "--username", emu.demo.username, "--password-stdin"],
        `${emu.demo.password}\n`,
      )
      expect(login.code, login.stderr).toBe(0)
      for (const registry of ["qb", "sj"] as const) {
        const robot = emu.demo.harbor[registry]
        const harbor = json<{ verified: boolean }>(
          await inspire(
            env,
            ["harbor-login", "--registry", registry, "--username", robot.username, "--password-stdin", "--json"],
            `${robot.password}\n`,
          ),
        )
        expect(harbor.verified).toBe(true)
      }
      const listed = json<HarborList>(
        await inspire(env, ["image", "list", "--source", "harbor", "--registry", "qb", "--json"]),
      )
      expect(listed).toMatchObject({ source: "harbor", registry: "qb" })
      expect(listed.repositories.length).toBeGreaterThan(0)
    },
    T,
  )

  it(
    "takes a registry's Harbor API and push host as flags, and refuses a malformed one",
    async () => {
      const r = await inspire(env, [
        "profile",
        "add",
        "own",
        "--base-url",
        emu.url,
        "--harbor-api",
        `qb=${emu.url}/harbor/qb`,
        "--registry-push",
        "qb=127.0.0.1:5000",
      ])
      expect(r.code, r.stderr).toBe(0)
      const saved = JSON.parse(readFileSync(join(env.INSPIRE_HOME ?? "", "config", "config.json"), "utf8"))
      expect(saved.profiles.own.endpoints.registries).toEqual({
        qb: { push: "127.0.0.1:5000", display: "docker.sii.shaipower.online", api: `${emu.url}/harbor/qb` },
      })
      const bad = await inspire(env, ["profile", "add", "bad", "--harbor-api", "xx=http://127.0.0.1:1"])
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain("qb or sj")
      const both = await inspire(env, ["profile", "add", "bad", "--emulator", emu.url, "--base-url", emu.url])
      expect(both.code).toBe(2)
    },
    T,
  )

  it(
    "refuses a plain-http platform off this machine when the profile is added, as login would",
    async () => {
      const r = await inspire(env, ["profile", "add", "prod", "--base-url", "http://qz.sii.edu.cn/"])
      expect(r.code).not.toBe(0)
      expect(r.stderr).toContain("Refusing to send a password to http://qz.sii.edu.cn (from profile prod)")
      expect(r.stderr).toContain("Use https://qz.sii.edu.cn instead")
      const listed = json<Array<{ name: string }>>(await inspire(env, ["profile", "list", "--json"]))
      expect(listed.map((p) => p.name)).not.toContain("prod")
    },
    T,
  )
})
