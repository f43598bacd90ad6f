import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { catalogueCommands, OPERATIONS } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { examplesOf } from "../src/examples.js"
import { homeFor, inspire, json, type Run } from "./harness.js"
import { placement, servingPlacement } from "./placement.js"

// One stream discipline: stdout holds the result, stderr what speaks to the reader beside it (next steps,
// hints, warnings, notes), in every language. Real runs of the creates, shows and recipes against the
// emulator; no stdout line may begin the way core's asides and next-step blocks begin.

const ASIDE = /^(\s*(Next:|next:|warning: |hint: |note: )|下一步：|警告：|提示：|注意：)/
const NEXT_HEADING = /^(Next:|下一步：)$/m

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let place: ReadonlyArray<string>
let notebookPlace: ReadonlyArray<string>
let dir: string

interface Fixture {
  readonly groups: ReadonlyArray<{ id: string; name: string; workspaceId: string }>
  readonly workspaces: ReadonlyArray<{ id: string; name: string }>
  readonly specs: ReadonlyArray<{ id: string; type: string; lcgIds: string[] }>
  readonly images: ReadonlyArray<{ address: string; registry: string; status: string }>
}

const T = 120_000
const RECIPE = "qwen2.5-7b-instruct-vllm"

/** A notebook placement, as `notebook create` flags: H100 and one of its notebook specs, a plain image. */
const notebookPlacement = (at: RunningEmulator): ReadonlyArray<string> => {
  const s = at.control.state() as unknown as Fixture
  const ws = s.workspaces.find((w) => w.name === "分布式训练空间")
  const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === "H100")
  const spec = s.specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_DSW" && x.lcgIds.includes(group?.id ?? ""))
  const image = s.images.find((i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address))
  if (spec === undefined || image === undefined) throw new Error("fixture changed")
  return ["--compute-group", "H100", "--spec", spec.id, "--image", image.address]
}

