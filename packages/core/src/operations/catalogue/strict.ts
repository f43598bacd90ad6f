import { z } from "zod"
import { Either } from "../../effect.js"
import { type InspireErrorOf, invalidInput } from "../../errors.js"
import { callWord, plain, text, type WordOperation } from "../../words/text.js"

// Strict inputs, by construction: every object of an input schema refuses the keys it does not declare,
// so a misspelt field (`dryRun` for `dry_run`) is an error naming it instead of being dropped unseen.

type Def = { readonly type: string } & Readonly<Record<string, unknown>>

const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def

// Schemas that wrap one inner schema, which is what the caller writes.
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"])

// A copy of a definition with some properties replaced; getters (a default's value) stay getters.
const redef = (def: Def, patch: Readonly<Record<string, unknown>>): Def => {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(def)) as Record<string, unknown>
  for (const [key, value] of Object.entries(patch))
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true })
  return copy as Def
}

// Descriptions and examples live in the global registry under the schema instance: the copy gets them too.
const withMeta = (from: z.ZodType, to: z.ZodType): z.ZodType => {
  const meta = z.globalRegistry.get(from)
  if (meta !== undefined && !z.globalRegistry.has(to)) {
    const { id: _id, ...rest } = meta as Record<string, unknown>
    z.globalRegistry.add(to, rest)
  }
  return to
}

const cache = new WeakMap<z.ZodType, z.ZodType>()

const copyWith = (schema: z.ZodType, patch: Readonly<Record<string, unknown>>): z.ZodType =>
  withMeta(schema, schema.clone(redef(defOf(schema), patch) as never))

const rebuild = (schema: z.ZodType): z.ZodType => {
  const def = defOf(schema)
  const child = (s: unknown): z.ZodType => strictSchema(s as z.ZodType)
  const many = (list: unknown): ReadonlyArray<z.ZodType> => (list as ReadonlyArray<z.ZodType>).map(child)
  const changed = (a: ReadonlyArray<unknown>, b: ReadonlyArray<unknown>) => a.some((x, i) => x !== b[i])
  switch (def.type) {
    case "object": {
      const shape = def.shape as Readonly<Record<string, z.ZodType>>
      const strict = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, child(field)]))
      // An object that chose what to do with other keys (loose, passthrough, a catchall) keeps its choice.
      if (def.catchall !== undefined && !changed(Object.values(shape), Object.values(strict))) return schema
      return copyWith(schema, { shape: strict, catchall: def.catchall ?? z.never() })
    }
    case "array": {
      const element = child(def.element)
      return element === def.element ? schema : copyWith(schema, { element })
    }
    case "union": {
      const options = many(def.options)
      return changed(options, def.options as ReadonlyArray<unknown>) ? copyWith(schema, { options }) : schema
    }
    case "record": {
      const valueType = child(def.valueType)
      return valueType === def.valueType ? schema : copyWith(schema, { valueType })
    }
    case "tuple": {
      const items = many(def.items)
      const rest = def.rest === undefined || def.rest === null ? def.rest : child(def.rest)
      const same = !changed(items, def.items as ReadonlyArray<unknown>) && rest === def.rest
      return same ? schema : copyWith(schema, { items, rest })
    }
    case "pipe": {
      // Only the input side is what a caller writes.
      const input = child(def.in)
      return input === def.in ? schema : copyWith(schema, { in: input })
    }
    default: {
      if (!WRAPPERS.has(def.type)) return schema
      const inner = child(def.innerType)
      return inner === def.innerType ? schema : copyWith(schema, { innerType: inner })
    }
  }
}

/**
 * The strict form of a schema: every object in it (nested ones included) refuses undeclared keys;
 * records, intersections and lazy schemas are left as they are. Built once per schema and kept.
 */
export const strictSchema = <S extends z.ZodType>(schema: S): S => {
  const known = cache.get(schema)
  if (known !== undefined) return known as S
  const strict = rebuild(schema)
  cache.set(schema, strict)
  cache.set(strict, strict)
  return strict as S
}

const normalise = (key: string): string => key.toLowerCase().replace(/[\s_-]/g, "")

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
const distance = (a: string, b: string): number => {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[]
      const above = rows[i - 1] as number[]
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1)
      row[j] = best
    }
  return (rows[a.length] as number[])[b.length] as number
}

/**
 * The known key a mistyped one most likely meant: the same once case, `_` and `-` are ignored
 * (`jobId` → `job_id`), else the nearest within a few edits (`workspce` → `workspace`); undefined when
 * none is near.
 */
export const closestKey = (key: string, known: ReadonlyArray<string>): string | undefined => {
  const wanted = normalise(key)
  if (wanted === "") return undefined
  const limit = wanted.length <= 4 ? 1 : wanted.length <= 8 ? 2 : 3
  let best: { readonly key: string; readonly d: number } | undefined
  for (const candidate of known) {
    const d = distance(wanted, normalise(candidate))
    if (d <= limit && (best === undefined || d < best.d)) best = { key: candidate, d }
  }
  return best?.key
}

