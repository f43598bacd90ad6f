import { inputJsonSchema } from "@holos-inspire/core"
import type { Command } from "commander"
import { beforeAll, describe, expect, it } from "vitest"
import { fieldsOf } from "../src/adapt.js"
import { materializeTree, operationOf } from "../src/command.js"
import { EXIT } from "../src/exit-codes.js"
import { buildProgram } from "../src/program.js"
import { closedPort, homeFor, inspire } from "./harness.js"

// Every invalid flag value exits 2 (`inspire help exit-codes`), whoever finds it: commander (a bad
// choice, a missing argument), the CLI's parsing (not a number), or core's input checks (a schema
// bound, a check inside the operation). The calls are made logged out, against a port nothing listens
// on: a call that got past the checks would exit 4 (login needed) or 1, never 2.

interface Case {
  readonly args: ReadonlyArray<string>
  /** What stderr must name: the flag (or its field). */
  readonly names: RegExp
}

const pathOf = (c: Command): string[] => {
  const names: string[] = []
  for (let x: Command | null = c; x !== null && x.parent !== null; x = x.parent) names.unshift(x.name())
  return names
}

const walk = (command: Command, out: Command[] = []): Command[] => {
  out.push(command)
  for (const c of command.commands) walk(c, out)
  return out
}

// Placeholder operands: well-formed ids, so that only the flag under test is wrong.
const operand = (name: string): string =>
  /job-id|task/.test(name) ? "job-00000000-0000-0000-0000-000000000000" : /key/.test(name) ? "defaultPriority" : "x"

const cases = (): ReadonlyArray<Case> => {
  const out: Case[] = []
  for (const c of walk(materializeTree(buildProgram()))) {
    const op = operationOf.get(c)
    if (op === undefined) continue
    const path = pathOf(c)
    const operands = c.registeredArguments.filter((a) => a.required).map((a) => operand(a.name()))
    const longs = new Set(c.options.map((o) => o.long))
    const schema = inputJsonSchema(op).properties ?? {}
    for (const f of fieldsOf(op)) {
      const flag = `--${f.flag}`
      if (!longs.has(flag) || (f.kind !== "enum" && f.kind !== "number")) continue
      const names = new RegExp(`${flag}|${f.name}`)
      const run = (...rest: string[]) => out.push({ args: [...path, ...operands, ...rest], names })
      // The flag given without its value.
      run(flag)
      if (f.kind === "enum") run(flag, "not-a-choice")
      if (f.kind === "number") {
        run(flag, "abc")
        const bound = schema[f.name] as { minimum?: number; maximum?: number; type?: string } | undefined
        if (bound?.minimum !== undefined) run(flag, String(bound.minimum - 1))
        if (bound?.maximum !== undefined) run(flag, String(bound.maximum + 1))
        if (bound?.type === "integer") run(flag, "1.5")
      }
    }
  }
  return out
}

let env: NodeJS.ProcessEnv

beforeAll(async () => {
  const closed = await closedPort()
  env = homeFor(`http://127.0.0.1:${closed}`)
})

describe("exit codes as a contract", () => {
  it("exits 2 for every invalid enum or number flag value of every catalogue command", async () => {
    const all = cases()
    expect(all.length).toBeGreaterThan(40)
    const failures: string[] = []
    for (let i = 0; i < all.length; i += 12)
      await Promise.all(
        all.slice(i, i + 12).map(async (c) => {
          const run = await inspire(env, c.args)
          if (run.code !== EXIT.usage || !c.names.test(run.stderr))
            failures.push(`inspire ${c.args.join(" ")} → exit ${run.code}: ${run.stderr.split("\n")[0]}`)
        }),
      )
    expect(failures).toEqual([])
  }, 180_000)

  it("exits 2 for values core's operations refuse before sending anything", async () => {
    const job = "job-00000000-0000-0000-0000-000000000000"
    for (const args of [
      ["job", "metrics", job, "--interval", "7"],
      ["job", "metrics", job, "--time-range", "5 fortnights"],
      ["job", "list", "--all-workspaces", "--workspace", "x"],
    ]) {
      const run = await inspire(env, args)
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(EXIT.usage)
    }
  }, 60_000)
})
