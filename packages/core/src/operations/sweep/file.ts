import { createHash } from "node:crypto"
import { isAbsolute, resolve } from "node:path"
import { z } from "zod"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { readRegularFile, refusedFileError } from "../../store/regular-file.js"
import { issueWord } from "../../words/issues.js"
import { type MessageArgs, msg } from "../../words/message.js"
import { joinText, type Text } from "../../words/text.js"
import { submitOperation } from "../submit.js"
import { submitHpcOperation } from "../submit-hpc.js"
import { submitRayOperation } from "../submit-ray.js"

// A sweep file: YAML or JSON (JSON is read as YAML, so both get line numbers), checked field by field,
// every error naming the file, the line and column, the field and what to write instead.

/** A parameter's value: what a template can put into a name, a command or a variable. */
export type ParamValue = string | number | boolean

/** Where a value sits in the file, for errors: `sweep.yaml:12:5` (an inline sweep's field, in words). */
/** The kinds of job a sweep sends: training, HPC or Ray jobs. */
export const SWEEP_KINDS = ["train", "hpc", "ray"] as const
export type SweepKind = (typeof SWEEP_KINDS)[number]

/** The job field that holds a kind's command. */
export const commandField = (kind: SweepKind): "command" | "entrypoint" => (kind === "train" ? "command" : "entrypoint")

/** A kind's jobs as plans name them. */
export const jobNoun = (kind: SweepKind): string => (kind === "hpc" ? "HPC job" : kind === "ray" ? "Ray job" : "job")

export type Locate = (path: ReadonlyArray<string | number>, text?: string) => string | Text

/** A sweep as its file declares it, checked. */
export interface SweepFile {
  /** The file as the user named it, or "(inline sweep)". */
  readonly source: string
  readonly name: string
  /** Which submit the jobs go through: `job submit` (train), `hpc submit` (hpc) or `ray submit` (ray). */
  readonly kind: SweepKind
  /** The common job fields, templates unfilled. */
  readonly job: Readonly<Record<string, unknown>>
  readonly grid: Readonly<Record<string, ReadonlyArray<ParamValue>>>
  readonly list: ReadonlyArray<Readonly<Record<string, ParamValue>>>
  readonly limits: {
    readonly max_jobs?: number | undefined
    readonly max_running?: number | undefined
    readonly max_cost_per_hour?: number | undefined
  }
  /** How many times a waiter submits a job again that the platform ended (as `--recover N`); absent: never. */
  readonly recover?: number | undefined
  /** The SHA-256 of the file's content normalised (keys sorted, comments and layout dropped). */
  readonly hash: string
  readonly locate: Locate
}

const Param = z.union([z.string(), z.number(), z.boolean()])

const ParamName = z.string().regex(/^[\p{L}_][\p{L}\p{N}_]*$/u)

// Names JavaScript objects keep for themselves: a parameter so named would be lost, so it is refused.
const RESERVED = new Set(["__proto__", "constructor", "prototype"])

/** The path of the first parameter (grid key or list row key) with a reserved name. */
const reservedParam = (data: unknown): ReadonlyArray<string | number> | undefined => {
  const own = (v: unknown) => (v !== null && typeof v === "object" && !Array.isArray(v) ? Object.keys(v) : [])
  const top = data as { grid?: unknown; list?: unknown }
  const inGrid = own(top?.grid).find((k) => RESERVED.has(k))
  if (inGrid !== undefined) return ["grid", inGrid]
  const rows = Array.isArray(top?.list) ? (top.list as unknown[]) : []
  for (const [i, row] of rows.entries()) {
    const key = own(row).find((k) => RESERVED.has(k))
    if (key !== undefined) return ["list", i, key]
  }
  return undefined
}

const FileSchema = z.lazy(() =>
  z.strictObject({
    name: z.string().min(1).max(48),
    kind: z.enum(SWEEP_KINDS).default("train"),
    job: z.record(z.string(), z.unknown()),
    grid: z.record(ParamName, z.array(Param).min(1)).optional(),
    list: z.array(z.record(ParamName, Param)).optional(),
    limits: z
      .strictObject({
        max_jobs: z.number().int().positive().optional(),
        max_running: z.number().int().positive().optional(),
        max_cost_per_hour: z.number().positive().optional(),
      })
      .optional(),
    recover: z.number().int().min(1).max(10).optional(),
  }),
)

