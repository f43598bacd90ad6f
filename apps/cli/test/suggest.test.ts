import { describe, expect, it } from "vitest"
import { buildProgram } from "../src/program.js"
import { inspire } from "./harness.js"

// An unknown command or verb suggests the real one, read from the command tree: a verb typed without its
// group (`inspire logs`) names every `inspire <group> <verb>` there is, before commander's spelling guess.

const program = buildProgram()
const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, NO_COLOR: "1", INSPIRE_MESSAGES_STRICT: "1" }

// Each leaf verb of a group that is not itself a top-level command, with the groups that have it.
const verbs = (): ReadonlyMap<string, ReadonlyArray<string>> => {
  const top = new Set(program.commands.flatMap((c) => [c.name(), ...c.aliases()]))
  const out = new Map<string, string[]>()
  for (const group of program.commands)
    for (const leaf of group.commands) {
      if (leaf.commands.length > 0 || top.has(leaf.name())) continue
      out.set(leaf.name(), [...(out.get(leaf.name()) ?? []), `inspire ${group.name()} ${leaf.name()}`])
    }
  return out
}

describe("suggestions for an unknown command", () => {
  it("suggests inspire <group> <verb> for every leaf verb typed alone", { timeout: 180_000 }, async () => {
    const all = [...verbs()]
    expect(all.length).toBeGreaterThan(20)
    const failures: string[] = []
    for (let i = 0; i < all.length; i += 6)
      await Promise.all(
        all.slice(i, i + 6).map(async ([verb, paths]) => {
          const run = await inspire(base, [verb])
          if (run.code !== 2) failures.push(`inspire ${verb}: exit ${run.code}`)
          for (const path of paths) if (!run.stderr.includes(path)) failures.push(`inspire ${verb}: no ${path}`)
        }),
      )
    expect(failures).toEqual([])
  })

  it("names the commands a user reached for, in English and in Chinese", { timeout: 60_000 }, async () => {
    const logs = await inspire(base, ["logs", "job-1"])
    expect(logs.code).toBe(2)
    expect(logs.stderr).toContain("Did you mean inspire job logs?")
    expect(logs.stderr).not.toMatch(/\blogin\b/)
    expect((await inspire(base, ["submit"])).stderr).toContain("inspire job submit")
    expect((await inspire(base, ["stop"])).stderr).toContain("inspire job stop")
    const ssh = await inspire(base, ["notebook", "ssh"])
    expect(ssh.code).toBe(2)
    expect(ssh.stderr).toContain("Did you mean inspire notebook shell?")
    const serve = await inspire(base, ["serve", "logs"])
    expect(serve.stderr).toContain("inspire serve has no command logs")
    expect(serve.stderr).toContain("inspire serve health")
    expect(serve.stderr).toContain("inspire job logs is in another group")
    const zh = await inspire({ ...base, INSPIRE_LANG: "zh-CN" }, ["logs", "job-1"])
    expect(zh.stderr).toContain("你是不是想用 inspire job logs？")
    // Commander's own guess still comes when the tree knows no better.
    expect((await inspire(base, ["lgin"])).stderr).toContain("Did you mean login?")
  })
})
