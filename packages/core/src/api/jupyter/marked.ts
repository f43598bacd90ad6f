import { randomBytes } from "node:crypto"
import type { SocketEnd, TerminalSocket } from "./terminal.js"

// A script runs in a terminal between two markers its own output prints, so what a terminal adds (the
// prompt, the echo of what was typed, the shell's greeting) is cut away and the exit status comes back.
// The script travels base64-encoded, so no echo of it can contain a marker, and in lines shorter than a
// terminal's line limit (4095 bytes in canonical mode). Echo and newline translation are switched off
// first (stty -echo -onlcr), so the output between the markers is byte for byte what the script wrote.

/** Quotes a value for a POSIX shell: single quotes, each `'` written as `'\''`. */
export const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`

const CHUNK = 2000

/**
 * Past this many bytes a script or a command never travels as one program argument: Linux refuses an
 * argument over 128 KiB (MAX_ARG_STRLEN), so the shell would fail before printing any marker.
 */
export const LONG_ARGUMENT = 64 * 1024

/** The private file in the notebook's home that holds a long script or command while it runs. */
export const runFile = (kind: string): string => `"$HOME"/.inspire/${kind}-${randomBytes(8).toString("hex")}`

/** A shell line that writes its stdin into `file` (a shell word), readable by the user alone. */
export const writePrivately = (file: string): string => `(umask 077 && mkdir -p "$HOME"/.inspire && cat > ${file})`

// A long script is decoded into a file and run from there, then removed; a short one stays an argument.
const runDecoded = (script: string): string => {
  if (Buffer.byteLength(script, "utf8") <= LONG_ARGUMENT) return ' sh -c "$(printf %s "$__ie" | base64 -d)" inspire'
  return ` __if=${runFile("run")}; printf %s "$__ie" | base64 -d | ${writePrivately('"$__if"')} && sh "$__if" inspire; rm -f "$__if"; unset __if`
}

/** The lines to type into a terminal that run `script` (a POSIX sh script) without echoing it. */
const typedLines = (script: string): ReadonlyArray<string> => {
  // Run from a file, the script removes that file first: the terminal may close as soon as the end
  // marker is read, before the line after it runs.
  const long = Buffer.byteLength(script, "utf8") > LONG_ARGUMENT
  const encoded = Buffer.from(long ? `rm -f -- "$0"\n${script}` : script, "utf8").toString("base64")
  const chunks: string[] = []
  for (let i = 0; i < encoded.length; i += CHUNK) chunks.push(encoded.slice(i, i + CHUNK))
  const [first = "", ...rest] = chunks
  return [
    ` stty -echo -onlcr 2>/dev/null; __ie=${first}`,
    ...rest.map((c) => ` __ie="$__ie"${c}`),
    `${runDecoded(script)}; unset __ie`,
  ]
}

/** The markers of one run: unique, so nothing else in a terminal prints them. */
export const markersOf = (nonce = randomBytes(8).toString("hex")) => ({
  begin: `<<inspire:${nonce}:begin>>`,
  end: `<<inspire:${nonce}:end:`,
  close: ">>",
})

/** Wraps a body so that it prints the begin marker, then the end marker with `$__s` (set by the body). */
export const marked = (markers: ReturnType<typeof markersOf>, body: string): string =>
  [
    "trap : INT",
    `printf '%s\\n' ${shellQuote(markers.begin)}`,
    body,
    `printf '%s%s%s\\n' ${shellQuote(markers.end)} "$__s" ${shellQuote(markers.close)}`,
  ].join("\n")

/** How a marked run ended. */
export interface MarkedRun {
  /** The text between the markers, up to `keep` characters (the end of it when longer). */
  readonly output: string
  readonly truncated: boolean
  /** UTF-8 bytes seen between the markers (all of them, kept or not). */
  readonly bytes: number
  /** What the script printed inside the end marker, or undefined when it never came. */
  readonly end: string | undefined
  /** Why the run stopped early: a timeout or an interruption (Ctrl-C was sent), or a cut socket. */
  readonly stopped?: "timeout" | "interrupt"
  readonly socket: SocketEnd | "open"
}

/** How to run a marked script. */
export interface MarkedOptions {
  readonly onOutput?: (text: string) => void
  readonly timeoutMs?: number
  /** Registers a handler for the user's interruption; returns a function that unregisters it. */
  readonly onInterrupt?: (stop: () => void) => () => void
  /** Aborts like an interruption (an Effect's interruption). */
  readonly signal?: AbortSignal
  /** How many characters of output the result keeps (the last ones). */
  readonly keep: number
}

/** The length of the longest end of `text` that begins `marker` (and may be completed by what comes next). */
const heldBack = (text: string, marker: string): number => {
  for (let n = Math.min(text.length, marker.length - 1); n > 0; n--) if (marker.startsWith(text.slice(-n))) return n
  return 0
}

// After Ctrl-C, how long the command gets to stop before Ctrl-\ (SIGQUIT), then before giving up.
const GRACE_MS = 5_000

/** Opens a terminal's socket (a notebook's terminal, a worker's PTY), handing its output to `feed`. */
export type OpenTerminal = (feed: (text: string) => void) => Promise<TerminalSocket>

/** Types the script into the terminal `open` connects to, waits for its end marker, and returns what it printed. */
export const runMarked = async (
  open: OpenTerminal,
  script: string,
  markers: ReturnType<typeof markersOf>,
  options: MarkedOptions,
): Promise<MarkedRun> => {
  let before = ""
  let pending = ""
  let started = false
  let kept = ""
  let truncated = false
  let bytes = 0
  let end: string | undefined
  let finish: () => void = () => undefined
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  // Past Ctrl-\ what the terminal prints is the shell's report of the kill ("Quit", a prompt), not output.
  let quit = false
  const emit = (text: string) => {
    if (text === "" || quit) return
    bytes += Buffer.byteLength(text, "utf8")
    options.onOutput?.(text)
    kept += text
    if (kept.length > options.keep) {
      kept = kept.slice(kept.length - options.keep)
      truncated = true
    }
  }
  const feed = (text: string) => {
    if (end !== undefined) return
    if (!started) {
      before += text
      const at = before.indexOf(markers.begin)
      if (at < 0) {
        before = before.slice(-markers.begin.length)
        return
      }
      started = true
      text = before.slice(at + markers.begin.length).replace(/^\r?\n/, "")
      before = ""
    }
    pending += text
    const at = pending.indexOf(markers.end)
    if (at >= 0) {
      const close = pending.indexOf(markers.close, at + markers.end.length)
      if (close < 0) return
      emit(pending.slice(0, at))
      end = pending.slice(at + markers.end.length, close)
      pending = ""
      finish()
      return
    }
    // Held back only what may be the start of the end marker, so output streams as it comes.
    const safe = pending.length - heldBack(pending, markers.end)
    if (safe > 0) {
      emit(pending.slice(0, safe))
      pending = pending.slice(safe)
    }
  }
  const socket = await open(feed)
  let stopped: MarkedRun["stopped"]
  const timers: NodeJS.Timeout[] = []
  const stop = (why: "timeout" | "interrupt") => {
    if (stopped !== undefined || end !== undefined) return
    stopped = why
    socket.send("\x03")
    timers.push(
      setTimeout(() => {
        quit = true
        socket.send("\x1c")
      }, GRACE_MS),
    )
    timers.push(setTimeout(finish, 2 * GRACE_MS))
  }
  if (options.timeoutMs !== undefined) timers.push(setTimeout(() => stop("timeout"), options.timeoutMs))
  const unlisten = options.onInterrupt?.(() => stop("interrupt"))
  const onAbort = () => stop("interrupt")
  options.signal?.addEventListener("abort", onAbort)
  let socketEnd: SocketEnd | "open" = "open"
  void socket.closed.then((how) => {
    socketEnd = how
    finish()
  })
  try {
    socket.send(`${typedLines(script).join("\r")}\r`)
    await done
  } finally {
    for (const t of timers) clearTimeout(t)
    unlisten?.()
    options.signal?.removeEventListener("abort", onAbort)
    socket.close()
  }
  if (end === undefined && started) emit(pending)
  return {
    output: kept,
    truncated,
    bytes,
    end,
    ...(stopped !== undefined ? { stopped } : {}),
    socket: socketEnd,
  }
}