/** The job fields a sweep of a kind takes: its submit's input, without dry_run (a sweep's run decides). */
export const jobSchema = (kind: SweepKind): z.ZodObject =>
  kind === "hpc"
    ? submitHpcOperation.input.omit({ dry_run: true }).strict()
    : kind === "ray"
      ? submitRayOperation.input.omit({ dry_run: true }).strict()
      : submitOperation.input.omit({ dry_run: true }).strict()

// What to write in each top-level field, said only when a message needs it.
const HELP: Readonly<Record<string, () => Text>> = {
  name: () => msg("sweep-help-name"),
  kind: () => msg("sweep-help-kind"),
  job: () => msg("sweep-help-job"),
  grid: () => msg("sweep-help-grid"),
  list: () => msg("sweep-help-list"),
  limits: () => msg("sweep-help-limits"),
  recover: () => msg("sweep-help-recover"),
}

/** Keys sorted at every level: the same content gives the same text whatever its layout. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  )

/** The SHA-256 of a value's canonical JSON, in hex. */
const hashOf = (value: unknown): string => createHash("sha256").update(canonicalJson(value)).digest("hex")

type YamlModule = typeof import("yaml")

/** What a file's text holds, and where each of its values sits. */
export interface Parsed {
  readonly data: unknown
  readonly locate: Locate
}

// Positions come from the YAML document's nodes; a path the document does not have points at its parent.
/** How errors speak of a kind of file: a sweep file, or a job spec. */
export interface FileWords {
  readonly syntax: (args: MessageArgs) => Text
  readonly top: (args: MessageArgs) => Text
  readonly invalid: (args: MessageArgs) => Text
  readonly hint: () => Text
}

const SWEEP_WORDS: FileWords = {
  syntax: (args) => msg("sweep-file-syntax", args),
  top: (args) => msg("sweep-file-unknown-top", args),
  invalid: (args) => msg("sweep-file-invalid", args),
  hint: () => msg("sweep-file-invalid-hint"),
}

/** Parses YAML (or JSON) text keeping positions; a syntax error names the line. */
export const parseText = (
  yaml: YamlModule,
  text: string,
  source: string,
  words: FileWords = SWEEP_WORDS,
): Parsed | InspireError => {
  const lines = new yaml.LineCounter()
  const doc = yaml.parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true })
  const at = (offset: number) => {
    const p = lines.linePos(offset)
    return `${source}:${p.line}:${p.col}`
  }
  const [first] = doc.errors
  if (first !== undefined)
    return invalidInput(
      words.syntax({ at: at(first.pos[0]), problem: first.message.split("\n")[0] ?? "" }),
      msg("sweep-file-syntax-hint"),
    )
  const locate: Locate = (path, wanted) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined
      if (node?.range === undefined) continue
      const [start, end] = node.range
      const inner = wanted !== undefined ? text.slice(start, end).indexOf(wanted) : -1
      return at(inner >= 0 ? start + inner : start)
    }
    return `${source}:1:1`
  }
  // Aliases that multiply (a "billion laughs") are refused by the library past 100 uses of one.
  try {
    return { data: doc.toJS({ maxAliasCount: 100 }), locate }
  } catch {
    return invalidInput(msg("sweep-file-aliases", { at: `${source}:1:1` }), msg("sweep-file-aliases-hint"))
  }
}

const label = (path: ReadonlyArray<PropertyKey>): string =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("")

