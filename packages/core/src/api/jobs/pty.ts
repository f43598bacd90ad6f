import { cookieHeaderOf } from "../../auth/cookies.js"
import { Session } from "../../auth/session.js"
import { Effect } from "../../effect.js"
import { InspireError } from "../../errors.js"
import type { ProxySettings } from "../../platform/dispatcher.js"
import { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import { openSocket, type TerminalSocket } from "../jupyter/terminal.js"

// The worker PTY (INSPIRE-API.md §4.17): a shell in one pod of a running job over a WebSocket, the
// session cookie its only credential. Text frames are typed into the shell, binary frames are its raw
// output; the window size is set by typing `stty`. Whether the path is under /api/v2 or /api/v1 is open
// (§7 item 11): v2 is tried first, then v1. A handshake refused tells no status, so the cookie is renewed
// once (it may have expired) before giving up.

/** The job kinds whose pods take a shell, and each one's socket path under `/api/v2` (or `/api/v1`). */
export const PTY_PATHS = {
  train: "train_job/remote_cmd",
  hpc: "hpc_jobs/instances/exec",
  ray: "ray_job/instances/exec",
  serving: "inference_servings/instances/exec",
} as const

/** Where a worker shell is: the kind of job (or serving), its id and the pod's name. */
export interface PodTarget {
  readonly kind: keyof typeof PTY_PATHS
  readonly job: string
  readonly pod: string
}

/** What connecting needs, read once: the platform's address, the cookie header, the profile's proxy. */
export interface PtyAccess {
  readonly target: PodTarget
  readonly baseUrl: string
  readonly cookie: string
  readonly proxy: ProxySettings
  /** Renews the session cookie (once it was refused) and returns the new header. */
  readonly renew: () => Promise<string>
}

/** Reads what a worker socket needs from the session and the profile. */
export const ptyAccess = (target: PodTarget): Effect.Effect<PtyAccess, InspireError, Session | ActiveProfile> =>
  Effect.gen(function* () {
    const session = yield* Session
    const profile = yield* ActiveProfile
    const cookies = yield* session.cookies
    const renew = Effect.gen(function* () {
      yield* session.renew({ kind: "cookie", cookies })
      return cookieHeaderOf(yield* session.cookies)
    })
    return {
      target,
      baseUrl: session.target.baseUrl,
      cookie: cookieHeaderOf(cookies),
      proxy: { env: profile.env, ...(profile.proxy.value !== undefined ? { proxy: profile.proxy.value } : {}) },
      renew: () => Effect.runPromise(renew),
    }
  })

/** A socket that did not open: says which pod, and where to check that its job or serving still runs. */
export const socketFailed = (target: PodTarget, why: Text | string): InspireError =>
  new InspireError({
    reason: "PlatformError",
    message: msg("pods-socket-failed", { pod: target.pod, job: target.job, why }),
    hint:
      target.kind === "serving"
        ? msg("servexec-socket-failed-fix", {
            call: callWord("inference", { action: "detail", serving_id: target.job }),
          })
        : msg("pods-socket-failed-fix", { call: callWord("job_detail", { job_id: target.job }) }),
    retryable: true,
  })

const urlOf = (access: PtyAccess, version: "v2" | "v1"): string => {
  const q = new URLSearchParams({ job_id: access.target.job, instance_name: access.target.pod })
  const base = access.baseUrl.replace(/\/+$/, "").replace(/^http/i, "ws")
  return `${base}/api/${version}/${PTY_PATHS[access.target.kind]}?${q.toString()}`
}

const connectOnce = (access: PtyAccess, cookie: string, version: "v2" | "v1", onOutput: (text: string) => void) => {
  const decoder = new TextDecoder("utf-8")
  return openSocket({
    url: urlOf(access, version),
    headers: { cookie },
    proxy: access.proxy,
    failure: (why) => socketFailed(access.target, why),
    // The shell exiting closes the socket normally; anything else is a cut.
    endedBy: (code) => code === 1000,
    onFrame: (data) => {
      const text = typeof data === "string" ? data : decoder.decode(new Uint8Array(data), { stream: true })
      if (text !== "") onOutput(text)
    },
  })
}

/**
 * Connects to the shell of a pod (v2, else v1; renewing the cookie once when both are refused) and hands
 * its output to `onOutput`. Rejects with an InspireError when no socket opens.
 */
export const connectPod = async (access: PtyAccess, onOutput: (text: string) => void): Promise<TerminalSocket> => {
  const attempt = async (cookie: string) => {
    try {
      return await connectOnce(access, cookie, "v2", onOutput)
    } catch {
      return await connectOnce(access, cookie, "v1", onOutput)
    }
  }
  let socket: Awaited<ReturnType<typeof openSocket>>
  try {
    socket = await attempt(access.cookie)
  } catch (refusal) {
    const renewed = await access.renew().catch(() => Promise.reject(refusal))
    socket = await attempt(renewed)
  }
  return {
    send: socket.sendText,
    // The PTY has no resize frame: the size is typed (a leading space keeps it out of the history).
    resize: (rows, cols) => socket.sendText(` stty columns ${cols} rows ${rows} 2>/dev/null\r`),
    sizeTyped: true,
    close: socket.close,
    closed: socket.closed,
  }
}
