// Login's prompts on a terminal, in one language, and the account a profile holds replaced only knowingly.
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, homeFor, inspire, json } from "./harness.js"
import { stepsOnTerminal } from "./terminal.js"

let emu: RunningEmulator

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
})
afterAll(async () => {
  await emu.close()
})

// The emulator's second account.
const OTHER = { username: "20250002", password: "12345678" }

/** Runs `inspire args…` on a pseudo-terminal, typing each answer once its prompt has been printed. */
const onTerminal = async (
  env: NodeJS.ProcessEnv,
  args: ReadonlyArray<string>,
  answers: ReadonlyArray<readonly [prompt: string, answer: string]>,
): Promise<{ readonly out: string; readonly code: number }> => {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(" ")
  const steps = answers.map(([after, answer]) => ({ after, act: (type: (t: string) => void) => type(`${answer}\r`) }))
  const run = await stepsOnTerminal(env, `exec ${command}`, steps, 25_000)
  return { out: run.stdout, code: run.code }
}

describe("inspire login", () => {
  it("asks in English throughout, with the platform's term in parentheses", async () => {
    const env = { ...homeFor(emu.url), INSPIRE_LANG: "en" }
    const { out, code } = await onTerminal(
      env,
      ["login"],
      [
        ["Student/staff ID (学工号): ", emu.demo.username],
        ["Platform password: ", emu.demo.password],
      ],
    )
    expect(code, out).toBe(0)
    expect(out).not.toMatch(/^学工号/m)
  }, 30_000)

  it("asks in Chinese throughout when the CLI speaks Chinese", async () => {
    const env = { ...homeFor(emu.url), INSPIRE_LANG: "zh-CN" }
    const { out, code } = await onTerminal(
      env,
      ["login"],
      [
        ["学工号：", emu.demo.username],
        ["平台密码：", emu.demo.password],
      ],
    )
    expect(code, out).toBe(0)
    expect(out).not.toMatch(/password|Platform/)
  }, 30_000)

  it("asks before replacing the saved account on a terminal; says which it replaced otherwise", async () => {
    const env = { ...homeFor(emu.url), INSPIRE_LANG: "en" }
    const first = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
    expect(first.code).toBe(0)
    const declined = await onTerminal(
      env,
      ["login", "--username", OTHER.username],
      [[`Profile default holds the account ${emu.demo.username}; replace it with ${OTHER.username}? [y/N] `, "n"]],
    )
    expect(declined.code, declined.out).not.toBe(0)
    expect(declined.out).not.toContain("password:")
    const held = async () =>
      json<Array<{ name: string; username?: string }>>(await inspire(env, ["profile", "list", "--json"])).find(
        (p) => p.name === "default",
      )?.username
    expect(await held()).toBe(emu.demo.username)
    const agreed = await onTerminal(
      env,
      ["login", "--username", OTHER.username],
      [
        ["replace it with", "y"],
        ["Platform password: ", OTHER.password],
      ],
    )
    expect(agreed.code, agreed.out).toBe(0)
    expect(await held()).toBe(OTHER.username)
    const piped = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
    expect(piped.code).toBe(0)
    expect(piped.stdout).toContain(`It replaced the account ${OTHER.username} saved in profile default`)
    const again = await inspire(
      env,
      ["login", "--username", emu.demo.username, "--password-stdin", "--json"],
      emu.demo.password,
    )
    expect(json<{ replaced?: string }>(again).replaced).toBeUndefined()
  }, 60_000)
})