/** A zod failure of the file as one error: the first issues, each with its line and what to write. */
export const fileIssues = (
  issues: ReadonlyArray<z.core.$ZodIssue>,
  locate: Locate,
  base: ReadonlyArray<string | number>,
  what: string | Text,
  words: FileWords = SWEEP_WORDS,
): InspireError => {
  const shown = issues.slice(0, 3).map((i) => {
    const path = [...base, ...(i.path as ReadonlyArray<string | number>)]
    if (i.code === "unrecognized_keys") {
      const keys = i.keys
      const keyList = keys.map((k) => `"${k}"`).join(", ")
      return path.length === 0
        ? words.top({ at: locate([...path, keys[0] ?? ""]), keys: keyList })
        : msg("sweep-file-unknown-key", { at: locate([...path, keys[0] ?? ""]), keys: keyList, parent: label(path) })
    }
    const help = path.length === 1 ? HELP[String(path[0])]?.() : undefined
    const field = label(path) || msg("sweep-file-the-file")
    return help !== undefined
      ? msg("sweep-file-issue-help", { at: locate(path), field, problem: issueWord(i), help })
      : msg("sweep-file-issue", { at: locate(path), field, problem: issueWord(i) })
  })
  const more = issues.length - shown.length
  return invalidInput(words.invalid({ what, problems: joinText(shown, "; "), more }), words.hint())
}

/** Checks a sweep's content (a file's, or one given inline) and fingerprints it. */
const checkSweep = (
  data: unknown,
  locate: Locate,
  source: string,
  // How messages name the sweep: its file, or (inline) a message.
  about: string | Text = source,
): Effect.Effect<SweepFile, InspireError> =>
  Effect.gen(function* () {
    const reserved = reservedParam(data)
    if (reserved !== undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("sweep-file-reserved-param", { at: locate(reserved), name: String(reserved.at(-1)) }),
          msg("sweep-file-reserved-param-hint"),
        ),
      )
    const parsed = FileSchema.safeParse(data)
    if (!parsed.success) return yield* Effect.fail(fileIssues(parsed.error.issues, locate, [], about))
    const f = parsed.data
    const job = jobSchema(f.kind).safeParse(f.job)
    if (!job.success) return yield* Effect.fail(fileIssues(job.error.issues, locate, ["job"], about))
    if ((f.grid === undefined || Object.keys(f.grid).length === 0) && (f.list ?? []).length === 0)
      return yield* Effect.fail(
        invalidInput(
          msg("sweep-file-no-rows", { at: locate([]), source: about }),
          msg("sweep-file-no-rows-hint", { grid: msg("sweep-help-grid"), list: msg("sweep-help-list") }),
        ),
      )
    return {
      source,
      name: f.name,
      kind: f.kind,
      job: f.job,
      grid: f.grid ?? {},
      list: f.list ?? [],
      limits: f.limits ?? {},
      ...(f.recover !== undefined ? { recover: f.recover } : {}),
      hash: hashOf(data),
      locate,
    }
  })

/**
 * Reads a sweep file (relative paths start at `workingDir`, the CLI's folder) and checks it. YAML is
 * loaded only here, so commands that never read a sweep never load it.
 */
export const readSweepFile = (file: string, workingDir: string | undefined): Effect.Effect<SweepFile, InspireError> =>
  Effect.gen(function* () {
    if (!isAbsolute(file) && workingDir === undefined)
      return yield* Effect.fail(invalidInput(msg("sweep-file-relative", { file }), msg("sweep-file-relative-hint")))
    const path = isAbsolute(file) ? file : resolve(workingDir ?? "", file)
    // A regular file of bounded size: a pipe or a device is refused, never read.
    const read = readRegularFile(path)
    if ("refused" in read) return yield* Effect.fail(refusedFileError(file, read.refused))
    const text = read.content
    const yaml = yield* Effect.promise(() => import("yaml"))
    const parsed = parseText(yaml, text, file)
    if (parsed instanceof InspireError) return yield* Effect.fail(parsed)
    return yield* checkSweep(parsed.data, parsed.locate, file)
  })

/** A sweep given inline (an agent's object): checked the same way; positions name its fields. */
export const inlineSweep = (data: Readonly<Record<string, unknown>>): Effect.Effect<SweepFile, InspireError> =>
  checkSweep(
    data,
    (path) => msg("sweep-inline-at", { path: label(path) || msg("sweep-inline-top") }),
    // The source is data (stored in the manifest, shown as the sweep's file), not a sentence.
    "(inline sweep)",
    msg("sweep-inline-what"),
  )
