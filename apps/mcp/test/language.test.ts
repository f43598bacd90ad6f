import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Connection, call, connectStdio, homeFor, logIn, textOf } from "./harness.js"

// The server describes its tools in English always (the tool contract models read), and answers in
// Chinese only when INSPIRE_LANG (or the profile's lang setting) asks — never because of the locale.
const HAN = /[\u4e00-\u9fff]/
// The emulator's names (workspaces, specs) are Chinese in every language: only Chinese that the English
// answer does not also carry is ours.
const ours = (text: string, english: string): string =>
  (english.match(/[\u4e00-\u9fff]+/g) ?? []).reduce((t, n) => t.replaceAll(n, ""), text)

let emu: RunningEmulator
const servers: Connection[] = []

const serverWith = async (extra: NodeJS.ProcessEnv): Promise<Connection> => {
  const env = { ...homeFor(emu.url), ...extra }
  await logIn(env, emu.demo.username, emu.demo.password)
  const server = await connectStdio(env)
  servers.push(server)
  return server
}

// A submit naming no spec where the group offers several: refused with a hint that names a field.
const SPECLESS = {
  name: "w",
  command: "echo",
  compute_group: "H100",
  workspace: "分布式训练空间",
  project: "具身智能基础模型",
  dry_run: true,
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
}, 60_000)
afterAll(async () => {
  for (const s of servers) await s.close()
  await emu?.close()
})

describe("the MCP server's language", () => {
  it("keeps tool descriptions English and answers in Chinese with INSPIRE_LANG=zh-CN", async () => {
    const zh = await serverWith({ INSPIRE_LANG: "zh-CN" })
    const en = await serverWith({ LANG: "zh_CN.UTF-8", LC_ALL: "zh_CN.UTF-8" })
    const zhTools = await zh.client.listTools()
    expect(JSON.stringify(zhTools)).toBe(JSON.stringify(await en.client.listTools()))
    const zhText = textOf(await call(zh.client, "inspire_submit", SPECLESS))
    const enText = textOf(await call(en.client, "inspire_submit", SPECLESS))
    expect(ours(zhText, enText)).toMatch(HAN)
    expect(zhText).toContain("spec=<ID>")
    expect(zhText).not.toContain("Pass spec")
    // The locale alone does not make an agent's answers Chinese.
    expect(enText).toContain("Pass spec=<ID>")
    const status = { workspace: "分布式训练空间" }
    const zhStatus = textOf(await call(zh.client, "inspire_status", status))
    expect(ours(zhStatus, textOf(await call(en.client, "inspire_status", status)))).toMatch(HAN)
  }, 120_000)

  it("answers in English, with one line on stderr, when INSPIRE_LANG names a language it does not speak", async () => {
    for (const lang of ["fr", "zh-TW"]) {
      const server = await serverWith({ INSPIRE_LANG: lang })
      for (const [tool, args] of [
        ["inspire_status", { workspace: "分布式训练空间" }],
        ["inspire_jobs", { type: "train" }],
        ["inspire_config", { action: "get" }],
      ] as const) {
        const answer = await call(server.client, tool, args)
        expect(answer.isError ?? false, `${tool}: ${textOf(answer)}`).toBe(false)
      }
      expect(textOf(await call(server.client, "inspire_submit", SPECLESS))).toContain("Pass spec=<ID>")
      const warnings = server
        .stderr()
        .split("\n")
        .filter((l) => l.includes("INSPIRE_LANG"))
      expect(warnings).toEqual([
        `inspire-mcp: INSPIRE_LANG=${lang} names no language inspire speaks (en, zh-CN); answering in English`,
      ])
    }
  }, 120_000)

  it("words progress notifications in the language of its answers", async () => {
    const progressOf = async (server: Connection): Promise<ReadonlyArray<string>> => {
      const seen: string[] = []
      await call(server.client, "inspire_status", { refresh: true }, { onprogress: (p) => seen.push(p.message ?? "") })
      return seen
    }
    const zh = await progressOf(await serverWith({ INSPIRE_LANG: "zh-CN" }))
    const en = await progressOf(await serverWith({ LANG: "zh_CN.UTF-8" }))
    expect(zh[0]).toBe("正在读取项目、空间、计算组和规格")
    expect(en[0]).toBe("Discovering projects, workspaces, compute groups and specs")
    expect(zh.length).toBe(en.length)
  }, 120_000)
})
