import {
  createInspireClient,
  type InspireClient,
  InspireError,
  type Invocation,
  invoke,
  type Operation,
} from "@holos-inspire/core"
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

/** Runs one operation with validated input, showing progress on a terminal's stderr. */
export const runOperation = async (
  globals: GlobalOptions,
  operation: Operation,
  input: Readonly<Record<string, unknown>>,
): Promise<Invocation<unknown>> => {
  const progress = makeProgress()
  try {
    return await withClient(globals, (client) =>
      // Files the operation writes may go in this directory as well as the downloads folder.
      client.run(invoke(operation, input, { progress: (p) => progress.show(p.message), workingDir: process.cwd() })),
    )
  } finally {
    progress.clear()
  }
}
