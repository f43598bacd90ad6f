import type { Operation } from "./catalogue/operation.js"
import { OPERATIONS } from "./registry.js"

/**
 * The catalogue in named sets, so that a host lists only the tools a task needs: every tool definition
 * costs context in every turn. An operation no set names is in `core`, so a new operation is listed by
 * default until it is placed; none is named twice (checked by the MCP server's tests).
 */
export const TOOLSETS = {
  core: ["config", "login", "status", "jobs", "job_detail", "logs", "metrics", "wait", "events", "job_exec"],
  submit: ["submit", "submit_hpc", "submit_ray", "resubmit", "stop", "sweep"],
  notebooks: ["notebook", "notebook_exec", "notebook_files", "notebook_shell", "storage"],
  serving: ["inference", "models"],
  images: ["images", "image_push"],
  capacity: ["availability", "usage"],
} as const satisfies Readonly<Record<string, ReadonlyArray<string>>>

/** A toolset's name. */
export type ToolsetName = keyof typeof TOOLSETS

/** The sets listed when none are asked for: what a first training run needs (find, submit, follow, stop). */
export const DEFAULT_TOOLSETS: ReadonlyArray<ToolsetName> = ["core", "submit"]

/** Every set's name, in order. */
export const TOOLSET_NAMES = Object.keys(TOOLSETS) as ReadonlyArray<ToolsetName>

/** Whether `name` names a toolset. */
export const isToolsetName = (name: string): name is ToolsetName => Object.hasOwn(TOOLSETS, name)

/**
 * The toolsets a list of names chooses, in the sets' order ("all": every set); else the names that are
 * no toolset (none when the list names nothing). Used by every frontend that takes a list of sets.
 */
export const chooseToolsets = (
  names: ReadonlyArray<string>,
): { readonly toolsets: ReadonlyArray<ToolsetName> } | { readonly unknown: ReadonlyArray<string> } => {
  const named = names.map((n) => n.trim()).filter((n) => n !== "")
  if (named.includes("all")) return { toolsets: TOOLSET_NAMES }
  const unknown = named.filter((n) => !isToolsetName(n))
  if (unknown.length > 0 || named.length === 0) return { unknown }
  return { toolsets: TOOLSET_NAMES.filter((n) => named.includes(n)) }
}

/** The set an operation is in: the one that names it, else core. */
export const toolsetOf = (operation: Operation): ToolsetName =>
  TOOLSET_NAMES.find((set) => (TOOLSETS[set] as ReadonlyArray<string>).includes(operation.name)) ?? "core"

/**
 * The operations of the chosen sets, in the catalogue's order; with `readOnly`, only those whose
 * annotations say they change nothing.
 */
export const selectOperations = (
  sets: ReadonlyArray<ToolsetName>,
  options: { readonly readOnly?: boolean; readonly operations?: ReadonlyArray<Operation> } = {},
): ReadonlyArray<Operation> => {
  return (options.operations ?? OPERATIONS).filter(
    (op) => sets.includes(toolsetOf(op)) && (options.readOnly !== true || op.annotations.readOnly),
  )
}