/** A logged-in home on an emulator, with a default workspace and project. */
const loggedIn = async (at: RunningEmulator): Promise<NodeJS.ProcessEnv> => {
  const home = homeFor(at.url)
  const login = await inspire(home, ["login", "--username", at.demo.username, "--password-stdin"], at.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(home, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
  expect((await inspire(home, ["config", "set", "defaultProject", "具身智能基础模型"])).code).toBe(0)
  return home
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
  env = await loggedIn(emu)
  place = servingPlacement(emu)
  notebookPlace = notebookPlacement(emu)
  const train = placement(emu)
  const flag = (name: string) => train[train.indexOf(name) + 1] ?? ""
  dir = mkdtempSync(join(tmpdir(), "inspire-streams-"))
  for (const lang of ["en", "zh-CN"])
    writeFileSync(
      join(dir, `sweep-${lang}.yaml`),
      [
        `name: streams-${lang}`,
        "kind: train",
        "job:",
        `  name: "streams-${lang}-{lr}"`,
        "  command: python train.py --lr {lr}",
        "  compute_group: H100",
        `  spec: ${flag("--spec")}`,
        `  image: ${flag("--image")}`,
        "grid:",
        "  lr: [0.1, 0.2]",
        "",
      ].join("\n"),
    )
}, T)
afterAll(async () => {
  await emu.close()
})

/** The stdout lines of a run that speak to the reader: none may be there. */
const asideLines = (run: Run): ReadonlyArray<string> => run.stdout.split("\n").filter((l) => ASIDE.test(l))

const inLanguage = (lang: string): NodeJS.ProcessEnv => ({ ...env, INSPIRE_LANG: lang })

describe.each(["en", "zh-CN"])("stdout holds only the result (%s)", (lang) => {
  const run = async (args: ReadonlyArray<string>, cwd?: string): Promise<Run> => {
    const r = await inspire(inLanguage(lang), args, undefined, cwd)
    expect(r.code, `inspire ${args.join(" ")}: ${r.stderr}`).toBe(0)
    expect(asideLines(r), `inspire ${args.join(" ")}`).toEqual([])
    return r
  }

  it("creates, shows and probes: next steps, warnings and hints on stderr", { timeout: T }, async () => {
    const recipe = await run(["serve", "recipe", RECIPE])
    expect(recipe.stderr).toMatch(NEXT_HEADING)
    await run(["serve", "recipe", RECIPE, ...place])
    const serving = await run(["serve", "create", "--recipe", RECIPE, "--name", `streams-${lang}`, ...place])
    expect(serving.stderr).toMatch(NEXT_HEADING)
    const id = /\bsv-[0-9a-f-]+/.exec(serving.stdout)?.[0] ?? ""
    expect(id).not.toBe("")
    await run(["serve", "show", id])
    await run(["serve", "health", id])
    const notebook = await run(["notebook", "create", "--name", `streams-nb-${lang}`, ...notebookPlace])
    expect(notebook.stderr).toMatch(NEXT_HEADING)
    const model = await run([
      "model",
      "create",
      "--name",
      `streams-model-${lang}`,
      "--model-source-path",
      "/inspire/hdd/project/demo/models/m",
    ])
    expect(model.stderr).toMatch(NEXT_HEADING)
    const sweep = await run(["sweep", "run", `sweep-${lang}.yaml`], dir)
    expect(sweep.stderr).toMatch(NEXT_HEADING)
    await run(["sweep", "status", `streams-${lang}`], dir)
    await run(["job", "list"])
  })
})

describe("next steps that work", () => {
  it("serve recipe suggests a create that runs once its spec placeholder is filled", { timeout: T }, async () => {
    const recipe = await inspire(env, ["serve", "recipe", RECIPE])
    const line = recipe.stderr.split("\n").find((l) => l.trim().startsWith("inspire serve create")) ?? ""
    expect(line).toContain("--spec <spec-id>")
    expect(line).toContain("--dry-run")
    const spec = place[place.indexOf("--spec") + 1] ?? ""
    const args = line.trim().split(" with ")[0]?.replace("<spec-id>", spec).split(/\s+/).slice(1) as string[]
    const dry = await inspire(env, args)
    expect(dry.code, `${args.join(" ")}: ${dry.stderr}`).toBe(0)
    // Resolved against a placement, the suggestion carries the real spec and group.
    const placed = await inspire(env, ["serve", "recipe", RECIPE, ...place])
    expect(placed.stderr).toContain(`--spec ${spec}`)
  })

  it("notebook create names the notebook's id, and its detail for when it is RUNNING", { timeout: T }, async () => {
    // Not read back: a new notebook waits to be scheduled, even at a million times real speed.
    const at = await startEmulator({ port: 0, speed: 1_000_000 })
    try {
      const created = await inspire(await loggedIn(at), [
        "notebook",
        "create",
        "--name",
        "nb",
        ...notebookPlacement(at),
      ])
      expect(created.code, created.stderr).toBe(0)
      const id = /notebook id:\s+(\S+)/.exec(created.stdout)?.[1] ?? ""
      expect(created.stderr).toContain(`inspire notebook show ${id}`)
      expect(created.stderr).toMatch(/until it is RUNNING/)
      expect(at.control.requests().log.map((r) => r.surface)).not.toContain("v2:notebook.GetNotebook")
    } finally {
      await at.close()
    }
  })
})

// A command line as the shell splits it: words, with single-quoted parts taken literally.
const shellSplit = (line: string): ReadonlyArray<string> => {
  const words: string[] = []
  let word: string | undefined
  let quoted = false
  for (const c of line) {
    if (quoted) {
      if (c === "'") quoted = false
      else word = (word ?? "") + c
    } else if (c === "'") {
      quoted = true
      word ??= ""
    } else if (c === " ") {
      if (word !== undefined) words.push(word)
      word = undefined
    } else word = (word ?? "") + c
  }
  if (word !== undefined) words.push(word)
  return words
}

// What the examples' placeholders stand for; examples with others (a spec, a group, an image: the
// creates above run those) or that change the session or wait long are left out.
const SKIPPED =
  /<(spec-id|compute-group|image|file|local-file|terminal|username)>|login|config (set|unset)|image push|job wait|save-image/

describe("every command's examples", () => {
  it("run with real ids, print no next step, warning or hint on stdout", { timeout: 300_000 }, async () => {
    const train = placement(emu)
    const ids = {
      "<job-id>": json<{ jobId: string }>(
        await inspire(env, ["job", "submit", "--name", "ex-job", "--command", "python train.py", ...train, "--json"]),
      ).jobId,
      "<serving-id>": json<{ servingId: string }>(
        await inspire(env, ["serve", "create", "--recipe", RECIPE, "--name", "ex-serving", ...place, "--json"]),
      ).servingId,
      "<notebook-id>": json<{ notebookId: string }>(
        await inspire(env, ["notebook", "create", "--name", "ex-nb", ...notebookPlace, "--json"]),
      ).notebookId,
      "<model-id>": json<{ modelId: string }>(
        await inspire(env, [
          "model",
          "create",
          "--name",
          "ex-model",
          "--model-source-path",
          "/inspire/hdd/project/demo/models/m",
          "--json",
        ]),
      ).modelId,
      "<workspace>": "分布式训练空间",
    }
    const lines = catalogueCommands(OPERATIONS)
      .flatMap(examplesOf)
      .filter((l) => !SKIPPED.test(l))
      .map((l) => Object.entries(ids).reduce((line, [k, v]) => line.replaceAll(k, v), l))
    expect(lines.length).toBeGreaterThan(30)
    const found: string[] = []
    const ran = new Set<string>()
    for (const lang of ["en", "zh-CN"])
      for (let i = 0; i < lines.length; i += 4)
        await Promise.all(
          lines.slice(i, i + 4).map(async (line) => {
            const run = await inspire(inLanguage(lang), shellSplit(line).slice(1))
            if (run.code === 0) ran.add(line)
            for (const aside of asideLines(run)) found.push(`${lang} ${line}: ${aside}`)
          }),
        )
    expect(found).toEqual([])
    // Most of them run through (a few refuse: a notebook deleted by an earlier example, say).
    expect(ran.size).toBeGreaterThan(lines.length / 2)
  })
})
