import { spawn } from "node:child_process"
import { accessSync, constants } from "node:fs"
import { delimiter, join } from "node:path"
import { Effect } from "../effect.js"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"
import { type Notice, noticeText } from "./notice.js"
import { maskTarget, type NotifyTarget, scrubTarget } from "./target.js"

/** How a notification went: never an error, since a notification must not fail the job or the wait. */
export interface SendReport {
  /** The target, masked. */
  readonly target: string
  readonly sent: boolean
  readonly attempts: number
  /** Why it was not sent, in words that never hold the webhook's secret. */
  readonly error?: Text
}

/** How hard to try: attempts in all, and the first pause (doubled after each failure). */
export interface SendOptions {
  readonly attempts?: number
  readonly backoffMs?: number
  readonly timeoutMs?: number
}

type Say = (t: Text) => string

// Each bot's public text-message format; a generic webhook gets the notice itself, with the text beside it.
const bodyOf = (kind: NotifyTarget["kind"], n: Notice, say: Say): unknown => {
  const { title, body } = noticeText(n)
  const whole = `${say(title)}\n${say(body)}`
  switch (kind) {
    case "feishu":
      return { msg_type: "text", content: { text: whole } }
    case "wecom":
    case "dingtalk":
      return { msgtype: "text", text: { content: whole } }
    case "slack":
      return { text: whole }
    default:
      return {
        event: "task.ended",
        ...n,
        diagnosis: n.diagnosis.map((d) => ({ kind: d.kind, cause: say(d.cause), fix: say(d.fix) })),
        title: say(title),
        text: whole,
      }
  }
}

// Chat bots answer 200 with an error code in the body (a keyword or signature check, a rate limit).
const botRefusal = (body: string): string | undefined => {
  try {
    const j = JSON.parse(body) as { code?: unknown; errcode?: unknown; StatusCode?: unknown; msg?: unknown }
    const code = j.code ?? j.errcode ?? j.StatusCode
    return code !== undefined && code !== 0
      ? `${String(code)} ${String(j.msg ?? (j as { errmsg?: unknown }).errmsg ?? "")}`.trim()
      : undefined
  } catch {
    return undefined
  }
}

type Try = { readonly ok: true } | { readonly ok: false; readonly retry: boolean; readonly why: Text }

const post = (t: NotifyTarget, payload: unknown, timeoutMs: number): Effect.Effect<Try> =>
  Effect.promise(async (): Promise<Try> => {
    try {
      const res = await fetch(t.url ?? "", {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      })
      const body = await res.text()
      if (res.ok) {
        const refused = botRefusal(body)
        return refused === undefined
          ? { ok: true }
          : {
              ok: false,
              retry: false,
              why: msg("notify-bot-refused", { answer: scrubTarget(refused, t).slice(0, 200) }),
            }
      }
      return {
        ok: false,
        retry: res.status >= 500 || res.status === 429,
        why: msg("notify-http-status", { status: res.status }),
      }
    } catch (e) {
      const cause = (e as { cause?: { code?: unknown } }).cause?.code
      const said = typeof cause === "string" ? cause : e instanceof Error ? e.message : String(e)
      return { ok: false, retry: true, why: msg("notify-unreachable", { error: scrubTarget(said, t) }) }
    }
  })

const onPath = (name: string): string | undefined => {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const file = join(dir, name)
    try {
      accessSync(file, constants.X_OK)
      return file
    } catch {
      // not here
    }
  }
  return undefined
}

// notify-send on Linux desktops, osascript on macOS; the text goes as arguments, never through a shell.
const desktop = (n: Notice, say: Say): Effect.Effect<Try> => {
  const { title, body } = noticeText(n)
  const notifySend = onPath("notify-send")
  const osascript = process.platform === "darwin" ? onPath("osascript") : undefined
  const command =
    notifySend !== undefined
      ? [notifySend, say(title), say(body)]
      : osascript !== undefined
        ? [
            osascript,
            "-e",
            "on run a\ndisplay notification (item 2 of a) with title (item 1 of a)\nend run",
            say(title),
            say(body),
          ]
        : undefined
  if (command === undefined) return Effect.succeed({ ok: false, retry: false, why: msg("notify-no-desktop") })
  const [file, ...args] = command
  return Effect.async<Try>((resume) => {
    const child = spawn(file ?? "", args, { stdio: "ignore" })
    child.on("error", (e) =>
      resume(Effect.succeed({ ok: false, retry: false, why: msg("notify-unreachable", { error: e.message }) })),
    )
    child.on("close", (code) =>
      resume(
        Effect.succeed(
          code === 0
            ? { ok: true }
            : { ok: false, retry: false, why: msg("notify-desktop-failed", { code: code ?? -1 }) },
        ),
      ),
    )
  })
}

/**
 * Sends one notice, retrying an unreachable webhook (a refused connection, a time-out, 5xx, 429) a bounded
 * number of times with a doubling pause; a refusal (4xx, a bot's error code) is not retried. Never fails.
 */
export const sendNotice = (
  target: NotifyTarget,
  notice: Notice,
  say: Say,
  options: SendOptions = {},
): Effect.Effect<SendReport> =>
  Effect.gen(function* () {
    const attempts = Math.max(1, options.attempts ?? 4)
    const masked = maskTarget(target)
    if (target.kind === "desktop") {
      const r = yield* desktop(notice, say)
      return r.ok
        ? { target: masked, sent: true, attempts: 1 }
        : { target: masked, sent: false, attempts: 1, error: r.why }
    }
    const payload = bodyOf(target.kind, notice, say)
    let pause = options.backoffMs ?? 500
    for (let n = 1; ; n++) {
      const r = yield* post(target, payload, options.timeoutMs ?? 10_000)
      if (r.ok) return { target: masked, sent: true, attempts: n }
      if (!r.retry || n >= attempts) return { target: masked, sent: false, attempts: n, error: r.why }
      yield* Effect.sleep(pause)
      pause *= 2
    }
  })
