import { Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { plain } from "../../words/text.js"
import { formatClockTime, isTimeZone } from "../time.js"

/** The time zone clock times are shown in when the caller names none: the process's (`TZ` honoured). */
const DEFAULT_TIME_ZONE: string | undefined = undefined

/** Formats epoch seconds as a 24-hour "HH:MM +08:00". */
export type ClockFormatter = (epochSeconds: number) => string

/**
 * A clock for an IANA time zone ("Asia/Shanghai", "UTC"), by default the process's; the zone is checked
 * once, here, so that a typo is an InvalidInput error rather than a RangeError deep inside the analysis.
 */
export const clockFor = (
  timeZone: string | undefined = DEFAULT_TIME_ZONE,
): Either.Either<ClockFormatter, InspireError> => {
  if (timeZone !== undefined && !isTimeZone(timeZone))
    return Either.left(
      invalidInput(msg("verdict-time-zone", { zone: timeZone }), msg("verdict-time-zone-hint"), { fix: plain("UTC") }),
    )
  return Either.right((epochSeconds) => formatClockTime(epochSeconds * 1000, timeZone))
}

/** Formats epoch seconds as "HH:MM +08:00" in the given IANA time zone (the process's by default). */
export const formatClock = (
  epochSeconds: number,
  timeZone: string | undefined = DEFAULT_TIME_ZONE,
): Either.Either<string, InspireError> => Either.map(clockFor(timeZone), (clock) => clock(epochSeconds))