// The objects a path of the input can lead to (a union may offer several); their keys are the known ones.
const objectsAt = (schema: z.ZodType, path: ReadonlyArray<PropertyKey>): ReadonlyArray<z.ZodType> => {
  const def = defOf(schema)
  if (WRAPPERS.has(def.type)) return objectsAt(def.innerType as z.ZodType, path)
  if (def.type === "pipe") return objectsAt(def.in as z.ZodType, path)
  if (def.type === "union")
    return (def.options as ReadonlyArray<z.ZodType>).flatMap((option) => objectsAt(option, path))
  const [head, ...rest] = path
  if (head === undefined) return def.type === "object" ? [schema] : []
  const next =
    def.type === "object"
      ? (def.shape as Readonly<Record<string, z.ZodType>>)[String(head)]
      : def.type === "array"
        ? def.element
        : def.type === "record"
          ? def.valueType
          : def.type === "tuple"
            ? ((def.items as ReadonlyArray<unknown>)[Number(head)] ?? def.rest)
            : undefined
  return next === undefined || next === null ? [] : objectsAt(next as z.ZodType, rest)
}

const knownKeysAt = (schema: z.ZodType, path: ReadonlyArray<PropertyKey>): ReadonlyArray<string> => [
  ...new Set(objectsAt(schema, path).flatMap((o) => Object.keys(defOf(o).shape as object))),
]

const where = (path: ReadonlyArray<PropertyKey>): string => (path.length > 0 ? path.map(String).join(".") : "input")

interface Unknown {
  readonly key: string
  readonly path: ReadonlyArray<PropertyKey>
  readonly known: ReadonlyArray<string>
  readonly suggestion: string | undefined
}

const describeUnknown = (u: Unknown): string => {
  const place = u.path.length > 0 ? ` in ${where(u.path)}` : ""
  const guess = u.suggestion !== undefined ? ` (did you mean "${u.suggestion}"?)` : ""
  return `unknown field "${u.key}"${place}${guess}`
}

const kindOf = (raw: unknown): string =>
  raw === null ? "null" : Array.isArray(raw) ? "an array" : `a ${typeof raw} (${JSON.stringify(raw)?.slice(0, 40)})`

/**
 * Checks raw input (as a frontend received it, `undefined` meaning none) against a schema made
 * strict: the parsed value with defaults applied, or an InvalidInput error that says what is wrong.
 * Input that is not an object is refused; an unknown key is named with the known key it most likely
 * meant. `tool` is the operation's name, as the messages and hints call it (a call word).
 */
export const checkInput = <S extends z.ZodType>(
  tool: string,
  schema: S,
  raw: unknown,
): Either.Either<z.output<S>, InspireErrorOf<"InvalidInput">> => {
  if (raw !== undefined && (typeof raw !== "object" || raw === null || Array.isArray(raw)))
    return Either.left(
      invalidInput(
        text`Invalid input for ${tool}: the input must be an object of named fields, not ${kindOf(raw)}.`,
        text`Pass the parameters of ${callWord(tool as WordOperation)} as one JSON object, e.g. {} or {"field": value}; its schema lists the fields.`,
      ),
    )
  const parsed = strictSchema(schema).safeParse(raw ?? {})
  if (parsed.success) return Either.right(parsed.data)
  const unknown: Unknown[] = []
  const other: string[] = []
  for (const issue of parsed.error.issues) {
    if (issue.code !== "unrecognized_keys") {
      other.push(`${where(issue.path)}: ${issue.message}`)
      continue
    }
    const known = knownKeysAt(schema, issue.path)
    for (const key of issue.keys) unknown.push({ key, path: issue.path, known, suggestion: closestKey(key, known) })
  }
  const problems = [...unknown.map(describeUnknown), ...other]
  const message = text`Invalid input for ${tool}: ${problems.join("; ")}.`
  const first = unknown[0]
  if (first === undefined)
    return Either.left(
      invalidInput(
        message,
        text`Check the parameters of ${callWord(tool as WordOperation)}; every field is described in its schema.`,
      ),
    )
  const fields = first.known.length > 0 ? first.known.join(", ") : "none"
  // An operation outside the registry (a host's own tool) is worded by its name all the same.
  const call = callWord(tool as WordOperation)
  const place = first.path.length > 0 ? text`${where(first.path)} in ${call}` : call
  const hint = text`${place} takes only the fields its schema declares, spelled exactly: ${fields}. A field it does not know is refused, never ignored.`
  const fix = unknown.length === 1 ? first.suggestion : undefined
  return Either.left(invalidInput(message, hint, fix !== undefined ? { fix: plain(fix) } : {}))
}
