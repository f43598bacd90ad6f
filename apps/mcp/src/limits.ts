import { UsageError } from "./args.js"

/** The bounds the server keeps, from the environment (documented in the README and `--help`). */
export interface Limits {
  /** The largest JSON-RPC message taken: one stdio line, or one HTTP request body. */
  readonly maxMessageBytes: number
  /** HTTP: the most sessions open at once; one more initialize is refused with 503. */
  readonly maxSessions: number
  /** HTTP: a session with no request for this long is closed. */
  readonly sessionIdleMs: number
}

/** 4 MiB per message, 32 sessions, 30 minutes of idleness. */
export const DEFAULT_LIMITS: Limits = {
  maxMessageBytes: 4 * 1024 * 1024,
  maxSessions: 32,
  sessionIdleMs: 30 * 60 * 1000,
}

const whole = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name]?.trim()
  if (raw === undefined || raw === "") return fallback
  const n = Number(raw)
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`${name} must be a whole number of at least 1, got "${raw}".`)
  return n
}

/**
 * The limits set by INSPIRE_MCP_MAX_MESSAGE_BYTES, INSPIRE_MCP_MAX_SESSIONS and
 * INSPIRE_MCP_SESSION_IDLE_SECONDS, each defaulting to DEFAULT_LIMITS; a value that is not a whole
 * number of at least 1 is a usage error.
 */
export const limitsFrom = (env: NodeJS.ProcessEnv): Limits => ({
  maxMessageBytes: whole(env, "INSPIRE_MCP_MAX_MESSAGE_BYTES", DEFAULT_LIMITS.maxMessageBytes),
  maxSessions: whole(env, "INSPIRE_MCP_MAX_SESSIONS", DEFAULT_LIMITS.maxSessions),
  sessionIdleMs: whole(env, "INSPIRE_MCP_SESSION_IDLE_SECONDS", DEFAULT_LIMITS.sessionIdleMs / 1000) * 1000,
})
