import type { z } from "zod"
import type { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { Text } from "../../words/text.js"
import type { ClientServices } from "./services.js"

/** What a tool does to the world, as MCP annotations and the CLI's safety prompts read it. */
export interface Annotations {
  /** Only reads: safe to call at any time. */
  readonly readOnly: boolean
  /** May stop, delete or overwrite something the user cares about. */
  readonly destructive: boolean
  /** Calling it twice with the same input has the same effect as once. */
  readonly idempotent: boolean
  /** Talks to the platform (an external system) rather than only local state. */
  readonly openWorld: boolean
}

/**
 * What an operation changes, declared once: dry runs, annotations, confirmations, the CLI's flags and the
 * catalogue's contract tests are derived from it.
 */
export interface Effects {
  /** The input field that picks what a multiplexed tool does (e.g. `action`); absent when it does one thing. */
  readonly by?: string
  /**
   * What changes the platform or the store: `true`/`false` for an operation that does one thing, else the
   * values of `by` that do. Every such call takes `dry_run` (reads allowed, no write sent).
   */
  readonly writes: boolean | ReadonlyArray<string>
  /** Can write a local file (a download, a chart): such an operation is never `readOnly`. */
  readonly files?: boolean
  /**
   * With `files`: each input field that names a file written, the field that allows replacing an existing
   * one, and an input that writes it (placeholders as in `examples`). The catalogue's contract test points
   * each at a link, an existing file and `../escape`, and expects refusals.
   */
  readonly fileInputs?: ReadonlyArray<FileInput>
}

/** An input field naming a file an operation writes (see `Effects.fileInputs`). */
export interface FileInput {
  readonly field: string
  readonly overwrite: string
  readonly example: Readonly<Record<string, unknown>>
}

/**
 * Where a command sits in the CLI's noun-verb tree (`inspire job list`), derived for every operation:
 * the CLI builds its commands from these, and the tool tables of the docs are generated from them.
 */
export interface CliPlacement {
  /** The command path under `inspire`, e.g. `["job", "list"]`; default: the operation's name, `_` as `-`. */
  readonly path?: ReadonlyArray<string>
  /** One line for `--help`; default: the action's summary, else the operation's title. */
  readonly summary?: Text | string
  /** Input fields taken as the command's arguments, in order (`inspire job show <job-id>`). */
  readonly positional?: ReadonlyArray<string>
  /** The last argument may be left out (`inspire job stop` with batch flags); its field is then optional. */
  readonly lastOptional?: boolean
  /** The last argument may be given several times (`inspire job delete ID ID`); its field then takes a list. */
  readonly many?: boolean
  /**
   * A string field taking every argument after the positional ones (usually after `--`), joined with
   * spaces as ssh joins a remote command: `inspire notebook exec nb -- ls -l`.
   */
  readonly rest?: string
  /** Asks for confirmation (`--yes`) before it runs; default: it writes and the operation is destructive. */
  readonly confirm?: boolean
  /** How help names the arguments, by field (default: the field's name, `_` as `-`): `{ job_id: "serving" }`. */
  readonly names?: Readonly<Record<string, string>>
}

/**
 * One value of a multiplexed operation's picking field (`effects.by`): what it does and the input
 * fields it reads. The CLI offers exactly these as the action's flags, and the docs list them.
 */
export interface ActionSpec {
  readonly summary: Text | string
  /** Input fields read by this action, besides the picking field, `dry_run` and `confirm`. */
  readonly fields: ReadonlyArray<string>
  /** Its CLI command; default `inspire <operation> <action>`. */
  readonly cli?: CliPlacement
}

/** What agent frontends (MCP, the plugin) need to know beyond the description. */
export interface AgentHints {
  /** Said to the agent before the description (e.g. how to keep a password out of the conversation). */
  readonly note?: Text | string
  /** Can outlive a host's per-call time limit (long downloads, pushes): hosts run it in the background. */
  readonly longRunning?: boolean
  /** The input field that says how many seconds the call may wait; hosts with a per-call limit cut it. */
  readonly waitField?: string
}

/** Progress of a long call (downloads, pushes, waits), for frontends that can show it. */
export interface Progress {
  readonly message: Text
  readonly current?: number
  readonly total?: number
}

/** What a frontend hands to a running operation. */
export interface OperationContext {
  readonly progress: (p: Progress) => void
  /**
   * The CLI's current directory: relative file paths start there, and files may be written below it as
   * well as in the downloads folder. Absent (MCP, the plugin, the facade): files go only in the downloads
   * folder (config `downloadDir`, default `<cacheDir>/downloads`).
   */
  readonly workingDir?: string
  /**
   * Where an operation that runs something (a command in a notebook) writes its output as it comes; the
   * result still carries it (the end of it, when long). Absent: the output is only in the result.
   */
  readonly output?: (text: string) => void
  /**
   * Lets an operation that runs something remote hear the user's Ctrl-C and stop it itself (the CLI's
   * SIGINT); returns a function that stops listening. Absent: the frontend's own interruption applies.
   */
  readonly onInterrupt?: (stop: () => void) => () => void
  /**
   * How long the frontend's caller waits for one call (ms), when that is limited (MCP's clients give up
   * after about a minute). A command that would run longer goes on detached, read for this long, and
   * the result says how to read on. Absent: the call lasts as long as its work.
   */
  readonly patienceMs?: number
}

/** A context that drops progress, for callers that do not show it. */
export const quietContext: OperationContext = { progress: () => undefined }

/**
 * One user-visible action, defined once for every frontend: the MCP tool `inspire_<name>`, the Synergy
 * tool `<name>`, and the CLI commands built on it.
 */
export interface Operation<I extends z.ZodObject = z.ZodObject, O = unknown, N extends string = string> {
  /**
   * The manual's tool name without the `inspire_` prefix, e.g. `submit`, `job_detail`; kept as its literal
   * type, so the facade's method of it (`jobDetail`) is typed.
   */
  readonly name: N
  readonly title: string
  /** Written for an agent: when to use it, what it returns, what to call next (its words as a Text). */
  readonly description: Text | string
  readonly input: I
  /**
   * The zod schema of the result object (its JSON form: keys holding `undefined` are left out), an
   * object at the top: the MCP `outputSchema` and what `structuredContent` is checked against.
   */
  readonly output: z.ZodType
  readonly annotations: Annotations
  readonly effects: Effects
  /**
   * Inputs it can be called with, at least one per writing action: documentation, and the calls the
   * catalogue's dry-run test makes. `{train_job}`, `{hpc_job}`, `{notebook}`, `{serving}` and `{model}`
   * stand for objects of the account that the test creates first.
   */
  readonly examples?: ReadonlyArray<Readonly<Record<string, unknown>>>
  /**
   * With `effects.by`: every value of the picking field, with the fields it reads and its CLI command.
   * A catalogue test checks that the keys are the field's values and that every input field is read
   * by some action, so a new field cannot be left out of the CLI and the docs.
   */
  readonly actions?: Readonly<Record<string, ActionSpec>>
  /** Without `effects.by`: its CLI command (default: `inspire <name>`, every field a flag). */
  readonly cli?: CliPlacement
  /** Without `effects.by`: the same command in another group as well (`serve exec` for `job exec`). */
  readonly cliAlso?: ReadonlyArray<CliPlacement>
  readonly agent?: AgentHints
  // Method syntax on purpose: an `Operation<I, O>` is then usable where any `Operation` is expected
  // (the catalogue, a frontend's table), while each operation keeps its exact input and result types.
  // The result type is the one `render` declares (`NoInfer`), so the facade names it (`JobsResult`).
  run(input: z.output<I>, context: OperationContext): Effect.Effect<NoInfer<O>, InspireError, ClientServices>
  /** The result for people: short lines and tables, no colour codes, worded by each frontend. */
  render(result: O): Text
}

/** A value built on its first use and kept; the same one on every call. */
export const once = <A>(build: () => A): (() => A) => {
  let built: { readonly value: A } | undefined
  return () => {
    built ??= { value: build() }
    return built.value
  }
}

/**
 * An operation as declared: the result schema is given as a function, built the first time someone
 * reads `output` (the MCP server, for its tool list and result checks). Building every operation's
 * result schema when the catalogue loads costs each CLI call milliseconds for schemas it never reads.
 */
export type OperationSpec<I extends z.ZodObject, O, N extends string = string> = Omit<Operation<I, O, N>, "output"> & {
  readonly output: () => z.ZodType
}

/**
 * The result an output schema describes, as `run` returns it and users read it: its `z.output`,
 * read-only all the way down (a result is data handed over, not a buffer to fill in).
 */
export type OutputOf<S extends z.ZodType> = DeepReadonly<z.output<S>>

/** A type with every array and object property read-only, at every depth (a Text is kept as it is). */
export type DeepReadonly<T> = T extends Text
  ? T
  : T extends ReadonlyArray<infer E>
    ? ReadonlyArray<DeepReadonly<E>>
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T

/**
 * Refuses a result type that is not its output schema's (`OutputOf`), both ways: a hand-kept copy of the
 * schema drifts from it (a field, a literal, an optional key), so results are typed from the schema itself.
 */
export type ResultIsOutput<O, S extends z.ZodType, _N extends string = string> = [O] extends [OutputOf<S>]
  ? [OutputOf<S>] extends [O]
    ? unknown
    : { readonly "the result type is not OutputOf its output schema (the schema's output is wider)": OutputOf<S> }
  : { readonly "the result type is not OutputOf its output schema (the result is wider)": O }

/**
 * Declares an operation with its input, result and name types inferred: the name as its literal, the
 * result as the type `render` takes (annotate its parameter), which `run` must produce and which must be
 * its output schema's `OutputOf` (`ResultIsOutput`).
 */
export const defineOperation = <I extends z.ZodObject, const N extends string, S extends z.ZodType, O = OutputOf<S>>({
  output,
  ...rest
}: OperationSpec<I, O, N> & { readonly output: () => S } & ResultIsOutput<O, S, N>): Operation<I, O, N> => {
  const schema = once(output)
  return Object.defineProperty(rest, "output", { get: schema, enumerable: true }) as unknown as Operation<I, O, N>
}

/**
 * Whether a call changes something, given the input fields known so far (a CLI command's fixed
 * action, say): the picking field's value, else its default, else "some action does".
 */
export const callWrites = (op: Operation, known: Readonly<Record<string, unknown>> = {}): boolean => {
  const { by, writes } = op.effects
  if (typeof writes === "boolean") return writes
  if (by === undefined) return writes.length > 0
  const picked = op.input.shape[by]?.safeParse(known[by])
  return picked?.success === true && picked.data !== undefined
    ? writes.includes(String(picked.data))
    : writes.length > 0
}

/** Any operation whose result is an `O`, whatever its input (for frontends typing what they print). */
export type OperationOf<O> = Operation<z.ZodObject, O>
