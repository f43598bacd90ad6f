// The completion spec (model.ts) of the commander tree: each command's subcommands, flags (which take
// a value, and which values) and arguments. The build writes it next to the bundle (dist/completion.json,
// scripts/bundle.mjs), so that `inspire __complete` answers from it without loading the bundle;
// without that file the hidden command derives it from the tree (commands/completion.ts).

import type { Operation } from "@holos-inspire/core"
import { idFieldsOf } from "@holos-inspire/core/internal"
import { type Command, Help } from "commander"
import { fieldsOf } from "../adapt.js"
import { materializeTree, operationOf } from "../command.js"
import type { ArgSpec, CommandSpec, FlagSpec, NameKind, ValueSpec } from "./model.js"

// Flags and arguments whose values are names the platform gave (or profiles), by flag name.
const NAMED_FLAGS: Readonly<Record<string, NameKind>> = {
  "--workspace": "workspace",
  "--compute-group": "compute-group",
  "--project": "project",
  "--profile": "profile",
  "--recipe": "recipe",
}
const NAMED_ARGS: Readonly<Record<string, NameKind>> = {
  "profile use": "profile",
  "profile remove": "profile",
  "serve recipe": "recipe",
}

// A field that takes the id of a job, a notebook, a serving or a sweep completes the names last listed.
const liveKindOf = (op: Operation | undefined, flag: string): NameKind | undefined => {
  const kinds = op !== undefined ? idFieldsOf(op).find((f) => f.field === flag.replace(/-/g, "_"))?.kinds : undefined
  if (kinds === undefined) return undefined
  if (kinds.some((k) => k === "train" || k === "hpc" || k === "ray" || k === "job" || k === "task")) return "task"
  if (kinds.includes("serving")) return "serving"
  if (kinds.includes("notebook")) return "notebook"
  return kinds.includes("sweep") ? "sweep" : undefined
}

const pathFrom = (command: Command): string => {
  const names: string[] = []
  for (let c: Command | null = command; c?.parent != null; c = c.parent) names.unshift(c.name())
  return names.join(" ")
}

const choicesOf = (command: Command, argName: string): ReadonlyArray<string> | undefined => {
  const op = operationOf.get(command)
  return op !== undefined ? fieldsOf(op).find((f) => f.flag === argName)?.choices : undefined
}

const specOfCommand = (command: Command, help: Help): CommandSpec => {
  const path = pathFrom(command)
  const flags: FlagSpec[] = command.options
    .filter((o) => !o.hidden)
    .map((o) => {
      const names = [o.long, o.short].filter((n): n is string => n !== undefined)
      const named =
        o.long !== undefined
          ? (NAMED_FLAGS[o.long] ?? liveKindOf(operationOf.get(command), o.long.slice(2)))
          : undefined
      const values: ValueSpec | undefined =
        o.argChoices !== undefined ? { choices: o.argChoices } : named !== undefined ? { names: named } : undefined
      return { names, takesValue: o.required || o.optional, ...(values !== undefined ? { values } : {}) }
    })
  flags.push({ names: ["--help", "-h"], takesValue: false })
  const args: ArgSpec[] = command.registeredArguments.map((a) => {
    const choices = a.argChoices ?? choicesOf(command, a.name())
    const named = NAMED_ARGS[path] ?? liveKindOf(operationOf.get(command), a.name())
    const values: ValueSpec | undefined =
      choices !== undefined
        ? { choices }
        : named !== undefined
          ? { names: named }
          : path === "help"
            ? { commands: true }
            : undefined
    return { variadic: a.variadic, ...(values !== undefined ? { values } : {}) }
  })
  return {
    name: command.name(),
    aliases: command.aliases(),
    flags,
    args,
    commands: help.visibleCommands(command).map((c) => specOfCommand(c, help)),
  }
}

/** The completion spec of a program (its whole tree, flags included). */
export const specOf = (program: Command): CommandSpec => specOfCommand(materializeTree(program), new Help())
