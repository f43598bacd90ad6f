import { randomBytes } from "node:crypto"
import { Clock, Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import type { Transport } from "../../platform/transport.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord } from "../../words/text.js"
import type { Lab } from "./lab.js"
import {
  LONG_ARGUMENT,
  type MarkedOptions,
  type MarkedRun,
  marked,
  markersOf,
  runFile,
  runMarked,
  shellQuote,
  writePrivately,
} from "./marked.js"
import { connectTerminal, withTerminal } from "./terminal.js"

/** What to run in a notebook: a command line for the user's shell, with an optional folder and variables. */
export interface CommandSpec {
  readonly command: string
  readonly cwd?: string | undefined
  readonly env?: Readonly<Record<string, string>> | undefined
}

/** How a command run ended. */
export interface ExecOutcome {
  /** stdout and stderr as one stream, as the terminal showed them (the end of it, when long). */
  readonly output: string
  readonly truncated: boolean
  /** The exit code: the command's, or 124 after a timeout, 130 after an interruption. */
  readonly exitCode: number
  readonly ended: "exited" | "timed-out" | "interrupted"
  /** After a timeout or an interruption: the status the command's shell reported, if it stopped in time. */
  readonly commandStatus?: number
  readonly durationMs: number
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** Checks the variables' names (values may be anything: they are quoted). */
export const checkEnv = (env: Readonly<Record<string, string>> | undefined): Effect.Effect<void, InspireError> => {
  const bad = Object.keys(env ?? {}).filter((k) => !ENV_NAME.test(k))
  return bad.length === 0
    ? Effect.void
    : Effect.fail(
        invalidInput(
          msg("jupyter-bad-env", { names: bad.map((b) => `"${b}"`).join(", ") }),
          msg("jupyter-bad-env-fix"),
        ),
      )
}

const envPrefix = (env: CommandSpec["env"]): string => {
  const pairs = Object.entries(env ?? {}).map(([k, v]) => shellQuote(`${k}=${v}`))
  return pairs.length === 0 ? "" : `env ${pairs.join(" ")} `
}

const cdTo = (cwd: string | undefined): string =>
  cwd === undefined || cwd === ""
    ? ""
    : `cd -- ${cwd.startsWith("~/") ? `"$HOME"/${shellQuote(cwd.slice(2))}` : shellQuote(cwd)} && `

const isLong = (command: string): boolean => Buffer.byteLength(command, "utf8") > LONG_ARGUMENT

/** A here-document of `text` (its delimiter random, so no line of the text ends it). */
const hereDocument = (text: string): string => {
  const end = `INSPIRE_${randomBytes(8).toString("hex")}`
  return `<<'${end}'\n${text}\n${end}`
}

/**
 * The shell lines that run a command as the user's shell would, its stdin closed, and set `__s`. A long
 * command goes through a private file (removed afterwards), as no program takes it as one argument.
 */
const commandLines = (spec: CommandSpec): string => {
  const run = `${cdTo(spec.cwd)}${envPrefix(spec.env)}"\${SHELL:-/bin/sh}"`
  if (!isLong(spec.command)) return `${run} -c ${shellQuote(spec.command)} < /dev/null\n__s=$?`
  return [
    `__cf=${runFile("command")}`,
    `${writePrivately('"$__cf"')} ${hereDocument(spec.command)}`,
    `${run} "$__cf" < /dev/null`,
    "__s=$?",
    'rm -f "$__cf"',
  ].join("\n")
}

/** The result's output limit: the last characters are kept. */
const OUTPUT_KEEP = 100_000

const dropped = (lab: Lab, seconds: number, detached: boolean): InspireError =>
  new InspireError({
    reason: "PlatformError",
    message: detached ? msg("jupyter-dropped-detached", { seconds }) : msg("jupyter-dropped", { seconds }),
    hint: msg("jupyter-dropped-fix", {
      call: callWord("notebook_exec", { notebook: lab.notebook.name || lab.notebook.id, detach: true, command: "…" }),
      attach: fieldWord("attach"),
    }),
    retryable: true,
  })

const running = (lab: Lab, script: string, markers: ReturnType<typeof markersOf>, options: MarkedOptions) =>
  withTerminal(lab, (name) =>
    Effect.tryPromise({
      try: (signal) => runMarked((feed) => connectTerminal(lab, name, feed), script, markers, { ...options, signal }),
      catch: (e) =>
        e instanceof InspireError
          ? e
          : new InspireError({
              reason: "PlatformError",
              message: msg("jupyter-terminal-failed", {
                notebook: lab.notebook.name || lab.notebook.id,
                error: e instanceof Error ? e.message.replaceAll(lab.token, "***") : msg("jupyter-unknown-error"),
              }),
              hint: msg("jupyter-try-again"),
              retryable: true,
            }),
    }),
  )

/** Runs a marked script in some terminal and returns how it went (see marked.ts). */
export type MarkedRunner<R> = (
  script: string,
  markers: ReturnType<typeof markersOf>,
  options: MarkedOptions,
) => Effect.Effect<MarkedRun, InspireError, R>

/**
 * Runs a command through `run` (a fresh terminal of a notebook, a worker's PTY) and waits for it, streaming
 * its output; `dropped` is the error when the socket was cut before the command ended (after so many seconds).
 */
export const runCommand = <R>(
  run: MarkedRunner<R>,
  spec: CommandSpec,
  options: Omit<MarkedOptions, "keep" | "signal">,
  dropped: (seconds: number) => InspireError,
): Effect.Effect<ExecOutcome, InspireError, R> =>
  Effect.gen(function* () {
    yield* checkEnv(spec.env)
    const markers = markersOf()
    const script = marked(markers, commandLines(spec))
    const start = yield* Clock.currentTimeMillis
    const result: MarkedRun = yield* run(script, markers, { ...options, keep: OUTPUT_KEEP })
    const durationMs = (yield* Clock.currentTimeMillis) - start
    const status = result.end !== undefined && /^\d+$/.test(result.end) ? Number(result.end) : undefined
    if (result.stopped === undefined && status === undefined)
      return yield* Effect.fail(dropped(Math.round(durationMs / 1000)))
    const ended = result.stopped === "timeout" ? "timed-out" : result.stopped === "interrupt" ? "interrupted" : "exited"
    return {
      output: result.output,
      truncated: result.truncated,
      exitCode: result.stopped === "timeout" ? 124 : result.stopped === "interrupt" ? 130 : (status ?? 1),
      ended,
      ...(result.stopped !== undefined && status !== undefined ? { commandStatus: status } : {}),
      durationMs,
    } satisfies ExecOutcome
  })

/** Runs a command in a fresh terminal of the notebook and waits for it, streaming its output. */
export const execCommand = (
  lab: Lab,
  spec: CommandSpec,
  options: Omit<MarkedOptions, "keep" | "signal"> = {},
): Effect.Effect<ExecOutcome, InspireError, Transport> =>
  runCommand(
    (script, markers, o) => running(lab, script, markers, o),
    spec,
    options,
    (seconds) => dropped(lab, seconds, false),
  )

const ID = /^[a-z0-9][a-z0-9-]{3,40}$/

/** Checks a detached command's id (it names a folder in the notebook). */
export const checkExecId = (id: string): Effect.Effect<string, InspireError> =>
  ID.test(id)
    ? Effect.succeed(id)
    : Effect.fail(invalidInput(msg("jupyter-bad-exec-id", { id }), msg("jupyter-bad-exec-id-fix")))

/** Where a detached command keeps its files in the notebook (the shell expands `$HOME`). */
const execDir = (id: string): string => `"$HOME"/.inspire/exec/${id}`

/** A detached command as started. */
export interface Detached {
  readonly id: string
  readonly folder: string
}

/**
 * Starts a command detached from the terminal (setsid, nohup), its output in `~/.inspire/exec/<id>/output`
 * and its exit status in `…/exit` when it ends; returns at once. It outlives the terminal and its socket.
 */
export const detachCommand = (lab: Lab, spec: CommandSpec): Effect.Effect<Detached, InspireError, Transport> =>
  Effect.gen(function* () {
    yield* checkEnv(spec.env)
    const id = `x${randomBytes(6).toString("hex")}`
    const markers = markersOf()
    // A long command runs from the file it is kept in, as no program takes it as one argument.
    const long = isLong(spec.command)
    const shell = long ? `"\${SHELL:-/bin/sh}" "$2/command"` : `"\${SHELL:-/bin/sh}" -c "$1"`
    const inner = `( exec ${shell} ) > "$2/output" 2>&1 < /dev/null; echo $? > "$2/exit.tmp"; mv "$2/exit.tmp" "$2/exit"`
    const body = [
      `__d=${execDir(id)}`,
      `mkdir -p "$__d" && printf '%s\\n' ${shellQuote(spec.command)} > "$__d/command" && date +%s > "$__d/started" && ${cdTo(spec.cwd)}{`,
      "  if command -v setsid >/dev/null 2>&1; then __ss=setsid; else __ss=; fi",
      `  ${envPrefix(spec.env)}$__ss nohup sh -c ${shellQuote(inner)} inspire-exec ${long ? "''" : shellQuote(spec.command)} "$__d" > /dev/null 2>&1 < /dev/null &`,
      `  echo $! > "$__d/pid"`,
      // Until its output file exists the command may not have left the terminal's process group yet, and
      // closing the terminal right away (SIGHUP) would take it along.
      `  __i=0; while [ ! -e "$__d/output" ] && [ $__i -lt 100 ]; do sleep 0.1 2>/dev/null || sleep 1; __i=$((__i + 1)); done`,
      "}",
      "__s=$?",
      `[ "$__s" = 0 ] && printf '%s\\n' "$__d"`,
    ].join("\n")
    const run = yield* running(lab, marked(markers, body), markers, { keep: 10_000, timeoutMs: 60_000 })
    if (run.end !== "0")
      return yield* Effect.fail(
        new InspireError({
          reason: "PlatformError",
          message: msg("jupyter-detach-failed", {
            notebook: lab.notebook.name || lab.notebook.id,
            output: run.output.trim() !== "" ? `: ${run.output.trim().slice(0, 300)}` : "",
          }),
          hint: msg("jupyter-detach-failed-fix"),
        }),
      )
    return { id, folder: run.output.trim() || `~/.inspire/exec/${id}` }
  })

/** The state of a detached command. */
export interface DetachedStatus {
  readonly id: string
  /** running, exited (with exitCode), lost (its process is gone without an exit status), or missing. */
  readonly state: "running" | "exited" | "lost" | "missing"
  readonly exitCode?: number
  readonly outputBytes: number
  readonly startedAt?: number
  readonly command?: string
}

const STATE = `if [ -f "$__d/exit" ]; then __st="exited $(cat "$__d/exit")"; elif kill -0 "$(cat "$__d/pid" 2>/dev/null)" 2>/dev/null; then __st=running; else __st=lost; fi`

/** Reads where a detached command stands: running, exited with its code, or lost. */
export const detachedStatus = (lab: Lab, id: string): Effect.Effect<DetachedStatus, InspireError, Transport> =>
  Effect.gen(function* () {
    yield* checkExecId(id)
    const markers = markersOf()
    const body = [
      `__d=${execDir(id)}`,
      `if [ ! -d "$__d" ]; then __s=missing; else`,
      `  ${STATE}`,
      `  printf '%s\\n%s\\n%s\\n' "$__st" "$({ wc -c < "$__d/output"; } 2>/dev/null | tr -d ' ')" "$(cat "$__d/started" 2>/dev/null)"`,
      `  cat "$__d/command" 2>/dev/null; __s=0`,
      "fi",
    ].join("\n")
    const run = yield* running(lab, marked(markers, body), markers, { keep: 20_000, timeoutMs: 60_000 })
    if (run.end === "missing") return { id, state: "missing", outputBytes: 0 } satisfies DetachedStatus
    const [state = "", size = "", started = "", ...command] = run.output.split("\n")
    const exited = /^exited (\d+)/.exec(state)
    return {
      id,
      state: exited !== null ? "exited" : state === "running" ? "running" : "lost",
      ...(exited?.[1] !== undefined ? { exitCode: Number(exited[1]) } : {}),
      outputBytes: Number(size) || 0,
      ...(/^\d+$/.test(started) ? { startedAt: Number(started) * 1000 } : {}),
      command: command.join("\n").replace(/\n$/, ""),
    } satisfies DetachedStatus
  })

/** What attach read: the output from `offset` on and the state it ended in. */
export interface Attached extends Omit<DetachedStatus, "outputBytes" | "startedAt" | "command"> {
  readonly output: string
  readonly truncated: boolean
  /** The socket was cut and attach reconnected this many times. */
  readonly reconnects: number
  /** Attach stopped waiting (timeout or interruption) while the command still ran. */
  readonly stopped?: "timeout" | "interrupt"
}

// Follows the output file from a byte offset until the exit status appears or the process is gone;
// a portable loop (no GNU `tail --pid`), printing whatever was added each second.
const followBody = (id: string, offset: number): string =>
  [
    `__d=${execDir(id)}`,
    `if [ ! -d "$__d" ]; then __s=missing; else`,
    `  __o=${offset}; __f=0; __x=0; __p=$(cat "$__d/pid" 2>/dev/null)`,
    // Ctrl-C (a timeout, an interruption) ends the reading, never the command: it runs in its own session.
    "  trap '__x=1' INT",
    "  while :; do",
    `    __n=$({ wc -c < "$__d/output"; } 2>/dev/null | tr -d ' '); __n=\${__n:-0}`,
    `    if [ "$__n" -gt "$__o" ]; then tail -c +$((__o + 1)) "$__d/output" | head -c $((__n - __o)); __o=$__n; fi`,
    `    [ "$__f" = 1 ] || [ "$__x" = 1 ] && break`,
    `    if [ -f "$__d/exit" ] || ! kill -0 "$__p" 2>/dev/null; then __f=1; continue; fi`,
    "    sleep 1",
    "  done",
    `  ${STATE}`,
    `  __s=$(printf %s "$__st" | tr ' ' :)`,
    "fi",
  ].join("\n")

const MAX_RECONNECTS = 50

/**
 * Streams a detached command's output until it ends, reconnecting (from the byte it got to) whenever the
 * gateway cuts the socket; a timeout or an interruption stops the reading, never the command.
 */
export const attachCommand = (
  lab: Lab,
  id: string,
  options: Omit<MarkedOptions, "keep" | "signal"> = {},
): Effect.Effect<Attached, InspireError, Transport> =>
  Effect.gen(function* () {
    yield* checkExecId(id)
    let offset = 0
    let output = ""
    let truncated = false
    const deadline = options.timeoutMs !== undefined ? (yield* Clock.currentTimeMillis) + options.timeoutMs : undefined
    for (let reconnects = 0; ; reconnects++) {
      const markers = markersOf()
      const left = deadline !== undefined ? Math.max(1, deadline - (yield* Clock.currentTimeMillis)) : undefined
      const run = yield* running(lab, marked(markers, followBody(id, offset)), markers, {
        ...options,
        ...(left !== undefined ? { timeoutMs: left } : {}),
        keep: OUTPUT_KEEP,
      })
      offset += run.bytes
      output = (output + run.output).slice(-OUTPUT_KEEP)
      truncated ||= run.truncated || output.length >= OUTPUT_KEEP
      if (run.end === "missing") return { id, state: "missing", output, truncated, reconnects } satisfies Attached
      if (run.end !== undefined) {
        const [state = "lost", code] = run.end.split(":")
        return {
          id,
          state: state === "exited" ? "exited" : state === "running" ? "running" : "lost",
          ...(code !== undefined && /^\d+$/.test(code) ? { exitCode: Number(code) } : {}),
          output,
          truncated,
          reconnects,
          ...(run.stopped !== undefined ? { stopped: run.stopped } : {}),
        } satisfies Attached
      }
      if (run.stopped !== undefined)
        return { id, state: "running", output, truncated, reconnects, stopped: run.stopped } satisfies Attached
      if (reconnects >= MAX_RECONNECTS) return yield* Effect.fail(dropped(lab, 0, true))
    }
  })
