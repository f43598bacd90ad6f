import { Either } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { msg } from "../../../words/message.js"

const UNITS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 }

/** The longest window a metric or log query may span (the platform refuses more than a month, §5.9). */
const MAX_RANGE_SECONDS = 30 * 86_400

/** Parses a time range like `30m`, `3h`, `1d` or `90s` into seconds; anything else is an InvalidInput. */
export const parseTimeRange = (raw: string, field = "time_range"): Either.Either<number, InspireError> => {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$/i.exec(raw)
  const unit = m?.[2] !== undefined ? UNITS[m[2].toLowerCase()] : undefined
  const seconds = m?.[1] !== undefined && unit !== undefined ? Math.round(Number(m[1]) * unit) : Number.NaN
  if (!(seconds > 0))
    return Either.left(
      invalidInput(msg("common-ops-time-range-invalid", { field, raw }), msg("common-ops-time-range-invalid-hint"), {
        candidates: ["30m", "1h", "3h", "1d"],
      }),
    )
  if (seconds > MAX_RANGE_SECONDS)
    return Either.left(
      invalidInput(msg("common-ops-time-range-long", { field, raw }), msg("common-ops-time-range-long-hint")),
    )
  return Either.right(seconds)
}

/** Parses a point in time: epoch ms or seconds, an ISO date, or a range back from `now` (`2h` = two hours ago). */
export const parseInstant = (raw: string, now: number, field: string): Either.Either<number, InspireError> => {
  const text = raw.trim()
  if (/^\d{13}$/.test(text)) return Either.right(Number(text))
  if (/^\d{10}$/.test(text)) return Either.right(Number(text) * 1000)
  if (/^\d+(\.\d+)?\s*[smhdw]$/i.test(text)) return Either.map(parseTimeRange(text, field), (s) => now - s * 1000)
  // A bare date is local midnight, like a date and time without an offset (Date.parse alone reads it as UTC).
  const parsed = Date.parse(/^\d{4}-\d\d-\d\d$/.test(text) ? `${text}T00:00` : text)
  if (Number.isFinite(parsed)) return Either.right(parsed)
  return Either.left(invalidInput(msg("common-ops-time-invalid", { field, raw }), msg("common-ops-time-invalid-hint")))
}
