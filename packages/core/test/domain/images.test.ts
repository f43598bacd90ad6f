import { describe, expect, it } from "vitest"
import {
  checkJobImage,
  classifyHost,
  DEFAULT_REGISTRIES,
  parseImageRef,
  pushAddress,
  type RegistryTable,
  toDisplayAddress,
} from "../../src/domain/images.js"
import { renderWords } from "../../src/words/render.js"
import { left, right } from "../helpers.js"

describe("parseImageRef", () => {
  it("splits host, repository, tag and digest", () => {
    expect(right(parseImageRef("docker.sii.shaipower.online/inspire-studio/my-image:v1"))).toEqual({
      host: "docker.sii.shaipower.online",
      repository: "inspire-studio/my-image",
      tag: "v1",
    })
    expect(right(parseImageRef("my-train:v1"))).toEqual({ repository: "my-train", tag: "v1" })
    expect(right(parseImageRef("127.0.0.1:5055/inspire-studio/x:1.0"))).toMatchObject({
      host: "127.0.0.1:5055",
      tag: "1.0",
    })
    const digest = `sha256:${"a".repeat(64)}`
    expect(right(parseImageRef(`localhost/a/b@${digest}`))).toEqual({ host: "localhost", repository: "a/b", digest })
  })

  it("tolerates a pasted scheme", () => {
    expect(right(parseImageRef("https://docker.sii.shaipower.online/inspire-studio/a:1")).host).toBe(
      "docker.sii.shaipower.online",
    )
  })

  it("rejects malformed references with a reason", () => {
    expect(left(parseImageRef("")).message).toMatch(/empty/)
    expect(left(parseImageRef("My-Image:v1")).message).toMatch(/lower-case/)
    expect(left(parseImageRef("a b:1")).message).toMatch(/spaces/)
    expect(left(parseImageRef("a:bad/tag")).message).toMatch(/registry host/)
    expect(left(parseImageRef("a@sha256:123")).message).toMatch(/digest/)
    expect(left(parseImageRef("a:-x")).message).toMatch(/tag/)
  })
})

describe("classifyHost", () => {
  it("knows both domains of both registries", () => {
    expect(classifyHost("docker-qb.sii.edu.cn")).toEqual({ registry: "qb", domain: "push" })
    expect(classifyHost("docker.sii.shaipower.online")).toEqual({ registry: "qb", domain: "display" })
    expect(classifyHost("docker-t.sii.edu.cn")).toEqual({ registry: "sj", domain: "push" })
    expect(classifyHost("DOCKER-T.sii.shaipower.online")).toEqual({ registry: "sj", domain: "display" })
    expect(classifyHost("docker.io")).toBeUndefined()
  })
})

describe("toDisplayAddress", () => {
  it("turns a short name into the display address in inspire-studio", () => {
    expect(right(toDisplayAddress("my-image:v1"))).toBe("docker.sii.shaipower.online/inspire-studio/my-image:v1")
    expect(right(toDisplayAddress("my-image:v1", { registry: "sj" }))).toBe(
      "docker-t.sii.shaipower.online/inspire-studio/my-image:v1",
    )
    expect(right(toDisplayAddress("inspire-studio/my-image:v1"))).toBe(
      "docker.sii.shaipower.online/inspire-studio/my-image:v1",
    )
  })

  it("maps each push domain to its own display domain", () => {
    expect(right(toDisplayAddress("docker-qb.sii.edu.cn/inspire-studio/a:1"))).toBe(
      "docker.sii.shaipower.online/inspire-studio/a:1",
    )
    expect(right(toDisplayAddress("docker-t.sii.edu.cn/inspire-studio/a:1"))).toBe(
      "docker-t.sii.shaipower.online/inspire-studio/a:1",
    )
  })

  it("keeps a display address unchanged", () => {
    const a = "docker-t.sii.shaipower.online/inspire-studio/a:1"
    expect(right(toDisplayAddress(a))).toBe(a)
  })

  it("refuses an address on a foreign registry", () => {
    const e = left(toDisplayAddress("docker.io/library/python:3.11"))
    expect(e.message).toMatch(/docker\.io/)
    expect(renderWords(e.hint, "mcp")).toMatch(/inspire_image_push/)
  })

  it("follows hosts configured in the profile", () => {
    const local: RegistryTable = {
      qb: { push: "127.0.0.1:5055", display: "127.0.0.1:5056" },
      sj: { push: "127.0.0.1:5057", display: "127.0.0.1:5058" },
    }
    expect(right(toDisplayAddress("127.0.0.1:5057/inspire-studio/a:1", { registries: local }))).toBe(
      "127.0.0.1:5058/inspire-studio/a:1",
    )
  })
})

describe("checkJobImage", () => {
  it("accepts a display address with a tag", () => {
    expect(right(checkJobImage("docker.sii.shaipower.online/inspire-studio/a:v1"))).toEqual({
      address: "docker.sii.shaipower.online/inspire-studio/a:v1",
      registry: "qb",
      warnings: [],
    })
  })

  it("rejects a push-domain address with the corrected address as the fix", () => {
    const e = left(checkJobImage("docker-qb.sii.edu.cn/inspire-studio/my-image:v1"))
    expect(e.reason).toBe("InvalidInput")
    expect(renderWords(e.fix ?? "", "mcp")).toBe("docker.sii.shaipower.online/inspire-studio/my-image:v1")
    expect(renderWords(e.hint, "mcp")).toContain("docker.sii.shaipower.online/inspire-studio/my-image:v1")
    expect(renderWords(left(checkJobImage("docker-t.sii.edu.cn/inspire-studio/m:v2")).fix ?? "", "mcp")).toBe(
      "docker-t.sii.shaipower.online/inspire-studio/m:v2",
    )
  })

  it("rejects a short name, offering the display address for the workspace's registry", () => {
    expect(renderWords(left(checkJobImage("my-image:v1")).fix ?? "", "mcp")).toBe(
      "docker.sii.shaipower.online/inspire-studio/my-image:v1",
    )
    expect(renderWords(left(checkJobImage("my-image:v1", { workspaceRegistry: "sj" })).fix ?? "", "mcp")).toBe(
      "docker-t.sii.shaipower.online/inspire-studio/my-image:v1",
    )
  })

  it("requires a tag or digest", () => {
    expect(left(checkJobImage("docker.sii.shaipower.online/inspire-studio/a")).message).toMatch(/no tag/)
  })

  it("warns when the image's registry differs from the workspace's", () => {
    const r = right(checkJobImage("docker.sii.shaipower.online/inspire-studio/a:1", { workspaceRegistry: "sj" }))
    expect(r.warnings).toHaveLength(1)
    expect(renderWords(r.warnings[0] ?? "", "mcp")).toMatch(/qb registry .* uses sj/)
  })
})

describe("pushAddress", () => {
  it("targets the push domain of the chosen registry in inspire-studio", () => {
    expect(pushAddress("my-train", "v1", "qb")).toBe("docker-qb.sii.edu.cn/inspire-studio/my-train:v1")
    expect(pushAddress("my-train", "v1", "sj", DEFAULT_REGISTRIES)).toBe(
      "docker-t.sii.edu.cn/inspire-studio/my-train:v1",
    )
  })
})
