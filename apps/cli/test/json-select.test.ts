import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { type Command, CommanderError } from "commander"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { pathOf } from "../src/command.js"
import { selectFields, takeJsonOptions } from "../src/json-output.js"
import { hoistGlobals } from "../src/main.js"
import { buildProgram } from "../src/program.js"
import { homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"

// Every command that prints --json takes `--json a,b` (those fields, of each row for a listing) and
// `--jq EXPR`: checked over the whole tree in-process, then on the built program against the emulator.

const walk = (command: Command, out: Command[] = []): Command[] => {
  out.push(command)
  for (const c of command.commands) walk(c, out)
  return out
}

const jsonCommands = (): Command[] =>
  walk(buildProgram(() => undefined)).filter((c) => c.parent !== null && c.options.some((o) => o.long === "--json"))

describe("--json fields and --jq on every command with --json", () => {
  it("are taken by each, in every form, before or after the command", async () => {
    const commands = jsonCommands()
    expect(commands.length).toBeGreaterThan(60)
    const program = buildProgram(() => undefined, { lazy: true })
    program.configureOutput({ writeOut: () => undefined, writeErr: () => undefined })
    const seen: Array<Record<string, unknown>> = []
    for (const c of walk(program).filter((x) => x.commands.length === 0))
      c.action(() => {
        seen.push(c.opts())
      })
    const wrong: string[] = []
    for (const command of commands) {
      const words = pathOf(command).split(" ").slice(1)
      const operands = command.registeredArguments.filter((a) => a.required).map((a) => `${a.name()}-1`)
      for (const line of [
        [...words, ...operands, "--json=a,b", "--jq", ".a"],
        [...words, ...operands, "--json", "a,b"],
        ["--jq", ".a", ...words, ...operands],
        [...words, ...operands, "--jq=.a"],
      ]) {
        seen.length = 0
        try {
          await program.parseAsync([...hoistGlobals(takeJsonOptions(line))], { from: "user" })
        } catch (e) {
          wrong.push(`inspire ${line.join(" ")}: ${e instanceof CommanderError ? e.code : String(e)}`)
          continue
        }
        const jqGiven = line.some((t) => t.startsWith("--jq"))
        const opts = seen[0]
        if (opts?.json !== true || (jqGiven && opts.jq !== ".a"))
          wrong.push(`inspire ${line.join(" ")}: ${JSON.stringify(opts)}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it("leaves an operand after --json an operand, unless it is a field list or the last word", () => {
    expect(takeJsonOptions(["job", "show", "--json", "job-1"])).toEqual(["job", "show", "--json", "job-1"])
    expect(takeJsonOptions(["job", "show", "--json", "id,name", "job-1"])).toEqual(["job", "show", "--json", "job-1"])
    expect(takeJsonOptions(["job", "list", "--json", "id"])).toEqual(["job", "list", "--json"])
    expect(takeJsonOptions(["notebook", "exec", "nb", "--", "x", "--json=a"])).toEqual([
      "notebook",
      "exec",
      "nb",
      "--",
      "x",
      "--json=a",
    ])
  })

  it("keeps the fields of a record, or of each row of a listing, and names the fields there are", () => {
    expect(selectFields({ a: 1, b: 2, c: 3 }, ["a", "c"])).toEqual({ a: 1, c: 3 })
    const listing = { tasks: [{ id: "x", name: "n", s: 1 }, { id: "y" }], total: 2, workspaces: ["w"] }
    expect(selectFields(listing, ["id", "name"])).toEqual([
      { id: "x", name: "n" },
      { id: "y", name: null },
    ])
    expect(() => selectFields(listing, ["id", "nope"])).toThrow(/nope is not a field/)
  })
})

describe("--json fields and --jq, run", () => {
  let emu: RunningEmulator
  let env: NodeJS.ProcessEnv
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, speed: 300 })
    env = homeFor(emu.url)
    const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
    expect(login.code).toBe(0)
    const submit = ["job", "submit", "--name", "listed", "--command", "python a.py #emu:idle"]
    expect(
      (await inspire(env, [...submit, ...placement(emu, "分布式训练空间", "H100", { workspaceFlag: true })])).code,
    ).toBe(0)
  }, 30_000)
  afterAll(async () => {
    await emu.close()
  })

  it("prints the rows' fields of a listing, a record's fields, and what jq makes of the result", async () => {
    const rows = json<Array<Record<string, unknown>>>(await inspire(env, ["job", "list", "--json", "name,status"]))
    expect(rows).toEqual([{ name: "listed", status: expect.any(String) }])
    const status = json(await inspire(env, ["status", "--json=user"]))
    expect(Object.keys(status)).toEqual(["user"])
    const names = await inspire(env, ["job", "list", "--jq", ".tasks[].name"])
    expect(names).toMatchObject({ code: 0, stdout: "listed\n" })
    const before = await inspire(env, ["--jq", "[.tasks[] | {name}]", "job", "list"])
    expect(JSON.parse(before.stdout)).toEqual([{ name: "listed" }])
  }, 30_000)

  it("refuses an unknown field or a broken expression (exit 2), naming what there is", async () => {
    const field = await inspire(env, ["status", "--json", "user,nope"])
    expect(field.code).toBe(2)
    expect(field.stdout).toBe("")
    expect(JSON.parse(field.stderr).error).toMatchObject({
      message: "--json: nope is not a field of this result.",
      hint: expect.stringContaining("user, projects, workspaces"),
    })
    const expr = await inspire(env, ["status", "--jq", ".user |"])
    expect(expr.code).toBe(2)
    expect(expr.stderr).toContain("--jq: the expression failed: syntax error")
  }, 30_000)
})
