import type { Lab } from "../../api/jupyter/lab.js"
import { connectTerminal, type SocketEnd, type TerminalSocket } from "../../api/jupyter/terminal.js"
import { Duration, Effect } from "../../effect.js"
import { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"

// One visit to a terminal that lives on between calls: connect its socket, maybe type, collect what it
// prints for a while, disconnect (the terminal and its shell stay). Jupyter (terminado), like the
// emulator, replays its recent output to every socket that connects, in one frame right after the socket
// opens: `read` returns that replay, `send` lets it pass before typing, so only what follows is new.
// Every wait is an Effect sleep, so the clock is Effect's (a TestClock in tests).

/** The most output one result carries: the last characters are kept. */
export const OUTPUT_KEEP = 20_000

// Letting the replay pass: checked every STEP; done once a frame came and none followed for one STEP,
// or after EMPTY with no frame at all (a terminal with nothing to replay), and in any case after MAX (a
// terminal that never stops printing).
const SETTLE_STEP_MS = 100
const SETTLE_EMPTY_MS = 400
const SETTLE_MAX_MS = 2_000

/** What one visit collected. */
export interface Visit {
  /** The output collected, its last OUTPUT_KEEP characters. */
  readonly output: string
  readonly truncated: boolean
  /** Whether `until` appeared in the output collected. */
  readonly matched: boolean
  /** How the socket ended before we closed it: the shell exited, or the gateway dropped it. */
  readonly end?: Exclude<SocketEnd, "closed">
}

/** What the socket printed, kept, and once watching, searched for a text. */
class Collector {
  frames = 0
  private kept = ""
  private truncated = false
  private watching = false
  private window = ""
  private matched = false
  private found: () => void = () => undefined
  /** Settles when `until` appeared in what was collected since `reset`. */
  readonly match = new Promise<void>((resolve) => {
    this.found = resolve
  })

  constructor(private readonly until: string | undefined) {}

  readonly feed = (text: string): void => {
    if (text === "") return
    this.frames++
    this.kept += text
    if (this.kept.length > OUTPUT_KEEP) {
      this.kept = this.kept.slice(this.kept.length - OUTPUT_KEEP)
      this.truncated = true
    }
    if (this.until === undefined || !this.watching || this.matched) return
    // Only the end of what came before can hold the start of `until`: the search stays linear.
    this.window = (this.window + text).slice(-(text.length + this.until.length))
    if (this.window.includes(this.until)) {
      this.matched = true
      this.found()
    }
  }

  /** Watches what comes from now on for `until`; `forget` drops what came so far (the replay). */
  watch(forget: boolean): void {
    if (forget) {
      this.kept = ""
      this.truncated = false
    } else if (this.until !== undefined && this.kept.includes(this.until)) {
      this.matched = true
      this.found()
    }
    this.watching = true
  }

  result(end: SocketEnd | undefined): Visit {
    return {
      output: this.kept,
      truncated: this.truncated,
      matched: this.matched,
      ...(end === "ended" || end === "dropped" ? { end } : {}),
    }
  }
}

const connect = (lab: Lab, name: string, collector: Collector) =>
  Effect.tryPromise({
    try: () => connectTerminal(lab, name, collector.feed),
    catch: (e) =>
      e instanceof InspireError
        ? e
        : new InspireError({
            reason: "PlatformError",
            message: msg("jupyter-socket-failed", {
              notebook: lab.notebook.name || lab.notebook.id,
              why: e instanceof Error ? e.message : msg("jupyter-socket-refused"),
            }),
            hint: msg("jupyter-socket-failed-fix"),
            retryable: true,
          }),
  })

/** Waits until the replay a fresh socket receives has come (see SETTLE_*). */
const settle = (collector: Collector, ended: () => boolean) =>
  Effect.gen(function* () {
    for (let waited = 0; waited < SETTLE_MAX_MS && !ended(); waited += SETTLE_STEP_MS) {
      const seen = collector.frames
      yield* Effect.sleep(Duration.millis(SETTLE_STEP_MS))
      if (collector.frames === seen && (seen > 0 || waited + SETTLE_STEP_MS >= SETTLE_EMPTY_MS)) return
    }
  })

/** How a visit goes: what to type (after the replay has passed, unless `fresh`), and how long to listen. */
export interface VisitPlan {
  /** A terminal just opened: everything it printed is new, nothing is skipped. */
  readonly fresh?: boolean
  /** Only the replay is wanted (read): no typing, no listening after it. */
  readonly replayOnly?: boolean
  readonly input?: string | undefined
  readonly waitMs: number
  readonly until?: string | undefined
}

/** Connects to terminal `name` of the lab, does what `plan` says, and disconnects (the terminal stays). */
export const visitTerminal = (lab: Lab, name: string, plan: VisitPlan): Effect.Effect<Visit, InspireError> => {
  const collector = new Collector(plan.until)
  let end: SocketEnd | undefined
  const use = (socket: TerminalSocket) =>
    Effect.gen(function* () {
      const ended = socket.closed.then((how) => {
        end = how
      })
      if (plan.replayOnly === true) {
        yield* settle(collector, () => end !== undefined)
        return collector.result(end)
      }
      if (plan.fresh !== true) yield* settle(collector, () => end !== undefined)
      collector.watch(plan.fresh !== true)
      if (plan.input !== undefined && plan.input !== "" && end === undefined) socket.send(plan.input)
      if (end === undefined)
        yield* Effect.race(
          Effect.promise(() => Promise.race([collector.match, ended])),
          Effect.sleep(Duration.millis(plan.waitMs)),
        )
      return collector.result(end)
    })
  return Effect.acquireUseRelease(connect(lab, name, collector), use, (socket) => Effect.sync(() => socket.close()))
}
