import { OPERATIONS } from "@holos-inspire/core"
import type { Command } from "commander"
import { describe, expect, it } from "vitest"
import { operationOf } from "../src/command.js"
import { buildProgram } from "../src/program.js"

const walk = (command: Command, out: Command[] = []): Command[] => {
  out.push(command)
  for (const c of command.commands) walk(c, out)
  return out
}

describe("the command tree", () => {
  const commands = walk(buildProgram())

  it("reaches every operation of the catalogue", () => {
    const reached = new Set(commands.map((c) => operationOf.get(c)))
    const missing = OPERATIONS.filter((op) => !reached.has(op)).map((op) => op.name)
    expect(missing).toEqual([])
  })

  it("offers --json and --profile on every command that runs an operation, and never a --password flag", () => {
    for (const c of commands.filter((x) => operationOf.has(x))) {
      const flags = c.options.map((o) => o.long)
      expect(flags, c.name()).toContain("--json")
      expect(flags, c.name()).toContain("--profile")
      expect(flags, c.name()).not.toContain("--password")
    }
  })

  it("asks for --yes on destructive commands and offers --dry-run where the operation has dry_run", () => {
    const byPath = (path: string) =>
      commands.find((c) => {
        const names: string[] = []
        for (let x: Command | null = c; x !== null && x.parent !== null; x = x.parent) names.unshift(x.name())
        return names.join(" ") === path
      })
    for (const path of ["job stop", "serve stop", "notebook stop", "notebook delete", "model delete", "profile remove"])
      expect(
        byPath(path)?.options.map((o) => o.long),
        path,
      ).toContain("--yes")
    for (const path of ["job submit", "hpc submit", "job resubmit", "serve create", "notebook create"])
      expect(
        byPath(path)?.options.map((o) => o.long),
        path,
      ).toContain("--dry-run")
    for (const path of ["job list", "notebook list", "notebook show", "serve list", "model show"]) {
      expect(
        byPath(path)?.options.map((o) => o.long),
        path,
      ).not.toContain("--yes")
      expect(
        byPath(path)?.options.map((o) => o.long),
        path,
      ).not.toContain("--dry-run")
    }
  })
})

describe("the lazily built command tree of a single call", () => {
  const pathOf = (c: Command): string => {
    const names: string[] = []
    for (let x: Command | null = c; x !== null && x.parent !== null; x = x.parent) names.unshift(x.name())
    return names.join(" ")
  }
  const eager = walk(buildProgram())

  it("leaves the generated flags out until a command is used", () => {
    const lazy = walk(buildProgram(undefined, { lazy: true }))
    const list = lazy.find((c) => pathOf(c) === "job list")
    expect(list?.options.map((o) => o.long)).toEqual([])
    const eagerList = eager.find((c) => pathOf(c) === "job list")
    expect(eagerList?.options.map((o) => o.long)).toContain("--status")
  })

  it("shows the same help as the complete tree for every command, whichever is asked first", () => {
    const lazy = walk(buildProgram(undefined, { lazy: true }))
    // Deepest first, then the groups: a group's help must not depend on its children having been shown.
    const order = [...lazy].reverse()
    expect(order.length).toBe(eager.length)
    for (const c of order) {
      const twin = eager.find((e) => pathOf(e) === pathOf(c))
      expect(c.helpInformation(), pathOf(c)).toBe(twin?.helpInformation())
    }
    const fresh = walk(buildProgram(undefined, { lazy: true }))
    for (const c of fresh)
      expect(c.helpInformation(), pathOf(c)).toBe(eager.find((e) => pathOf(e) === pathOf(c))?.helpInformation())
  })

  it("parses a command's generated flags when it is dispatched to", async () => {
    const program = buildProgram(() => undefined, { lazy: true })
    const list = walk(program).find((c) => pathOf(c) === "job list")
    list?.action(() => undefined)
    await program.parseAsync(["job", "list", "--status", "running", "--json"], { from: "user" })
    expect(list?.opts()).toMatchObject({ status: "running", json: true })
  })
})
