import { describe, expect, it } from "vitest"
import {
  checkDownloadDir,
  parseSettingKey,
  parseSettingValue,
  resolveSetting,
  resolveValue,
  SETTING_KEYS,
} from "../../src/store/settings.js"
import { renderWords } from "../../src/words/render.js"
import { left, right } from "../helpers.js"

describe("setting keys", () => {
  it("are the manual's six, downloadDir, lang and notify, and an unknown key lists them", () => {
    expect(SETTING_KEYS).toEqual([
      "defaultProject",
      "defaultWorkspace",
      "defaultImage",
      "defaultPriority",
      "defaultShm",
      "commandPrefix",
      "downloadDir",
      "lang",
      "notify",
    ])
    const e = left(parseSettingKey("defaultSpec"))
    expect(e.candidates).toEqual(SETTING_KEYS)
    expect(right(parseSettingKey("defaultShm"))).toBe("defaultShm")
  })
})

describe("parseSettingValue", () => {
  it("takes lang as en or zh-CN, however a locale spells it, and refuses a language it does not speak", () => {
    expect(right(parseSettingValue("lang", "zh_CN.UTF-8"))).toBe("zh-CN")
    expect(right(parseSettingValue("lang", "en"))).toBe("en")
    expect(left(parseSettingValue("lang", "fr")).message).toContain('lang must be en or zh-CN, got "fr"')
  })

  it("types priorities as numbers 1–10", () => {
    expect(right(parseSettingValue("defaultPriority", "9"))).toBe(9)
    expect(right(parseSettingValue("defaultPriority", 1))).toBe(1)
    expect(left(parseSettingValue("defaultPriority", "11")).message).toMatch(/1–10/)
    expect(left(parseSettingValue("defaultPriority", "high")).message).toMatch(/whole number/)
    expect(left(parseSettingValue("defaultPriority", "4.5")).message).toMatch(/whole number/)
  })

  it("keeps shm in MB as the manual does, accepting GiB too", () => {
    expect(right(parseSettingValue("defaultShm", "65536"))).toBe(65536)
    expect(right(parseSettingValue("defaultShm", "64Gi"))).toBe(65536)
    expect(renderWords(left(parseSettingValue("defaultShm", "64")).hint, "mcp")).toMatch(/64Gi/)
  })

  it("requires a display-domain image and offers the fix for a push-domain one", () => {
    expect(right(parseSettingValue("defaultImage", "docker.sii.shaipower.online/inspire-studio/a:v1"))).toBe(
      "docker.sii.shaipower.online/inspire-studio/a:v1",
    )
    expect(
      renderWords(left(parseSettingValue("defaultImage", "docker-qb.sii.edu.cn/inspire-studio/a:v1")).fix ?? "", "mcp"),
    ).toBe("docker.sii.shaipower.online/inspire-studio/a:v1")
  })

  it("keeps free text for projects, workspaces and the prefix, but not empty values", () => {
    expect(right(parseSettingValue("defaultWorkspace", " 分布式训练空间 "))).toBe("分布式训练空间")
    expect(right(parseSettingValue("commandPrefix", "cd /inspire/hdd/project/{en_name}"))).toBe(
      "cd /inspire/hdd/project/{en_name}",
    )
    expect(renderWords(left(parseSettingValue("defaultProject", "  ")).hint, "mcp")).toMatch(/unset/)
  })
})

describe("downloadDir", () => {
  it("is an absolute folder of its own: not relative, not with .., not hidden, not the home folder or above", () => {
    const home = "/home/u"
    expect(right(checkDownloadDir("/data/inspire/", home))).toBe("/data/inspire")
    expect(right(checkDownloadDir("~/inspire-downloads", home))).toBe("/home/u/inspire-downloads")
    expect(left(checkDownloadDir("downloads", home)).message).toContain("not an absolute path")
    expect(left(checkDownloadDir("/data/../etc", home)).message).toContain('".."')
    expect(left(checkDownloadDir("~/.ssh", home)).message).toContain("hidden folder")
    expect(left(checkDownloadDir("~", home)).message).toContain("home folder")
    expect(left(checkDownloadDir("/", home)).message).toContain("home folder")
    expect(renderWords(left(checkDownloadDir("/home", home)).hint, "mcp")).toContain("unset downloadDir")
    expect(left(parseSettingValue("downloadDir", "rel/dir")).reason).toBe("InvalidInput")
  })
})

describe("precedence", () => {
  it("is argument > environment > profile > default", () => {
    expect(
      resolveValue({
        argument: 1,
        environment: { value: 2, name: "E" },
        profile: { value: 3, name: "p" },
        fallback: 4,
      }),
    ).toEqual({ value: 1, source: "argument" })
    expect(
      resolveValue({ environment: { value: 2, name: "E" }, profile: { value: 3, name: "p" }, fallback: 4 }),
    ).toEqual({
      value: 2,
      source: "environment",
      from: "E",
    })
    expect(resolveValue({ environment: { value: undefined, name: "E" }, profile: { value: 3, name: "p" } })).toEqual({
      value: 3,
      source: "profile",
      from: "p",
    })
    expect(resolveValue({ fallback: 4 })).toEqual({ value: 4, source: "default" })
    expect(resolveValue({})).toEqual({ value: undefined, source: "unset" })
  })

  it("resolves a setting through the environment, validating it and naming the variable when bad", () => {
    const base = { defaults: { defaultPriority: 6 }, profile: "lab" }
    expect(right(resolveSetting("defaultPriority", { ...base, env: {} }))).toEqual({
      value: 6,
      source: "profile",
      from: "profile lab",
    })
    expect(right(resolveSetting("defaultPriority", { ...base, env: { INSPIRE_DEFAULT_PRIORITY: "8" } }))).toMatchObject(
      {
        value: 8,
        source: "environment",
        from: "INSPIRE_DEFAULT_PRIORITY",
      },
    )
    expect(
      right(resolveSetting("defaultPriority", { ...base, argument: 2, env: { INSPIRE_DEFAULT_PRIORITY: "8" } })).source,
    ).toBe("argument")
    const bad = left(resolveSetting("defaultPriority", { ...base, env: { INSPIRE_DEFAULT_PRIORITY: "99" } }))
    expect(bad.message).toMatch(/^INSPIRE_DEFAULT_PRIORITY: /)
    expect(renderWords(bad.hint, "mcp")).toMatch(/unset INSPIRE_DEFAULT_PRIORITY/)
  })
})
