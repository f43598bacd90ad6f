import { beforeEach, describe, expect, it } from "vitest"
import { type ImagesResult, imagesOperation } from "../../src/operations/images/index.js"
import { loginOperation } from "../../src/operations/login.js"
import type { Worded } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

const emu = useEmulator()
const QB = "docker.sii.shaipower.online/inspire-studio"

beforeEach(() => {
  emu.current.control.reset()
})

const profile = (workspace = "分布式训练空间") => profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: workspace })

/** A profile with the Harbor robot account of one registry saved. */
const harborProfile = async (registry: "qb" | "sj", workspace?: string) => {
  const p = workspace === undefined ? profileFor(emu.current) : profile(workspace)
  const robot = emu.current.demo.harbor[registry]
  succeeded(
    await call(
      emu.current,
      loginOperation,
      { target: "harbor", registry, username: robot.username, password: robot.password },
      p,
    ),
  )
  return p
}

const harbor = (r: Worded<ImagesResult>) => {
  if (r.source !== "harbor") throw new Error("expected a harbor result")
  return r
}

describe("platform images", () => {
  it("searches registered images and shows the display address to use", async () => {
    const r = succeeded(await call(emu.current, imagesOperation, { search: "torch" }, profile()))
    if (r.result.source !== "platform") throw new Error("expected platform")
    const addresses = r.result.images.map((i) => i.address)
    expect(addresses).toContain(`${QB}/pytorch:2.4.0-cuda12.4-py311`)
    expect(addresses.every((a) => a.startsWith("docker.sii.shaipower.online/"))).toBe(true)
    expect(r.result.workspace).toMatchObject({ name: "分布式训练空间", registry: "qb" })
    expect(r.text).toMatch(/ADDRESS \(use in jobs\)\s+NAME\s+VERSION\s+STATUS\s+SOURCE/)
    expect(r.text).toContain(`${QB}/pytorch:2.4.0-cuda12.4-py311`)
    expect(r.text).not.toContain("vllm")
  })

  it("filters by visibility", async () => {
    const r = succeeded(await call(emu.current, imagesOperation, { visibility: "private" }, profile()))
    if (r.result.source !== "platform") throw new Error("expected platform")
    expect(r.result.images.map((i) => i.name)).toEqual(["my-train"])
    expect(r.result.images[0]).toMatchObject({ source: "private", visibility: "private", version: "v1" })
    expect(r.text).toContain("private")
  })
})

describe("harbor images", () => {
  it("lists a repository's tags with registered and not-registered marks", async () => {
    const p = await harborProfile("qb", "分布式训练空间")
    emu.current.control.harborPush("qb", "my-train", "v2")
    const r = succeeded(await call(emu.current, imagesOperation, { source: "harbor", repo: "my-train" }, p))
    const h = harbor(r.result)
    expect(h).toMatchObject({ registry: "qb", registryFrom: "workspace", repo: "my-train" })
    const byTag = Object.fromEntries((h.tags ?? []).map((t) => [t.tag, t]))
    expect(byTag.v1).toMatchObject({ address: `${QB}/my-train:v1`, registered: true })
    expect(byTag.v2).toMatchObject({ address: `${QB}/my-train:v2`, registered: false })
    expect(byTag.v0?.registered).toBe(false)
    expect(r.text).toMatch(/TAG\s+ADDRESS \(use in jobs\)\s+REGISTERED\s+SIZE\s+PUSHED/)
    expect(r.text).toMatch(/v1\s+docker\.sii\.shaipower\.online\/inspire-studio\/my-train:v1\s+yes/)
    expect(r.text).toMatch(/v2\s+docker\.sii\.shaipower\.online\/inspire-studio\/my-train:v2\s+NO/)
    expect(r.text).toContain("启智平台 → 镜像管理 → 新建镜像 with 镜像名称 my-train")
  })

  it("lists repositories with their registered versions", async () => {
    const p = await harborProfile("qb")
    const r = succeeded(await call(emu.current, imagesOperation, { source: "harbor", search: "my" }, p))
    const h = harbor(r.result)
    expect(h).toMatchObject({ registry: "qb", registryFrom: "default", total: 1 })
    expect(h.repositories?.[0]).toMatchObject({
      name: "my-train",
      address: `${QB}/my-train`,
      registeredVersions: ["v1"],
    })
    expect(r.text).toMatch(/REPOSITORY\s+ADDRESS \(add :tag\)\s+TAGS\s+REGISTERED/)
    expect(r.text).toMatch(/my-train\s+docker\.sii\.shaipower\.online\/inspire-studio\/my-train\s+2\s+v1/)
  })

  it("uses the sj registry for an SJ workspace", async () => {
    const p = await harborProfile("sj", "SJ资源空间")
    const r = succeeded(await call(emu.current, imagesOperation, { source: "harbor" }, p))
    const h = harbor(r.result)
    expect(h).toMatchObject({ registry: "sj", registryFrom: "workspace", checkedIn: { name: "SJ资源空间" } })
    expect(h.repositories?.map((x) => x.name)).toEqual(["ascend-train"])
    expect(h.repositories?.[0]?.address).toBe("docker-t.sii.shaipower.online/inspire-studio/ascend-train")
    expect(r.text).toContain("Repositories on sj Harbor (the workspace's registry): 1")
  })

  it("names inspire_login when the registry's Harbor account is missing", async () => {
    const e = failed(
      await call(emu.current, imagesOperation, { source: "harbor", registry: "qb" }, profileFor(emu.current)),
    )
    expect(e.reason).toBe("NotLoggedIn")
    expect(e.hint).toContain('inspire_login(target="harbor", registry="qb"')
    const sj = await harborProfile("qb", "SJ资源空间")
    const other = failed(await call(emu.current, imagesOperation, { source: "harbor" }, sj))
    expect(other.hint).toContain('inspire_login(target="harbor", registry="sj"')
  })

  it("says which repository is missing and how to list them", async () => {
    const p = await harborProfile("qb")
    const e = failed(await call(emu.current, imagesOperation, { source: "harbor", repo: "no-such-repo" }, p))
    expect(e.reason).toBe("NotFound")
    expect(e.hint).toContain('inspire_images(source="harbor", registry="qb")')
  })
})
