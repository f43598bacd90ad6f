import { amendError, type InspireError } from "../errors.js"
import { type Dialect, wordIn } from "./dialect.js"
import { formatMessage, type Language } from "./message.js"
import { layoutTable } from "./table.js"
import { hasWords, parseWords, replaceWords, splitMessages } from "./token.js"

/**
 * A text with every message worded in `lang` and every reference in `dialect`'s terms (CLI commands, MCP
 * calls, library methods). A message's values are worded the same way before they go in.
 */
export const renderWords = (text: string, dialect: Dialect, lang: Language = "en"): string =>
  hasWords(text)
    ? splitMessages(text)
        .map((p) =>
          typeof p === "string"
            ? replaceWords(p, (ref) =>
                ref.kind === "table"
                  ? layoutTable(
                      ref.headers.map((h) => renderWords(h, dialect, lang)),
                      ref.aligns,
                      ref.rows.map((row) => row.map((c) => renderWords(c, dialect, lang))),
                    )
                  : wordIn(dialect, ref),
              )
            : formatMessage(
                lang,
                p.ref.id,
                Object.fromEntries(
                  Object.entries(p.ref.args).map(([k, v]) => [
                    k,
                    typeof v === "string" ? renderWords(v, dialect, lang) : v,
                  ]),
                ),
              ),
        )
        .join("")
    : text

const plain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * `value` with every string inside it worded by `renderWords`: arrays and plain objects are copied,
 * anything else (class instances, dates, buffers) is kept as it is.
 */
export const renderDeep = <A>(value: A, dialect: Dialect, lang: Language = "en"): A => {
  if (typeof value === "string") return renderWords(value, dialect, lang) as A
  if (Array.isArray(value)) return value.map((v: unknown) => renderDeep(v, dialect, lang)) as A
  if (typeof value !== "object" || value === null || !plain(value)) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderDeep(v, dialect, lang)])) as A
}

/** An error worded for a frontend; what its message and hint said as data stays on `parts` (see `parseWords`). */
export const renderError = (e: InspireError, dialect: Dialect, lang: Language = "en"): InspireError =>
  !hasWords(e.message) && !hasWords(e.hint) && !hasWords(e.fix ?? "")
    ? e
    : amendError(e, {
        message: renderWords(e.message, dialect, lang),
        hint: renderWords(e.hint, dialect, lang),
        ...(e.fix !== undefined ? { fix: renderWords(e.fix, dialect, lang) } : {}),
        ...(e.candidates !== undefined ? { candidates: renderDeep(e.candidates, dialect, lang) } : {}),
        parts: { message: parseWords(e.message), hint: parseWords(e.hint) },
      })
