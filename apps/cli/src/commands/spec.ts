import {
  inputJsonSchema,
  type Operation,
  submitHpcOperation,
  submitOperation,
  submitRayOperation,
} from "@holos-inspire/core"
import { readJobSpec, taskSpecYaml } from "@holos-inspire/core/internal"
import { type Command, Option } from "commander"
import type { CommandOptions } from "../command.js"
import { msg } from "../language.js"
import { note, usageError } from "../output.js"
import { withClient } from "../run.js"

// `job submit --file SPEC.yaml [--set k=v]…`: the job's fields from a spec file (core reads and checks
// it, naming lines), then --set, then the flags given here, which win. `job show ID -o yaml` writes such
// a file: the job's resubmit fields under its own name.

const OPERATIONS: Readonly<Record<string, { readonly operation: Operation; readonly command: string }>> = {
  train: { operation: submitOperation as unknown as Operation, command: "inspire job submit" },
  hpc: { operation: submitHpcOperation as unknown as Operation, command: "inspire hpc submit" },
  ray: { operation: submitRayOperation as unknown as Operation, command: "inspire ray submit" },
}

const collect = (value: string, previous: ReadonlyArray<string> | undefined): ReadonlyArray<string> => [
  ...(previous ?? []),
  value,
]

// The kind a prepared input was read as; the input carries it to `route` under a key no schema has.
const KIND = "\u0000kind"

const flagOf = (field: string): string => `--${field.replace(/_/g, "-")}`

/** `--file` and `--set` on `job submit`. */
export const specFlags = (command: Command): void => {
  command.addOption(new Option("--file <spec.yaml>", msg("cli-spec-help-file")))
  command.addOption(new Option("--set <KEY=VALUE>", msg("cli-spec-help-set")).argParser(collect))
}

/** Reads the spec file the flags name, if any, and puts the flags given on top of its fields. */
export const specInput = async (
  input: Record<string, unknown>,
  options: CommandOptions,
): Promise<Record<string, unknown>> => {
  const sets = (options.set as ReadonlyArray<string> | undefined) ?? []
  if (typeof options.file !== "string") {
    if (sets.length > 0) throw usageError(msg("cli-spec-set-needs-file"), msg("cli-spec-set-needs-file-hint"))
    return input
  }
  const file = options.file
  const spec = await withClient(options, (client) => client.run(readJobSpec(file, sets, process.cwd())))
  const target = OPERATIONS[spec.kind] ?? OPERATIONS.train
  const known = new Set(Object.keys(inputJsonSchema(target?.operation as Operation).properties ?? {}))
  const given = Object.keys(input).filter((k) => k !== "dry_run")
  const foreign = given.filter((k) => !known.has(k))
  if (foreign.length > 0)
    throw usageError(
      msg("cli-spec-file-kind-flags", {
        kind: spec.kind,
        command: target?.command ?? "",
        flags: foreign.map(flagOf).join(", "),
      }),
      msg("cli-spec-file-kind-flags-hint"),
    )
  const wins = given.filter((k) => Object.hasOwn(spec.job, k))
  if (wins.length > 0) note(msg("cli-spec-flag-wins", { flags: wins.map(flagOf).join(", "), count: wins.length }))
  return { ...spec.job, ...input, [KIND]: spec.kind }
}

/** The submit a spec's kind goes through (hpc submit, ray submit), when it is not the command's own. */
export const specRoute = (
  input: Record<string, unknown>,
): { readonly operation: Operation; readonly input: Record<string, unknown> } | undefined => {
  const { [KIND]: kind, ...rest } = input
  if (kind === undefined) return undefined
  return { operation: (OPERATIONS[String(kind)] ?? OPERATIONS.train)?.operation as Operation, input: rest }
}

/** `-o yaml` on `job show`. */
export const outputFlag = (command: Command): void => {
  command.addOption(new Option("-o, --output <format>", msg("cli-spec-help-output")))
}

/** Refuses an output format other than yaml, and yaml with --json or --jq. */
export const checkOutput = (options: CommandOptions): void => {
  if (options.output === undefined) return
  if (options.output !== "yaml")
    throw usageError(
      msg("cli-spec-output-format", { value: String(options.output) }),
      msg("cli-spec-output-format-hint"),
    )
  if (options.json !== undefined || options.jq !== undefined)
    throw usageError(msg("cli-spec-output-json"), msg("cli-spec-output-json-hint"))
}

/** With -o yaml, prints the task as a spec file (instead of its detail); returns whether it did. */
export const printSpec = async (
  input: Readonly<Record<string, unknown>>,
  options: CommandOptions,
): Promise<boolean> => {
  if (options.output !== "yaml") return false
  const task = String(input.job_id)
  const workspace = typeof input.workspace === "string" ? input.workspace : undefined
  process.stdout.write(await withClient(options, (client) => client.run(taskSpecYaml(task, workspace))))
  return true
}
