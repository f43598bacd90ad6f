import { createInspireClient, renderWords, type Text } from "@holos-inspire/core"
import { isoInstant, readWaiter, resolveStorePaths, runWaiter, writeWaiterPid } from "@holos-inspire/core/internal"

/**
 * The process a call with `notify` leaves (`--waiter ID`): it watches the waiter's tasks and notifies as
 * each ends, then exits; its lines go to the waiter's log. It goes on when the terminal or host that
 * started the server closes (SIGHUP); `inspire waiters stop` ends it.
 */
export const runWaiterProcess = async (id: string, profile: string | undefined): Promise<void> => {
  process.on("SIGHUP", () => undefined)
  const paths = resolveStorePaths(process.env)
  if (readWaiter(paths, id) === undefined) {
    process.stderr.write(`error: there is no waiter ${id} (inspire waiters lists them)\n`)
    process.exitCode = 1
    return
  }
  writeWaiterPid(paths, id, process.pid)
  const client = createInspireClient({ words: "mcp", env: process.env, ...(profile !== undefined ? { profile } : {}) })
  try {
    const lang = await client.language()
    const say = (t: Text): string => renderWords(t, "mcp", lang)
    const log = (line: Text): void => void process.stdout.write(`${isoInstant(Date.now())} ${say(line)}\n`)
    await client.run(runWaiter(id, say, log))
  } finally {
    await client.close()
  }
}
