import { createHash } from "node:crypto"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { canonicalJson, type ParamValue, type SweepFile } from "./file.js"

// A sweep's rows: the grid's cartesian product, then the list's rows, each with its templates filled and
// its identity — the marker its create carries, the same on every run of the same sweep file.

/** One job of a sweep: its parameters, identity and the job fields with the templates filled in. */
export interface SweepRow {
  /** 1-based, in the order the rows are made (grid first, then list). */
  readonly index: number
  readonly params: Readonly<Record<string, ParamValue>>
  /** The job's identity: derived from the sweep's hash and its parameters; its create's marker. */
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
    ...text(sweep.kind === "hpc" ? "entrypoint" : "command"),
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

/** A row's identity: 20 hex digits of SHA-256 over the sweep's hash and the row's parameters. */
const rowKey = (sweepHash: string, params: Readonly<Record<string, ParamValue>>): string =>
  createHash("sha256")
    .update(`${sweepHash}\n${canonicalJson(params)}`)
    .digest("hex")
    .slice(0, 20)

/**
 * Expands a checked sweep into its rows. Every placeholder must name a parameter (or `{index}`); the
 * names must differ; the count must stay within `max_jobs`. Errors point at the file's line.
 */
export const expandSweep = (sweep: SweepFile): Effect.Effect<ReadonlyArray<SweepRow>, InspireError> =>
  Effect.gen(function* () {
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
    const max = sweep.limits.max_jobs
    if (max !== undefined && all.length > max)
      return yield* Effect.fail(
        invalidInput(
          msg("sweep-too-many-jobs", { at: sweep.locate(["limits", "max_jobs"]), count: all.length, max }),
          msg("sweep-too-many-jobs-hint"),
        ),
      )
    const rows: SweepRow[] = []
    const seen = new Map<string, number>()
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
      const key = rowKey(sweep.hash, params)
      const twin = seen.get(key)
      if (twin !== undefined)
        return yield* Effect.fail(
          invalidInput(
            msg("sweep-row-twin", { at: where, index, twin, params: canonicalJson(params) }),
            msg("sweep-row-twin-hint"),
          ),
        )
      seen.set(key, index)
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
      rows.push({ index, params, key, name, job })
    }
    return rows
  })

/** A sweep's job fields with one row's values filled into name, command (entrypoint) and envs. */
export const fillJob = (
  kind: "train" | "hpc",
  template: Readonly<Record<string, unknown>>,
  params: Readonly<Record<string, ParamValue>>,
  index: number,
): Readonly<Record<string, unknown>> => {
  const job: Record<string, unknown> = { ...template }
  const f = (v: unknown) => (typeof v === "string" ? fill(v, params, index) : v)
  job.name = f(job.name)
  const command = kind === "hpc" ? "entrypoint" : "command"
  job[command] = f(job[command])
  if (job.envs !== null && typeof job.envs === "object")
    job.envs = Object.fromEntries(Object.entries(job.envs as Record<string, unknown>).map(([k, v]) => [k, f(v)]))
  return job
}
