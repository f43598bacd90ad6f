import { isAbsolute, resolve } from "node:path"
import { z } from "zod"
import { Effect } from "../effect.js"
import { InspireError, invalidInput } from "../errors.js"
import { readRegularFile, refusedFileError } from "../store/regular-file.js"
import { msg } from "../words/message.js"
import { resolveTask } from "./common/lookup.js"
import { taskSpecFields } from "./resubmit.js"
import {
  type FileWords,
  fileIssues,
  jobSchema,
  type Locate,
  parseText,
  SWEEP_KINDS,
  type SweepKind,
} from "./sweep/file.js"

// A job spec file: one job's submit fields, as a sweep file's `job:` holds them, with `kind:` (train, hpc
// or ray) beside them. Read with the sweep file's parser and checked against the same schema, so an
// error names the line and the field; `--set key=value` changes a field before the check.

/** A job spec as read: the kind of job and its submit fields (not yet checked for what is required). */
export interface JobSpec {
  readonly kind: SweepKind
  readonly job: Readonly<Record<string, unknown>>
}

const WORDS: FileWords = {
  syntax: (args) => msg("spec-file-syntax", args),
  top: (args) => msg("spec-file-unknown", args),
  invalid: (args) => msg("spec-file-invalid", args),
  hint: () => msg("spec-file-invalid-hint"),
}

// Names JavaScript objects keep for themselves: a key so named would be lost, so it is refused.
const RESERVED = new Set(["__proto__", "constructor", "prototype"])

type YamlModule = typeof import("yaml")

// A `--set` value is a YAML scalar (1 is a number, true a boolean); an environment variable's stays text.
const setValue = (yaml: YamlModule, raw: string, path: ReadonlyArray<string>): unknown => {
  if (path[0] === "envs") return raw
  try {
    const v: unknown = yaml.parse(raw)
    return v === null || typeof v === "object" ? raw : v
  } catch {
    return raw
  }
}

/** The file's fields with each `--set key=value` applied (dotted keys reach into a mapping such as envs). */
const applySets = (
  yaml: YamlModule,
  data: Record<string, unknown>,
  sets: ReadonlyArray<string>,
): Record<string, unknown> | InspireError => {
  const out: Record<string, unknown> = structuredClone(data)
  for (const set of sets) {
    const eq = set.indexOf("=")
    const path = eq > 0 ? set.slice(0, eq).split(".") : []
    if (path.length === 0 || path.some((p) => p === "" || RESERVED.has(p)))
      return invalidInput(msg("spec-set-form", { value: set }), msg("spec-set-form-hint"))
    let at: Record<string, unknown> = out
    for (const key of path.slice(0, -1)) {
      const next = at[key] ?? {}
      if (typeof next !== "object" || next === null || Array.isArray(next))
        return invalidInput(msg("spec-set-not-mapping", { value: set, key }), msg("spec-set-form-hint"))
      at[key] = next
      at = next as Record<string, unknown>
    }
    at[path.at(-1) ?? ""] = setValue(yaml, set.slice(eq + 1), path)
  }
  return out
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/**
 * Reads a job spec file (relative to `workingDir`), applies `sets`, and checks every field it has against
 * the kind's submit input: unknown fields, wrong types and bad YAML name the file's line.
 */
export const readJobSpec = (
  file: string,
  sets: ReadonlyArray<string>,
  workingDir: string | undefined,
): Effect.Effect<JobSpec, InspireError> =>
  Effect.gen(function* () {
    const path = isAbsolute(file) ? file : resolve(workingDir ?? process.cwd(), file)
    const read = readRegularFile(path)
    if ("refused" in read) return yield* Effect.fail(refusedFileError(file, read.refused))
    const yaml = yield* Effect.promise(() => import("yaml"))
    const parsed = parseText(yaml, read.content, file, WORDS)
    if (parsed instanceof InspireError) return yield* Effect.fail(parsed)
    if (!isRecord(parsed.data))
      return yield* Effect.fail(invalidInput(msg("spec-file-not-mapping", { at: `${file}:1:1` }), WORDS.hint()))
    const data = applySets(yaml, parsed.data, sets)
    if (data instanceof InspireError) return yield* Effect.fail(data)
    // A field a --set gave is named as that flag, not by a line of the file.
    const setKeys = sets.map((s) => s.slice(0, s.indexOf("=")))
    const locate: Locate = (p, wanted) => {
      const dotted = p.join(".")
      const set = setKeys.find((k) => dotted === k || dotted.startsWith(`${k}.`) || k.startsWith(`${dotted}.`))
      return set !== undefined ? `--set ${set}` : parsed.locate(p, wanted)
    }
    const { kind: rawKind, ...job } = data
    const kind = z.enum(SWEEP_KINDS).default("train").safeParse(rawKind)
    if (!kind.success) return yield* Effect.fail(fileIssues(kind.error.issues, locate, ["kind"], file, WORDS))
    // Every field is checked here but none is required yet: a flag may still give it (the submit checks that).
    const checked = jobSchema(kind.data).partial().strict().safeParse(job)
    if (!checked.success) return yield* Effect.fail(fileIssues(checked.error.issues, locate, [], file, WORDS))
    return { kind: kind.data, job }
  })

/** A task's spec file, as YAML: `inspire job submit --file` submits the same job again from it. */
export const taskSpecYaml = (task: string, workspace?: string) =>
  Effect.gen(function* () {
    const { id, kind } = yield* resolveTask(task, ["train", "hpc", "ray"], workspace)
    const k = kind === "hpc" || kind === "ray" ? kind : "train"
    const fields = yield* taskSpecFields(id, k)
    const yaml = yield* Effect.promise(() => import("yaml"))
    return yaml.stringify({ kind: k, ...fields }, { lineWidth: 0 })
  })
