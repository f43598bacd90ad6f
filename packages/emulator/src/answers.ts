import type { ServerResponse } from "node:http"
import { canonicalHeaders } from "./http.js"

/**
 * How an answer the platform carried out is spoiled on its way back (what a lab meets behind a proxy or
 * a flaky gateway): cut short, empty, JSON of the wrong type, the SSO login page with status 200, or a
 * JSON error in a 200 body. `mixed` picks one of these at random for each spoiled answer.
 */
export type AnswerMode = "truncated" | "empty" | "wrong-type" | "login-page" | "json-error"

const ANSWER_MODES: ReadonlyArray<AnswerMode> = ["truncated", "empty", "wrong-type", "login-page", "json-error"]

/** A spoiled-answer fault for one surface: the fraction of its answers spoiled, and how. */
export interface AnswerFault {
  readonly mode: AnswerMode | "mixed"
  readonly rate: number
  /** The first this many requests of the surface are answered as usual: a fault from an exact point on. */
  readonly after?: number
}

const LOGIN_PAGE_200 =
  '<!DOCTYPE html><html><head><title>Sign in to SII</title></head><body><form id="kc-form-login" action="/auth/realms/sii/login-actions/authenticate" method="post"><input name="username"><input name="password" type="password"></form></body></html>'

/** The keys a spoiled-answer fault is looked up under: the exact surface, its V2 service (`v2:train.*`), then `*` (API surfaces only). */
export const answerKeys = (key: string): string[] => {
  const keys = [key]
  if (key.startsWith("v2:")) keys.push(`${key.slice(0, key.lastIndexOf(".") + 1)}*`)
  if (/^(v1|v2|oa):/.test(key)) keys.push("*")
  return keys
}

const pick = (mode: AnswerFault["mode"], random: () => number): AnswerMode =>
  mode === "mixed" ? (ANSWER_MODES[Math.floor(random() * ANSWER_MODES.length)] ?? "empty") : mode

const spoiled = (mode: AnswerMode, original: Buffer, family: string): { type: string; body: Buffer } => {
  switch (mode) {
    case "truncated": {
      const cut = Math.max(1, Math.floor(original.length / 2))
      return { type: "application/json; charset=utf-8", body: original.subarray(0, Math.min(cut, original.length)) }
    }
    case "empty":
      return { type: "application/json; charset=utf-8", body: Buffer.alloc(0) }
    case "wrong-type":
      return { type: "application/json; charset=utf-8", body: Buffer.from("[]") }
    case "login-page":
      return { type: "text/html; charset=utf-8", body: Buffer.from(LOGIN_PAGE_200) }
    case "json-error": {
      const body =
        family === "v2"
          ? { ResponseMetadata: { Error: { Code: "InternalError", Message: "internal error, please retry" } } }
          : { code: 500, message: "internal server error" }
      return { type: "application/json; charset=utf-8", body: Buffer.from(JSON.stringify(body)) }
    }
  }
}

/**
 * Replaces what the handler sends (it still runs to completion, state changes included) with a spoiled
 * answer of status 200. Only an answer of status 200 is spoiled; redirects and HTTP errors pass.
 */
export const spoilAnswer = (res: ServerResponse, fault: AnswerFault, key: string, random: () => number): void => {
  const end = res.end.bind(res)
  const writeHead = res.writeHead.bind(res)
  let status = 200
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code
    if (code !== 200) return (writeHead as (...a: unknown[]) => ServerResponse)(code, ...rest)
    return res
  }) as typeof res.writeHead
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (status !== 200) return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest)
    const original = Buffer.isBuffer(chunk) ? chunk : Buffer.from(typeof chunk === "string" ? chunk : "")
    const { type, body } = spoiled(pick(fault.mode, random), original, key.slice(0, 2))
    for (const name of res.getHeaderNames()) if (name !== "date" && name !== "set-cookie") res.removeHeader(name)
    writeHead(200, canonicalHeaders({ "Content-Type": type, "Content-Length": body.length }))
    end(body)
    return res
  }) as typeof res.end
}
