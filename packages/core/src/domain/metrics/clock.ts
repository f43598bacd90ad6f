import { Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"

/** The time zone clock times are shown in when the caller names none. */
export const DEFAULT_TIME_ZONE = "UTC"

/** Formats epoch seconds as a 24-hour "HH:MM". */
export type ClockFormatter = (epochSeconds: number) => string

/**
 * A clock for an IANA time zone ("Asia/Shanghai", "UTC"); the zone is checked once, here, so that a typo
 * is an InvalidInput error rather than a RangeError deep inside the analysis.
 */
export const clockFor = (timeZone: string = DEFAULT_TIME_ZONE): Either.Either<ClockFormatter, InspireError> => {
  let format: Intl.DateTimeFormat
  try {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
  } catch {
    return Either.left(
      invalidInput(`Unknown time zone "${timeZone}".`, 'Pass an IANA time zone such as "Asia/Shanghai" or "UTC".', {
        fix: DEFAULT_TIME_ZONE,
      }),
    )
  }
  return Either.right((epochSeconds) => {
    const parts = format.formatToParts(new Date(epochSeconds * 1000))
    const hour = parts.find((p) => p.type === "hour")?.value ?? "00"
    const minute = parts.find((p) => p.type === "minute")?.value ?? "00"
    return `${hour}:${minute}`
  })
}

/** Formats epoch seconds as "HH:MM" in the given IANA time zone (UTC by default). */
export const formatClock = (
  epochSeconds: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): Either.Either<string, InspireError> => Either.map(clockFor(timeZone), (clock) => clock(epochSeconds))
