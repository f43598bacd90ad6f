// The contract every flag keeps, over the whole command tree built from the catalogue: a flag given to
// a command reaches that command (and, for a catalogue command, the operation's input) with the value
// given, in `--flag v` and `--flag=v` form alike; no flag of the program or of a group shadows it.
// Each case is parsed in-process by the real program (lazily built, as a call builds it); only the
// actions are replaced, by one that records what the command's real input builder makes of the flags.
import { type Command, CommanderError, type Option } from "commander"
import { describe, expect, it } from "vitest"
import type { Field } from "../src/adapt.js"
import { inputOf, operationOf, pathOf } from "../src/command.js"
import { hoistGlobals } from "../src/main.js"
import { buildProgram } from "../src/program.js"

const walk = (command: Command, out: Command[] = []): Command[] => {
  out.push(command)
  for (const c of command.commands) walk(c, out)
  return out
}

/** The words that name a command, without `inspire`. */
const wordsOf = (command: Command): string[] => pathOf(command).split(" ").slice(1)

/** A value for each operand the command requires. */
const operandsOf = (command: Command): string[] =>
  command.registeredArguments.filter((a) => a.required).map((a) => `${a.name()}-1`)

// A value an option without a field takes, from the placeholder its help shows.
const rawFor = (option: Option): string => {
  if (option.argChoices !== undefined) return option.argChoices.at(-1) ?? ""
  const placeholder = /[<[]([^>\]]*)[>\]]/.exec(option.flags)?.[1] ?? ""
  const samples: Record<string, string> = {
    "key=value": "k=v",
    "registry=url": "qb=http://127.0.0.1:1",
    "registry=host": "qb=127.0.0.1:5000",
    "file.svg": "plot.svg",
    seconds: "5",
    url: "http://127.0.0.1:1",
  }
  return samples[placeholder] ?? "v2"
}

/** A valid value for a flag that takes one, and what the command (or the operation's input) gets. */
const sampleOf = (option: Option, field: Field | undefined): { raw: string; value: unknown } => {
  if (field === undefined) {
    const raw = rawFor(option)
    return { raw, value: option.parseArg !== undefined ? option.parseArg(raw, option.defaultValue) : raw }
  }
  switch (field.kind) {
    case "enum":
      return { raw: field.choices?.at(-1) ?? "", value: field.choices?.at(-1) }
    case "number":
    case "string-or-number":
      return { raw: "7", value: 7 }
    case "list":
      return { raw: "a-1", value: ["a-1"] }
    case "record":
      return { raw: "k=v", value: { k: "v" } }
    default:
      return { raw: "v2", value: "v2" }
  }
}

/** One way of giving one flag: the words after the operands and what the flag must come out as. */
interface Case {
  readonly flags: ReadonlyArray<string>
  readonly value: unknown
}

const casesOf = (option: Option, field: Field | undefined): Case[] => {
  const names = [option.long, option.short].filter((n): n is string => n !== undefined)
  if (!option.required && !option.optional) return names.map((n) => ({ flags: [n], value: !option.negate }))
  const { raw, value } = sampleOf(option, field)
  const long = option.long ?? ""
  return [
    ...names.map((n) => ({ flags: [n, raw], value })),
    { flags: [`${long}=${raw}`], value },
    ...(option.optional ? [{ flags: [long], value: option.presetArg ?? true }] : []),
  ]
}

/** What a command's action saw in the last parse. */
interface Seen {
  readonly command: Command
  readonly operands: ReadonlyArray<unknown>
  readonly input?: Record<string, unknown>
}

// The real program, built lazily as a call builds it; each command's action records what it was given
// and what the command's own input builder makes of it (instead of calling the platform).
const recordingProgram = () => {
  const printed: string[] = []
  const program = buildProgram((text) => void printed.push(text), { lazy: true })
  program.configureOutput({ writeOut: (text) => void printed.push(text), writeErr: (t) => void printed.push(t) })
  let seen: Seen | undefined
  for (const c of walk(program).filter((x) => x.commands.length === 0))
    c.action((...args: unknown[]) => {
      const operands = args.slice(0, c.registeredArguments.length)
      const build = inputOf.get(c)
      seen = { command: c, operands, ...(build !== undefined ? { input: build.input(operands) } : {}) }
    })
  const parse = async (argv: ReadonlyArray<string>): Promise<Seen | string> => {
    seen = undefined
    printed.length = 0
    try {
      await program.parseAsync([...argv], { from: "user" })
    } catch (e) {
      const code = e instanceof CommanderError ? e.code : String(e)
      return `${code} ${printed.join("").trim()}`.trim()
    }
    return seen ?? `no action ran ${printed.join("").trim()}`.trim()
  }
  return { program, parse }
}

