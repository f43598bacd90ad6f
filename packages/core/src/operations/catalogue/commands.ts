import type { Text } from "../../words/text.js"
import { type CliPlacement, callWrites, type Operation } from "./operation.js"

/**
 * Input fields a writing call may take, which no action lists: the CLI spells them as its own flags, and
 * fills `targets` with the ids of the plan the user confirmed.
 */
export const CONTROL_FIELDS: ReadonlyArray<string> = ["dry_run", "confirm", "targets"]

/** One CLI command of the catalogue, as the CLI builds it and the docs list it. */
export interface CatalogueCommand {
  readonly operation: Operation
  /** The command path under `inspire`, e.g. `["job", "list"]`. */
  readonly path: ReadonlyArray<string>
  readonly summary: Text | string
  /** The input the command fixes (the action of a multiplexed operation), e.g. `{ action: "list" }`. */
  readonly fixed: Readonly<Record<string, unknown>>
  /** Input fields taken as arguments, in order. */
  readonly positional: ReadonlyArray<string>
  /** The last argument may be left out. */
  readonly lastOptional: boolean
  /** The last argument may be repeated: several give its field a list. */
  readonly many: boolean
  /** How help names the arguments, by field (see `CliPlacement.names`). */
  readonly names?: Readonly<Record<string, string>>
  /** The field taking the remaining arguments, joined with spaces (see `CliPlacement.rest`). */
  readonly rest?: string
  /** Input fields offered as flags (the positional ones and the control fields left out). */
  readonly fields: ReadonlyArray<string>
  /** Whether the call changes something (and so takes `--dry-run`). */
  readonly writes: boolean
  /** Whether it asks for confirmation (`--yes`) before it runs. */
  readonly confirm: boolean
}

const defaultPath = (op: Operation): ReadonlyArray<string> => [op.name.replace(/_/g, "-")]

const commandOf = (
  op: Operation,
  placement: CliPlacement | undefined,
  fixed: Readonly<Record<string, unknown>>,
  read: ReadonlyArray<string>,
  summary: Text | string,
): CatalogueCommand => {
  const positional = placement?.positional ?? []
  const writes = callWrites(op, fixed)
  return {
    operation: op,
    path: placement?.path ?? defaultPath(op),
    summary: placement?.summary ?? summary,
    fixed,
    positional,
    lastOptional: placement?.lastOptional === true,
    many: placement?.many === true,
    ...(placement?.rest !== undefined ? { rest: placement.rest } : {}),
    ...(placement?.names !== undefined ? { names: placement.names } : {}),
    fields: read.filter(
      (f) => !positional.includes(f) && f !== placement?.rest && !CONTROL_FIELDS.includes(f) && !(f in fixed),
    ),
    writes,
    confirm: writes && (placement?.confirm ?? op.annotations.destructive),
  }
}

/**
 * The CLI commands of an operation, from its definition: one per action of a multiplexed operation
 * (with the fields that action reads), else one with every input field, and one more per `cliAlso`.
 * Nothing else is needed for an operation to appear in the CLI and in the docs' tool tables.
 */
export const commandsOf = (op: Operation): ReadonlyArray<CatalogueCommand> => {
  const by = op.effects.by
  if (by === undefined || op.actions === undefined)
    return [op.cli, ...(op.cliAlso ?? [])].map((placement) =>
      commandOf(op, placement, {}, Object.keys(op.input.shape), op.title),
    )
  return Object.entries(op.actions).map(([value, action]) =>
    commandOf(op, action.cli ?? { path: [...defaultPath(op), value] }, { [by]: value }, action.fields, action.summary),
  )
}

/** Every CLI command of a catalogue, in its order. */
export const catalogueCommands = (operations: ReadonlyArray<Operation>): ReadonlyArray<CatalogueCommand> =>
  operations.flatMap(commandsOf)
