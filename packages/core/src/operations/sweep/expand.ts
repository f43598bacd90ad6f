import { createHash } from "node:crypto"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { canonicalJson, commandField, type ParamValue, type SweepFile, type SweepKind } from "./file.js"

// A sweep's rows: the grid's cartesian product, then the list's rows, each with its templates filled and
// its identity — the marker its create carries. A job's identity is what it is (its kind and its filled
// fields, name included), not the file it came from: an edited file, another store or another spelling of
// the platform's address finds the jobs it made before.

/** One job of a sweep: its parameters, identity and the job fields with the templates filled in. */
export interface SweepRow {
  /** 1-based, in the order the rows are made (grid first, then list). */
  readonly index: number
  readonly params: Readonly<Record<string, ParamValue>>
  /** The job's identity: derived from its kind and filled fields; its create's marker. */
  readonly key: string
  readonly name: string
  /** The job fields with `{param}` filled in name, command (entrypoint) and envs. */
  readonly job: Readonly<Record<string, unknown>>
}

// Placeholders the submit itself fills (commandPrefix's), and the row's number.
const KEPT = new Set(["en_name", "username"])
const INDEX = "index"

// `{{` and `}}` are literal braces, `${…}` is the shell's; `{name}` is a placeholder.
const PLACEHOLDER = /\{\{|\}\}|(\$)?\{([^{}]*)\}/g

/** The placeholders a template uses, in order (`{{`, `}}` and `${…}` are not placeholders). */
const placeholdersOf = (template: string): ReadonlyArray<string> =>
  [...template.matchAll(PLACEHOLDER)].flatMap((m) =>
    m[0] === "{{" || m[0] === "}}" || m[1] === "$" || m[2] === undefined || KEPT.has(m[2]) ? [] : [m[2]],
  )

/** A template filled with a row's values; the caller has checked that every placeholder has one. */
const fill = (template: string, values: Readonly<Record<string, ParamValue>>, index: number): string =>
  template.replace(PLACEHOLDER, (all, dollar: string | undefined, name: string | undefined) => {
    if (all === "{{") return "{"
    if (all === "}}") return "}"
    if (dollar === "$" || name === undefined || KEPT.has(name)) return all
    const value = values[name]
    if (value !== undefined) return String(value)
    return name === INDEX ? String(index) : all
  })

/** The templated fields of a job, as paths in the file, with their text. */
const templates = (sweep: SweepFile): ReadonlyArray<readonly [ReadonlyArray<string>, string]> => {
  const job = sweep.job
  const text = (key: string) => (typeof job[key] === "string" ? [[["job", key], job[key] as string] as const] : [])
  const envs = job.envs !== null && typeof job.envs === "object" ? (job.envs as Record<string, unknown>) : {}
  return [
    ...text("name"),
    ...text(commandField(sweep.kind)),
    ...Object.entries(envs).flatMap(([k, v]) => (typeof v === "string" ? [[["job", "envs", k], v] as const] : [])),
  ]
}

const product = (
  grid: Readonly<Record<string, ReadonlyArray<ParamValue>>>,
): ReadonlyArray<Record<string, ParamValue>> =>
  Object.entries(grid).reduce<ReadonlyArray<Record<string, ParamValue>>>(
    (rows, [key, values]) => rows.flatMap((row) => values.map((v) => ({ ...row, [key]: v }))),
    [{}],
  )

/** A job's identity: 20 hex digits of SHA-256 over its kind and its filled fields. */
const jobKey = (kind: SweepKind, job: Readonly<Record<string, unknown>>): string =>
  createHash("sha256")
    .update(`${kind}\n${canonicalJson(job)}`)
    .digest("hex")
    .slice(0, 20)

/** A resubmit's marker: a new one per attempt, derived from the one before, so a re-run finds it. */
export const attemptKey = (key: string, attempt: number): string =>
  createHash("sha256").update(`${key}\nattempt ${attempt}`).digest("hex").slice(0, 20)

/** The markers a job of this identity has carried: its first create's, then each resubmit's. */
export const markersOf = (key: string, attempts: number): ReadonlyArray<string> => {
  const keys = [key]
  for (let n = 1; n <= attempts; n++) keys.push(attemptKey(keys[n - 1] ?? key, n))
  return keys
}

/** The most jobs one sweep makes, whatever its limits say: more is refused before anything is expanded. */
const MAX_SWEEP_JOBS = 1_000

/** How many rows a sweep makes, from its factors (nothing expanded). */
const sizeOf = (sweep: SweepFile): number => {
  const factors = Object.values(sweep.grid)
  return (factors.length > 0 ? factors.reduce((n, values) => n * values.length, 1) : 0) + sweep.list.length
}

