import { amendError, type InspireError } from "../errors.js"
import { type Dialect, wordIn } from "./dialect.js"
import type { Language } from "./message.js"
import { isText, plain, type Text } from "./text.js"
import { wordText } from "./word.js"

/**
 * A text with every message worded in `lang` and every reference in `dialect`'s terms (CLI commands, MCP
 * calls, library methods); tables and fields laid out in the words they show. A message's values are
 * worded the same way before they go in. A plain string is returned as it is. With `width` (a terminal's
 * columns), a table that says which of its columns may go is made to fit it.
 */
export const renderWords = (value: Text | string, dialect: Dialect, lang: Language = "en", width?: number): string =>
  wordText(value, lang, (ref) => wordIn(dialect, ref), width)

const plainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * `value` with every Text inside it worded by `renderWords`: arrays and plain objects are copied,
 * anything else (strings, class instances, dates, buffers) is kept as it is.
 */
export const renderDeep = <A>(value: A, dialect: Dialect, lang: Language = "en", width?: number): Worded<A> => {
  if (isText(value)) return renderWords(value, dialect, lang, width) as Worded<A>
  if (Array.isArray(value)) return value.map((v: unknown) => renderDeep(v, dialect, lang, width)) as Worded<A>
  if (typeof value !== "object" || value === null || !plainObject(value)) return value as Worded<A>
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, renderDeep(v, dialect, lang, width)]),
  ) as Worded<A>
}

/** A value as `renderDeep` returns it: each Text inside it a string. */
export type Worded<A> = A extends Text
  ? string
  : A extends ReadonlyArray<infer E>
    ? ReadonlyArray<Worded<E>>
    : A extends (...args: never[]) => unknown
      ? A
      : A extends object
        ? { [K in keyof A]: Worded<A[K]> }
        : A

/**
 * An error worded for a frontend: its message and hint said in `lang` and `dialect`'s terms (the error's
 * `message` is then that wording); what they said as data stays on `parts`.
 */
export const renderError = (e: InspireError, dialect: Dialect, lang: Language = "en"): InspireError =>
  amendError(e, {
    message: plain(renderWords(e.text, dialect, lang)),
    hint: plain(renderWords(e.hint, dialect, lang)),
    ...(e.fix !== undefined ? { fix: plain(renderWords(e.fix, dialect, lang)) } : {}),
    ...(e.candidates !== undefined ? { candidates: renderDeep(e.candidates, dialect, lang) } : {}),
    parts: e.parts ?? { message: e.text.parts, hint: e.hint.parts },
  })
