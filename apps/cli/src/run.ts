import {
  createInspireClient,
  type InspireClient,
  InspireError,
  type Invocation,
  invoke,
  type OperationContext,
  type OperationOf,
  type Worded,
} from "@holos-inspire/core"
import { invokeParsed, type ParsedInput } from "@holos-inspire/core/internal"
import { EXIT } from "./exit-codes.js"
import { language } from "./language.js"
import { fromInspireError, makeProgress } from "./output.js"

/** The options every command takes. */
export interface GlobalOptions {
  readonly json?: boolean
  readonly profile?: string
}

const toCliError = (e: unknown): unknown => (e instanceof InspireError ? fromInspireError(e) : e)

/** Runs `use` with a client of the selected profile, closing it afterwards; failures become CliErrors. */
export const withClient = async <A>(globals: GlobalOptions, use: (client: InspireClient) => Promise<A>): Promise<A> => {
  const client = createInspireClient({
    env: process.env,
    // Messages and hints name commands and flags (`inspire job list`, `--yes`), not MCP calls.
    words: "cli",
    // Results, renders and errors in the CLI's language (English with --json).
    lang: language(),
    // Tables shown on a terminal fit its width (a table that says which columns may go drops them).
    ...(globals.json !== true && process.stdout.isTTY === true && (process.stdout.columns ?? 0) > 0
      ? { width: process.stdout.columns }
      : {}),
    ...(globals.profile !== undefined ? { profile: globals.profile } : {}),
  })
  try {
    return await use(client)
  } catch (e) {
    throw toCliError(e)
  } finally {
    await client.close()
  }
}

// Ctrl-C, for an operation that stops its remote work itself: the first is passed on, a second one ends
// the CLI at once (exit 130), as Ctrl-C does for every other command.
const onInterrupt = (stop: () => void): (() => void) => {
  let asked = false
  const handler = (): void => {
    if (asked) process.exit(EXIT.interrupted)
    asked = true
    stop()
  }
  process.on("SIGINT", handler)
  return () => void process.off("SIGINT", handler)
}

const running = async <A>(
  globals: GlobalOptions,
  call: (client: InspireClient, context: OperationContext) => Promise<A>,
): Promise<A> => {
  const progress = makeProgress()
  try {
    // Files the operation writes may go in this directory as well as the downloads folder.
    return await withClient(globals, (client) =>
      call(client, {
        progress: (p) => progress.show(p.message),
        workingDir: process.cwd(),
        // A command run in a notebook writes its output here as it comes (with --json, only the result).
        ...(globals.json === true ? {} : { output: (text: string) => void process.stdout.write(text) }),
        onInterrupt,
      }),
    )
  } finally {
    progress.clear()
  }
}

/** Runs one operation on raw input (core checks it), showing progress on a terminal's stderr. */
export const runOperation = <O>(
  globals: GlobalOptions,
  operation: OperationOf<O>,
  input: Readonly<Record<string, unknown>>,
): Promise<Worded<Invocation<O>>> =>
  running(globals, (client, context) => client.run(invoke(operation, input, context)))

/** Runs one operation on input the command has already checked (`safeParseInput`), without checking it again. */
export const runParsed = <O>(
  globals: GlobalOptions,
  operation: OperationOf<O>,
  input: ParsedInput,
): Promise<Worded<Invocation<O>>> =>
  running(globals, (client, context) => client.run(invokeParsed(operation, input, context)))
