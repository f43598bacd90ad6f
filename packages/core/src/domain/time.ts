// The one place an instant becomes text. People read local time (the process's zone, so `TZ` is honoured)
// with its offset, because the platform and its users live in Asia/Shanghai while machines often run in
// UTC: a time without its offset is a guess. Machines read ISO 8601 with the same offset. A source scan
// (test/domain/time-scan.test.ts) keeps every other module from formatting dates by hand.

interface Zoned {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
  readonly ms: number
  /** Minutes east of UTC. */
  readonly offset: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** A formatter for a named zone; the process's own zone is read through Date (`local`). */
const formatterFor = (zone: string): Intl.DateTimeFormat => {
  const known = formatters.get(zone)
  if (known !== undefined) return known
  const made = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  })
  formatters.set(zone, made)
  return made
}

type WallClock = Omit<Zoned, "ms" | "offset">

// The process's own zone through Date's local fields rather than Intl: the same zone (both follow TZ, and
// Node resets Date's zone when TZ is assigned), but an Intl formatter brings in ICU's calendar and number
// formatting, about 9 MB of resident memory for a process that only shows times (a log download).
const localClock = (epochMs: number): WallClock => {
  const d = new Date(epochMs)
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  }
}

const zoneClock = (epochMs: number, zone: string): WallClock => {
  const parts: Record<string, number> = {}
  for (const p of formatterFor(zone).formatToParts(epochMs)) if (p.type !== "literal") parts[p.type] = Number(p.value)
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  }
}

const zoned = (epochMs: number, zone: string | undefined): Zoned => {
  const c = zone === undefined ? localClock(epochMs) : zoneClock(epochMs, zone)
  const ms = ((epochMs % 1000) + 1000) % 1000
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second, ms)
  return { ...c, ms, offset: Math.round((wall - epochMs) / 60_000) }
}

const two = (n: number): string => String(n).padStart(2, "0")

const offsetText = (minutes: number): string =>
  `${minutes < 0 ? "-" : "+"}${two(Math.floor(Math.abs(minutes) / 60))}:${two(Math.abs(minutes) % 60)}`

/** How an instant is shown: with seconds or not, in which IANA zone (default the process's). */
export interface InstantStyle {
  readonly seconds?: boolean
  readonly zone?: string
}

/** Whether `zone` is an IANA time zone this runtime knows ("Asia/Shanghai", "UTC"). */
export const isTimeZone = (zone: string): boolean => {
  try {
    formatterFor(zone)
    return true
  } catch {
    return false
  }
}

/** An instant for people: `2026-12-04 08:29 +08:00` (with `seconds`, `08:29:01`), in local time. */
export const formatInstant = (epochMs: number, style: InstantStyle = {}): string => {
  const z = zoned(epochMs, style.zone)
  const clock = `${two(z.hour)}:${two(z.minute)}${style.seconds === true ? `:${two(z.second)}` : ""}`
  return `${z.year}-${two(z.month)}-${two(z.day)} ${clock} ${offsetText(z.offset)}`
}

/** The clock time of an instant for people, `08:29 +08:00`, when the day is plain from the context. */
export const formatClockTime = (epochMs: number, zone?: string): string => {
  const z = zoned(epochMs, zone)
  return `${two(z.hour)}:${two(z.minute)} ${offsetText(z.offset)}`
}

/** An instant for machines: ISO 8601 with milliseconds and the offset, `2026-12-04T08:29:01.000+08:00`. */
export const isoInstant = (epochMs: number, zone?: string): string => {
  const z = zoned(epochMs, zone)
  const date = `${z.year}-${two(z.month)}-${two(z.day)}`
  return `${date}T${two(z.hour)}:${two(z.minute)}:${two(z.second)}.${String(z.ms).padStart(3, "0")}${offsetText(z.offset)}`
}

/**
 * `isoInstant` for a run of instants that mostly share their minute (a log's lines): the date, hour, minute
 * and offset are worked out once per minute rather than once per instant, which is what makes a million
 * lines cheap. A minute the zone's offset changes in, or an offset with seconds, is formatted in full.
 */
export const isoInstants = (zone?: string): ((epochMs: number) => string) => {
  let minute = Number.NaN
  let head = ""
  let offset = ""
  return (epochMs) => {
    const start = Math.floor(epochMs / 60_000) * 60_000
    if (start !== minute) {
      const first = zoned(start, zone)
      if (first.second !== 0 || zoned(start + 59_999, zone).offset !== first.offset) return isoInstant(epochMs, zone)
      minute = start
      head = `${first.year}-${two(first.month)}-${two(first.day)}T${two(first.hour)}:${two(first.minute)}:`
      offset = offsetText(first.offset)
    }
    const within = epochMs - start
    return `${head}${two(Math.floor(within / 1000))}.${String(within % 1000).padStart(3, "0")}${offset}`
  }
}
