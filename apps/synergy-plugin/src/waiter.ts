// The plugin's second entry (runtime/waiter.js): the waiter a call with `notify` or `recover` leaves,
// started detached by waiter-start.ts as `<script> <waiter id> [--profile <name>]`. It watches the
// waiter's tasks, notifies or resubmits as each ends, then exits; its output goes to the waiter's log.
import { parseArgs } from "node:util"
import { runWaiterProcess } from "@holos-inspire/core/internal"

const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { profile: { type: "string" } },
})
const id = positionals[0]
if (id === undefined) {
  process.stderr.write("usage: waiter.js <waiter id> [--profile <name>] (inspire waiters lists them)\n")
  process.exitCode = 2
} else await runWaiterProcess(id, values.profile)
