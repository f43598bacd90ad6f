// Set-up steps whose output is noise when they work (npm's and pnpm's install-script warnings, turbo's
// banner): their output is kept and shown only when the step fails, so the user reads what matters.
import { spawnSync } from "node:child_process"

/**
 * Runs `cmd args…` with its output captured; on failure prints that output and `what` failed to stderr.
 * Returns the exit status (0 when it worked).
 */
export const runQuietly = (what, cmd, args, options = {}) => {
  const r = spawnSync(cmd, args, { ...options, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  if (r.error === undefined && r.status === 0) return 0
  process.stderr.write(`${r.stdout ?? ""}${r.stderr ?? ""}`)
  const why =
    r.error !== undefined ? `could not start ${cmd}: ${r.error.message}` : `exited with ${r.status ?? r.signal}`
  process.stderr.write(`[setup] ${what} failed (${why}); its output is above.\n`)
  return r.status || 1
}
