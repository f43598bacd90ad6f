import { z } from "zod"
import type { LookupKind } from "../../domain/lookup.js"
import type { Text } from "../../words/text.js"
import type { Operation } from "./operation.js"
import { described } from "./schema.js"

// The input fields that take an id, with the kinds they take.
const refs = new WeakMap<z.ZodType, ReadonlyArray<LookupKind>>()

/**
 * Tags an input field as one that takes the id of a thing of these kinds, and so also its name or a
 * unique id prefix (common/lookup.ts resolves them; the catalogue's lookup test walks every tagged field).
 * Tag the field's final schema, as it stands in the input object.
 */
export const refersTo = <S extends z.ZodType>(schema: S, ...kinds: ReadonlyArray<LookupKind>): S => {
  refs.set(schema, kinds)
  return schema
}

/** An optional input field that takes an id of these kinds, described with words (`described`). */
export const idField = (kinds: ReadonlyArray<LookupKind>, description: Text): z.ZodOptional<z.ZodString> =>
  refersTo(described(z.string().optional(), description), ...kinds)

/** One input field that takes an id: its name and the kinds it takes. */
export interface IdField {
  readonly field: string
  readonly kinds: ReadonlyArray<LookupKind>
}

/** The input fields of an operation that take an id, in the order of its input. */
export const idFieldsOf = (operation: Pick<Operation, "input">): ReadonlyArray<IdField> =>
  Object.entries(operation.input.shape as Record<string, z.ZodType>).flatMap(([field, schema]) => {
    const kinds = refs.get(schema)
    return kinds === undefined ? [] : [{ field, kinds }]
  })