/**
 * Expands a checked sweep into its rows. The count must stay within `max_jobs` (and MAX_SWEEP_JOBS),
 * checked from the grid's factors before anything is made; every placeholder must name a parameter (or
 * `{index}`); the names must differ. Errors point at the file's line.
 */
export const expandSweep = (sweep: SweepFile): Effect.Effect<ReadonlyArray<SweepRow>, InspireError> =>
  Effect.gen(function* () {
    const size = sizeOf(sweep)
    const max = Math.min(sweep.limits.max_jobs ?? MAX_SWEEP_JOBS, MAX_SWEEP_JOBS)
    if (size > max)
      return yield* Effect.fail(
        invalidInput(
          sweep.limits.max_jobs !== undefined && sweep.limits.max_jobs <= MAX_SWEEP_JOBS
            ? msg("sweep-too-many-jobs", { at: sweep.locate(["limits", "max_jobs"]), count: size, max })
            : msg("sweep-too-many-jobs-ceiling", { at: sweep.locate(["grid"]), count: size, max }),
          sweep.limits.max_jobs !== undefined && sweep.limits.max_jobs <= MAX_SWEEP_JOBS
            ? msg("sweep-too-many-jobs-hint")
            : msg("sweep-too-many-jobs-ceiling-hint", { max }),
        ),
      )
    const gridRows = Object.keys(sweep.grid).length > 0 ? product(sweep.grid) : []
    const all = [...gridRows, ...sweep.list]
    const known = new Set(all.flatMap((r) => Object.keys(r)))
    const used = templates(sweep)
    for (const [path, template] of used)
      for (const name of placeholdersOf(template))
        if (!known.has(name) && name !== INDEX)
          return yield* Effect.fail(
            invalidInput(
              msg("sweep-unknown-param", {
                at: sweep.locate(path, `{${name}}`),
                path: path.join("."),
                param: `{${name}}`,
              }),
              msg("sweep-unknown-param-hint", {
                params: [...known, INDEX].map((k) => `{${k}}`).join(", "),
                name,
              }),
            ),
          )
    const nameTemplate = String(sweep.job.name ?? "")
    if (all.length > 1 && placeholdersOf(nameTemplate).length === 0)
      return yield* Effect.fail(
        invalidInput(
          msg("sweep-name-no-param", { at: sweep.locate(["job", "name"]), name: nameTemplate, count: all.length }),
          msg("sweep-name-no-param-hint", {
            example: `${nameTemplate || "exp"}-${[...known].map((k) => `{${k}}`).join("-") || "{index}"}`,
          }),
        ),
      )
    const rows: SweepRow[] = []
    const names = new Map<string, number>()
    for (const [i, params] of all.entries()) {
      const index = i + 1
      const listAt = i - gridRows.length
      const where = listAt >= 0 ? sweep.locate(["list", listAt]) : sweep.locate(["grid"])
      for (const [path, template] of used)
        for (const name of placeholdersOf(template))
          if (params[name] === undefined && name !== INDEX)
            return yield* Effect.fail(
              invalidInput(
                msg("sweep-row-missing", { at: where, index, param: `{${name}}`, path: path.join(".") }),
                msg("sweep-row-missing-hint", { name, param: `{${name}}`, path: path.join(".") }),
              ),
            )
      const job = fillJob(sweep.kind, sweep.job, params, index)
      const name = String(job.name)
      const sameName = names.get(name)
      if (sameName !== undefined)
        return yield* Effect.fail(
          invalidInput(
            msg("sweep-row-same-name", { at: sweep.locate(["job", "name"]), first: sameName, index, name }),
            msg("sweep-row-same-name-hint"),
          ),
        )
      names.set(name, index)
      // Two rows of one name are refused above, so two rows never share an identity.
      rows.push({ index, params, key: jobKey(sweep.kind, job), name, job })
    }
    return rows
  })

/** A sweep's job fields with one row's values filled into name, command (entrypoint) and envs. */
export const fillJob = (
  kind: SweepKind,
  template: Readonly<Record<string, unknown>>,
  params: Readonly<Record<string, ParamValue>>,
  index: number,
): Readonly<Record<string, unknown>> => {
  const job: Record<string, unknown> = { ...template }
  const f = (v: unknown) => (typeof v === "string" ? fill(v, params, index) : v)
  job.name = f(job.name)
  const command = commandField(kind)
  job[command] = f(job[command])
  if (job.envs !== null && typeof job.envs === "object")
    job.envs = Object.fromEntries(Object.entries(job.envs as Record<string, unknown>).map(([k, v]) => [k, f(v)]))
  return job
}
