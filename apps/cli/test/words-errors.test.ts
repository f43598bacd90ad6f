import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire } from "./harness.js"

// What the real CLI prints for failures whose hints name a call, a field or the confirmation: each in
// the CLI's terms (`--spec <ID>`, `--yes`, `inspire harbor-login`), never in MCP's.
const MCP_SYNTAX = /inspire_[a-z_]+|\b\w+=true\b|action="|\b\w+=<|[\uE000-\uE004]/

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
})
afterAll(async () => {
  await emu.close()
})

describe("errors of the CLI", () => {
  it.each([
    {
      what: "a spec that must be chosen",
      args: [
        "job",
        "submit",
        "--name",
        "w",
        "--command",
        "echo",
        "--compute-group",
        "H100",
        "--project",
        "具身智能基础模型",
      ],
      says: "Pass --spec <ID>",
    },
    { what: "a serving stop without --yes", args: ["serve", "stop", "sv-12345678"], says: "Pass --yes" },
    {
      what: "a Harbor command without a Harbor login",
      args: ["image", "list", "--source", "harbor"],
      says: "inspire harbor-login --registry qb",
    },
    {
      what: "a notebook that does not exist",
      args: ["notebook", "show", "00000000-0000-0000-0000-000000000000"],
      says: "inspire notebook list",
    },
  ])(
    "words $what in the CLI's terms",
    async ({ args, says }) => {
      const r = await inspire(env, args)
      expect(r.code).not.toBe(0)
      expect(r.stderr).toContain(says)
      expect(r.stdout + r.stderr).not.toMatch(MCP_SYNTAX)
    },
    40_000,
  )
})
