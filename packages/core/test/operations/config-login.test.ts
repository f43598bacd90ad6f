import { describe, expect, it } from "vitest"
import { configOperation } from "../../src/operations/config.js"
import { loginOperation } from "../../src/operations/login.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

const emu = useEmulator()

describe("config", () => {
  it("sets typed values, shows their source, and unsets them", async () => {
    const profile = profileFor(emu.current)
    const set = succeeded(
      await call(emu.current, configOperation, { action: "set", key: "defaultPriority", value: "9" }, profile),
    )
    expect(set.result.changed).toEqual({ key: "defaultPriority", before: undefined, after: 9 })
    expect(set.text).toContain("defaultPriority: (unset) → 9")
    succeeded(await call(emu.current, configOperation, { action: "set", key: "defaultShm", value: "64Gi" }, profile))
    const got = succeeded(await call(emu.current, configOperation, { action: "get" }, profile))
    expect(got.result.settings.find((s) => s.key === "defaultPriority")).toMatchObject({ value: 9, source: "profile" })
    expect(got.result.settings.find((s) => s.key === "defaultShm")).toMatchObject({ value: 65536, source: "profile" })
    expect(got.text).toMatch(/defaultShm\s+65536\s+profile/)
    const unset = succeeded(
      await call(emu.current, configOperation, { action: "unset", key: "defaultPriority" }, profile),
    )
    expect(unset.result.settings.find((s) => s.key === "defaultPriority")).toMatchObject({ source: "unset" })
    expect(unset.text).toContain("defaultPriority: 9 → (unset)")
  })

  it("says when a change changes nothing, instead of (unset) → (unset)", async () => {
    const profile = profileFor(emu.current)
    const unset = async () =>
      succeeded(await call(emu.current, configOperation, { action: "unset", key: "commandPrefix" }, profile)).text
    await unset()
    const again = await unset()
    expect(again).toContain("commandPrefix was not set in profile default; nothing changed.")
    expect(again).not.toContain("(unset) → (unset)")
    const set = () => call(emu.current, configOperation, { action: "set", key: "defaultPriority", value: "5" }, profile)
    expect(succeeded(await set()).text).toMatch(/defaultPriority: \S+ → 5/)
    expect(succeeded(await set()).text).toContain("defaultPriority is already 5 in profile default; nothing changed.")
  })

  it("shows environment overrides as such", async () => {
    const profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" })
    const got = succeeded(await call(emu.current, configOperation, {}, profile))
    expect(got.result.settings.find((s) => s.key === "defaultWorkspace")).toMatchObject({
      value: "可上网GPU资源",
      source: "environment",
      from: "INSPIRE_DEFAULT_WORKSPACE",
    })
  })

  it("rejects bad keys and values with what to do", async () => {
    expect(
      failed(await call(emu.current, configOperation, { action: "set", key: "defaultSpec", value: "x" })).message,
    ).toMatch(/Invalid input for config: key/)
    const image = failed(
      await call(emu.current, configOperation, {
        action: "set",
        key: "defaultImage",
        value: "docker-qb.sii.edu.cn/inspire-studio/a:1",
      }),
    )
    expect(image.fix).toBe("docker.sii.shaipower.online/inspire-studio/a:1")
    expect(failed(await call(emu.current, configOperation, { action: "set", key: "defaultPriority" })).message).toMatch(
      /needs a value/,
    )
  })
})

describe("login", () => {
  it("saves the platform account without echoing the password", async () => {
    const r = succeeded(
      await call(emu.current, loginOperation, {
        target: "inspire",
        username: emu.current.demo.username,
        password: emu.current.demo.password,
      }),
    )
    expect(r.result).toMatchObject({ saved: true, verified: true })
    expect(JSON.stringify(r)).not.toContain(emu.current.demo.password)
    expect(r.text).toContain("verified: yes")
  })

  it("checks a Harbor account against the chosen registry", async () => {
    const ok = succeeded(
      await call(emu.current, loginOperation, {
        target: "harbor",
        registry: "sj",
        username: emu.current.demo.harbor.sj.username,
        password: emu.current.demo.harbor.sj.password,
      }),
    )
    expect(ok.text).toContain("harbor (sj)")
    const wrong = failed(
      await call(emu.current, loginOperation, {
        target: "harbor",
        registry: "qb",
        username: "robot$x",
        password: "nope-1",
      }),
    )
    expect(wrong.reason).toBe("RegistryAuthFailed")
    expect(wrong.hint).toContain("本地推送")
  })
})
