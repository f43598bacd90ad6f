// A CLI command is one action of its operation: its help says what each flag does for that action,
// never the scoping MCP needs for a tool with many actions ("For create:", "For run, resubmit:",
// in Chinese "用于 create："). MCP keeps the scoping in the tools' input schemas.
import { inputJsonSchema, loadLanguage, OPERATIONS } from "@holos-inspire/core"
import type { Command } from "commander"
import { afterAll, describe, expect, it } from "vitest"
import { operationOf } from "../src/command.js"
import { helpForAction } from "../src/help-words.js"
import { chooseLanguage } from "../src/language.js"
import { buildProgram } from "../src/program.js"
import { homeFor, inspire } from "./harness.js"

// "For create:", "For run, resubmit:", "用于 create 和 recipe：" naming actions of `names`.
const scoping = (names: ReadonlyArray<string>): RegExp => {
  const name = `(?:${names.join("|")})`
  return new RegExp(`\\bFor ${name}(?:(?:,? and |, )${name})*[,:]|用于 ${name}(?:(?: 和 |、)${name})*[：，]`)
}
const SCOPED = scoping(OPERATIONS.flatMap((op) => Object.keys(op.actions ?? {})))

const walk = (command: Command, out: Command[] = []): Command[] => {
  out.push(command)
  for (const c of command.commands) walk(c, out)
  return out
}

const pathOf = (command: Command): string => {
  const names: string[] = []
  for (let c: Command | null = command; c?.parent != null; c = c.parent) names.unshift(c.name())
  return names.join(" ")
}

// Help with the examples after it, as `--help` prints it.
const helpOf = (command: Command): string => {
  let after = ""
  command.configureOutput({ writeOut: (s) => (after += s), writeErr: (s) => (after += s), getOutHelpWidth: () => 200 })
  command.outputHelp()
  return after
}

const scopedIn = (lang: "en" | "zh-CN"): string[] => {
  chooseLanguage([], { INSPIRE_LANG: lang })
  return walk(buildProgram()).flatMap((command) => {
    const op = operationOf.get(command)
    const actions = Object.keys(op?.actions ?? {})
    const found = actions.length === 0 ? null : scoping(actions).exec(helpOf(command))
    return found === null ? [] : [`${lang} inspire ${pathOf(command)} --help: "${found[0]}"`]
  })
}

afterAll(() => {
  chooseLanguage([], { INSPIRE_LANG: "en" })
})

describe("each command's help speaks of its own action", () => {
  it("keeps what comes before any scoping and the parts for the action, in English and Chinese", () => {
    const said = "For create: the notebook name (≤ 64). For save_image: the image name"
    expect(helpForAction(said, "create")).toBe("the notebook name (≤ 64)")
    expect(helpForAction(said, "save_image")).toBe("the image name")
    expect(helpForAction("Shared. For run, resubmit: go on. For status: read", "resubmit")).toBe("Shared. go on")
    expect(helpForAction("For create and recipe: replicas", "recipe")).toBe("replicas")
    expect(helpForAction("用于 create：名称。用于 save_image：镜像名", "save_image")).toBe("镜像名")
    expect(helpForAction("用于 create 和 recipe：副本数", "create")).toBe("副本数")
    expect(helpForAction("Plain help", "create")).toBe("Plain help")
    // A flag the action reads though its help names other actions only.
    expect(helpForAction("For create: the port", "recipe")).toBe("the port")
  })

  it("of every command of the tree, in English and Chinese", async () => {
    await loadLanguage("zh-CN")
    expect([...scopedIn("en"), ...scopedIn("zh-CN")]).toEqual([])
  })

  it("as the built program prints it, while MCP's schemas keep the scoping", async () => {
    const env = homeFor("http://127.0.0.1:9")
    const create = await inspire(env, ["notebook", "create", "--help"])
    expect(create.code).toBe(0)
    expect(create.stdout).not.toMatch(SCOPED)
    expect(create.stdout).toMatch(/--name <value> +the notebook name/)
    const recipe = await inspire({ ...env, INSPIRE_LANG: "zh-CN" }, ["serve", "recipe", "--help"])
    expect(recipe.stdout).not.toMatch(SCOPED)
    const notebook = OPERATIONS.find((op) => op.name === "notebook")
    const name = notebook === undefined ? undefined : inputJsonSchema(notebook).properties?.name?.description
    expect(name).toMatch(/^For create: .*For save_image: /)
  })
})
