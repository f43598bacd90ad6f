import { type CatalogueCommand, cliCall } from "@holos-inspire/core"
import { msg } from "./language.js"

// An operation's examples name objects of a test account (`{train_job}`, `{notebook_group}`); in help
// they read as what the user puts there.
const READABLE: Readonly<Record<string, string>> = {
  group: "compute-group",
  spec: "spec-id",
  job: "job-id",
  notebook: "notebook-id",
  serving: "serving-id",
  model: "model-id",
}

/** A placeholder of an example as a reader sees it: `{notebook_group}` → `<compute-group>`. */
const readablePlaceholder = (name: string): string => {
  const kind = name.replace(/^(train|hpc|notebook|serving|stopped)_/, "")
  const readable = READABLE[kind] ?? kind.replace(/_/g, "-")
  return `<${name.startsWith("hpc_") && kind === "job" ? "hpc-job-id" : readable}>`
}

const readable = (value: unknown): unknown => {
  if (typeof value === "string") return value.replace(/\{([a-z_]+)\}/g, (_m, name: string) => readablePlaceholder(name))
  if (Array.isArray(value)) return value.map(readable)
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, readable(v)]))
  return value
}

/**
 * The command lines of a catalogue command's examples, from its operation's `examples` (those of its
 * action), spelled as the CLI takes them; a command without one shows its bare call.
 */
export const examplesOf = (entry: CatalogueCommand): ReadonlyArray<string> => {
  const base = `inspire ${entry.path.join(" ")}`
  const own = (entry.operation.examples ?? [])
    .map((input) => cliCall({ op: entry.operation.name, input: readable(input) as Readonly<Record<string, unknown>> }))
    .filter((line) => line === base || line.startsWith(`${base} `))
  const bare = cliCall({ op: entry.operation.name, input: entry.fixed })
  // A command that also stands in another group (`serve exec`) shows its own bare call.
  const bareCall =
    bare === base || bare.startsWith(`${base} `)
      ? bare
      : [base, ...entry.positional.map((f) => `<${entry.names?.[f] ?? f.replace(/_/g, "-")}>`)].join(" ")
  const lines = own.length > 0 ? own : [bareCall]
  return [...new Set(lines)]
}

/** The help section of a catalogue command's examples. */
export const examplesHelp = (entry: CatalogueCommand): string =>
  `\n${msg("cli-help-examples")}\n${examplesOf(entry)
    .map((line) => `  $ ${line}`)
    .join("\n")}\n`
