import { amendError, type InspireError } from "../errors.js"
import { type Dialect, wordIn } from "./dialect.js"
import { hasWords, parseWords, replaceWords } from "./token.js"

/** A text with every reference worded in `dialect`'s terms (CLI commands, MCP calls, library methods). */
export const renderWords = (text: string, dialect: Dialect): string => replaceWords(text, (ref) => wordIn(dialect, ref))

const plain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * `value` with every string inside it worded by `renderWords`: arrays and plain objects are copied,
 * anything else (class instances, dates, buffers) is kept as it is.
 */
export const renderDeep = <A>(value: A, dialect: Dialect): A => {
  if (typeof value === "string") return renderWords(value, dialect) as A
  if (Array.isArray(value)) return value.map((v: unknown) => renderDeep(v, dialect)) as A
  if (typeof value !== "object" || value === null || !plain(value)) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderDeep(v, dialect)])) as A
}

/** An error worded for a frontend; what its message and hint said as data stays on `parts` (see `parseWords`). */
export const renderError = (e: InspireError, dialect: Dialect): InspireError =>
  !hasWords(e.message) && !hasWords(e.hint) && !hasWords(e.fix ?? "")
    ? e
    : amendError(e, {
        message: renderWords(e.message, dialect),
        hint: renderWords(e.hint, dialect),
        ...(e.fix !== undefined ? { fix: renderWords(e.fix, dialect) } : {}),
        ...(e.candidates !== undefined ? { candidates: renderDeep(e.candidates, dialect) } : {}),
        parts: { message: parseWords(e.message), hint: parseWords(e.hint) },
      })
