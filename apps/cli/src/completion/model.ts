// What shell completion knows of the command tree, as plain data (no imports: the launcher reads it
// without loading the bundle). spec.ts derives it from the commander tree.

/** Names completed from what is kept on disk: the discovery's cache, the store's config, the kept lists. */
export type NameKind = "workspace" | "compute-group" | "project" | "profile" | LiveKind

/** Names of things that come and go (jobs, notebooks, servings, recipes, sweeps), kept from the last list. */
export type LiveKind = "task" | "notebook" | "serving" | "recipe" | "sweep"

/** The values a flag or an argument takes: fixed choices, names kept on disk, or command names (help). */
export interface ValueSpec {
  readonly choices?: ReadonlyArray<string>
  readonly names?: NameKind
  readonly commands?: true
}

/** One flag: its spellings (`--status`, `-f`) and, when it takes a value, what the value may be. */
export interface FlagSpec {
  readonly names: ReadonlyArray<string>
  readonly takesValue: boolean
  readonly values?: ValueSpec
}

/** One positional argument. */
export interface ArgSpec {
  readonly variadic: boolean
  readonly values?: ValueSpec
}

/** One command of the tree; hidden commands are left out. */
export interface CommandSpec {
  readonly name: string
  readonly aliases: ReadonlyArray<string>
  readonly flags: ReadonlyArray<FlagSpec>
  readonly args: ReadonlyArray<ArgSpec>
  readonly commands: ReadonlyArray<CommandSpec>
}

/**
 * The flags every command takes that may also come before the command (main.ts moves them behind
 * it): their values are skipped wherever they appear, and the root offers them.
 */
export const GLOBAL_FLAGS: ReadonlyArray<FlagSpec> = [
  { names: ["--json"], takesValue: false },
  { names: ["--jq"], takesValue: true },
  { names: ["--profile"], takesValue: true, values: { names: "profile" } },
]