describe("every flag of every command reaches it", () => {
  // The complete tree, to list each command's flags; the flags are parsed by a lazily built one.
  const leaves = walk(buildProgram(() => undefined)).filter((c) => c.parent !== null && c.commands.length === 0)
  const { parse } = recordingProgram()

  it("covers the catalogue, including the flags that used to be shadowed", () => {
    const saveImage = leaves.find((c) => pathOf(c) === "inspire notebook save-image")
    expect(saveImage?.options.map((o) => o.long)).toEqual(expect.arrayContaining(["--name", "--version"]))
    expect(leaves.filter((c) => operationOf.has(c)).length).toBeGreaterThan(40)
  })

  it("in --flag value, --flag=value and bare (boolean, negated, short) forms, after the operands", async () => {
    const wrong: string[] = []
    let cases = 0
    for (const command of leaves) {
      const fields = inputOf.get(command)?.fields() ?? []
      const operands = operandsOf(command)
      for (const option of command.options) {
        const field = fields.find((f) => option.long === `--${f.flag}` || option.long === `--no-${f.flag}`)
        for (const c of casesOf(option, field)) {
          cases++
          const argv = [...wordsOf(command), ...operands, ...c.flags]
          const label = `inspire ${argv.join(" ")}`
          const seen = await parse(argv)
          if (typeof seen === "string") {
            wrong.push(`${label}: ${seen}`)
            continue
          }
          if (pathOf(seen.command) !== pathOf(command)) {
            wrong.push(`${label}: ran ${pathOf(seen.command)}`)
            continue
          }
          const got =
            seen.input !== undefined && field !== undefined
              ? seen.input[field.name]
              : seen.input !== undefined && option.long === "--dry-run"
                ? seen.input.dry_run
                : seen.command.opts()[option.attributeName()]
          try {
            expect(got).toEqual(c.value)
            expect(seen.operands.slice(0, operands.length)).toEqual(operands)
          } catch {
            wrong.push(`${label}: got ${JSON.stringify(got)} (operands ${JSON.stringify(seen.operands)})`)
          }
        }
      }
    }
    expect(wrong).toEqual([])
    expect(cases).toBeGreaterThan(500)
  })

  it("takes --json and --profile before the command too, where main moves them behind it", async () => {
    const wrong: string[] = []
    for (const command of leaves.filter((c) => c.options.some((o) => o.long === "--profile"))) {
      for (const lead of [
        ["--json", "--profile", "p1"],
        ["--profile=p1", "--json"],
      ]) {
        const argv = hoistGlobals([...lead, ...wordsOf(command), ...operandsOf(command)])
        const seen = await parse(argv)
        const opts = typeof seen === "string" ? seen : seen.command.opts()
        if (typeof opts === "string" || opts.json !== true || opts.profile !== "p1")
          wrong.push(`inspire ${[...lead, ...wordsOf(command)].join(" ")}: ${JSON.stringify(opts)}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

describe("the program's --version", () => {
  const { program, parse } = recordingProgram()

  it("prints the version before any command", async () => {
    for (const flag of ["--version", "-V"]) expect(await parse([flag])).toBe(`commander.version ${program.version()}`)
  })

  it("is never read after a command: there it is the command's flag, or an unknown one", async () => {
    const wrong: string[] = []
    const leaves = walk(buildProgram(() => undefined)).filter((c) => c.parent !== null && c.commands.length === 0)
    for (const command of leaves.filter((c) => !c.options.some((o) => o.long === "--version"))) {
      const argv = [...wordsOf(command), ...operandsOf(command), "--version"]
      const seen = await parse(argv)
      // `__complete` takes any word (it completes them); every other command refuses the flag.
      const ok = typeof seen === "string" ? seen.startsWith("commander.unknownOption") : command.name() === "__complete"
      if (!ok) wrong.push(`inspire ${argv.join(" ")}: ${typeof seen === "string" ? seen : "ran"}`)
    }
    expect(wrong).toEqual([])
  })
})
