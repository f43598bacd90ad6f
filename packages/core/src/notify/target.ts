import { Either } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"

/** Where a notification goes: a chat bot's webhook, a generic JSON webhook, or this machine's desktop. */
export const NOTIFY_KINDS = ["webhook", "feishu", "wecom", "dingtalk", "slack", "desktop"] as const
export type NotifyKind = (typeof NOTIFY_KINDS)[number]

/** A checked target; `url` is a secret (whoever has it can post to the group) and is never printed. */
export interface NotifyTarget {
  readonly kind: NotifyKind
  readonly url?: string
}

// The bots' public hosts, so a pasted URL needs no prefix.
const HOSTS: ReadonlyArray<readonly [RegExp, NotifyKind]> = [
  [/(^|\.)(feishu\.cn|larksuite\.com|larkoffice\.com)$/, "feishu"],
  [/^qyapi\.weixin\.qq\.com$/, "wecom"],
  [/^oapi\.dingtalk\.com$/, "dingtalk"],
  [/^hooks\.slack\.com$/, "slack"],
]

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/

const refuse = (why: "kind" | "url" | "plain-http"): Either.Either<never, InspireError> =>
  Either.left(invalidInput(msg("notify-target-invalid", { why }), msg("notify-target-hint")))

const urlOf = (raw: string): URL | undefined => {
  try {
    return new URL(raw)
  } catch {
    return undefined
  }
}

/**
 * Reads a target as written: `desktop`, `<kind>:<url>` (kind: webhook, feishu or lark, wecom, dingtalk,
 * slack), or a bare URL whose host names the bot (else a generic webhook). A webhook is https, or http on
 * loopback only: the URL and the message would otherwise cross the network in the clear.
 */
export const parseNotifyTarget = (raw: string): Either.Either<NotifyTarget, InspireError> => {
  const value = raw.trim()
  if (value === "desktop") return Either.right({ kind: "desktop" })
  const prefixed = /^([a-z]+):(https?:\/\/.*)$/i.exec(value)
  const named = prefixed?.[1]?.toLowerCase()
  const kind = named === "lark" ? "feishu" : named
  if (kind !== undefined && !(NOTIFY_KINDS as ReadonlyArray<string>).includes(kind)) return refuse("kind")
  const url = urlOf(prefixed?.[2] ?? value)
  if (url === undefined || (url.protocol !== "https:" && url.protocol !== "http:")) return refuse("url")
  if (url.protocol === "http:" && !LOOPBACK.test(url.hostname)) return refuse("plain-http")
  const guessed = HOSTS.find(([host]) => host.test(url.hostname))?.[1] ?? "webhook"
  return Either.right({ kind: (kind as NotifyKind | undefined) ?? guessed, url: url.toString() })
}

/** A target as it may be shown: the kind and the host, never the path or query that hold the secret. */
export const maskTarget = (target: NotifyTarget | string): string => {
  const t = typeof target === "string" ? Either.getOrUndefined(parseNotifyTarget(target)) : target
  if (t === undefined) return "***"
  if (t.url === undefined) return t.kind
  const url = urlOf(t.url)
  return url !== undefined ? `${t.kind}:${url.protocol}//${url.host}/***` : `${t.kind}:***`
}

/** Every secret part of a target, to scrub from any text that might echo it (an error of the network layer). */
export const scrubTarget = (said: string, target: NotifyTarget): string => {
  if (target.url === undefined) return said
  const url = urlOf(target.url)
  const secrets = [target.url, url?.pathname, url?.search].filter((s): s is string => s !== undefined && s.length > 1)
  return secrets.reduce((acc, s) => acc.split(s).join("/***"), said)
}
