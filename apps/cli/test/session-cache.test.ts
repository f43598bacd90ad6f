import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire } from "./harness.js"

// A truncated session cache (a crash mid-write on a file system without atomic renames, a full disk
// elsewhere) never blocks a command: it is ignored with one warning and the next login writes it anew.
let emu: RunningEmulator

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
}, 60_000)
afterAll(async () => {
  await emu?.close()
})

describe("a damaged session cache", () => {
  it("lets job list, logout, login and doctor run, with a one-line note", async () => {
    const env = homeFor(emu.url)
    const login = ["login", "--username", emu.demo.username, "--password-stdin"]
    expect((await inspire(env, login, emu.demo.password)).code).toBe(0)
    const file = join(env.INSPIRE_HOME ?? "", "cache", "sessions", "default.json")
    const whole = readFileSync(file, "utf8")
    const truncate = () => writeFileSync(file, whole.slice(0, 40))
    for (const [args, input] of [
      [["job", "list"]],
      [["doctor"]],
      [["logout"]],
      [login, emu.demo.password],
      [["job", "list"]],
    ] as Array<[string[], string?]>) {
      truncate()
      const run = await inspire(env, args, input)
      expect(run.code, `${args.join(" ")}: ${run.stderr}${run.stdout}`).toBe(0)
      const notes = run.stderr.split("\n").filter((l) => l.includes("default.json"))
      expect(notes, args.join(" ")).toEqual([expect.stringMatching(/^inspire: warning: .*default\.json was damaged/)])
      if (args[0] === "doctor") expect(run.stdout).not.toMatch(/FAIL/)
    }
    expect(JSON.parse(readFileSync(file, "utf8")).version).toBe(1)
  }, 60_000)
})
