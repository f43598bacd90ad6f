import type { ServerResponse } from "node:http"
import type { EngineLaunch } from "../domain/serving-engine.js"
import { canonicalHeaders, sendJson } from "../http.js"

/**
 * The generation endpoints of the OpenAI-compatible server vLLM and SGLang run: `POST /v1/chat/completions`
 * and `POST /v1/completions`, each whole or streamed (`stream: true`): `text/event-stream` events
 * `data: <chunk>` (`chat.completion.chunk`, or `text_completion` for completions), the first chat chunk
 * carrying the role, the last the `finish_reason`, then `data: [DONE]`; with
 * `stream_options.include_usage` a chunk with empty `choices` and the usage comes before `[DONE]`.
 * Replies are deterministic: they name the served model and echo the prompt.
 */

type Body = Record<string, unknown>

export interface Generation {
  launch: EngineLaunch
  /** The serving's id, for deterministic completion ids. */
  servingId: string
  /** Platform seconds. */
  now: number
}

const openAiError = (res: ServerResponse, status: number, type: string, message: string) =>
  sendJson(res, status, { object: "error", message, type, param: null, code: status })

const parse = (raw: string): Body | undefined => {
  try {
    const v = JSON.parse(raw) as unknown
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Body) : undefined
  } catch {
    return undefined
  }
}

const words = (s: string): number => s.split(/\s+/).filter(Boolean).length

/** The reply cut at `max_tokens` words (a word for a token), and why it ended. */
const answer = (reply: string, body: Body, dflt: number) => {
  const max = typeof body.max_tokens === "number" && body.max_tokens > 0 ? body.max_tokens : dflt
  const parts = reply.split(" ").slice(0, max)
  const text = parts.join(" ")
  return { parts, text, finish: text === reply ? "stop" : "length" }
}

const usageOf = (prompt: string, completion: string) => ({
  prompt_tokens: words(prompt) + 10,
  total_tokens: words(prompt) + 10 + words(completion),
  completion_tokens: words(completion),
})

/** Sends the events of a stream in one go (a client reads them as they come either way). */
const sendStream = (res: ServerResponse, chunks: unknown[]) => {
  res.writeHead(
    200,
    canonicalHeaders({ "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" }),
  )
  for (const c of chunks) res.write(`data: ${JSON.stringify(c)}\n\n`)
  res.end("data: [DONE]\n\n")
}

const checkModel = (res: ServerResponse, body: Body, g: Generation): boolean => {
  if (body.model === g.launch.served) return true
  openAiError(res, 404, "NotFoundError", `The model \`${String(body.model)}\` does not exist.`)
  return false
}

const wantsUsage = (body: Body): boolean => {
  const o = body.stream_options
  return typeof o === "object" && o !== null && (o as Body).include_usage === true
}

export const chatCompletions = (res: ServerResponse, raw: string, g: Generation) => {
  const body = parse(raw)
  if (body === undefined) return openAiError(res, 400, "BadRequestError", "The request body is not valid JSON.")
  const messages = Array.isArray(body.messages) ? (body.messages as Body[]) : []
  if (messages.length === 0) return openAiError(res, 400, "BadRequestError", "messages: Field required")
  if (!checkModel(res, body, g)) return
  const prompt = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n")
  const last = [...messages].reverse().find((m) => m.role === "user")
  const said = typeof last?.content === "string" ? last.content.slice(0, 120) : ""
  const reply = `Hello from ${g.launch.served} on the emulator (${g.launch.engine}). You said: ${said}`
  const a = answer(reply, body, 256)
  const head = { id: `chatcmpl-${g.servingId.slice(3, 19)}${g.now}`, created: g.now, model: g.launch.served }
  if (body.stream === true) {
    const chunk = (delta: Body, finish: string | null) => ({
      ...head,
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish, ...(finish ? { stop_reason: null } : {}) }],
    })
    const chunks: unknown[] = [chunk({ role: "assistant", content: "" }, null)]
    a.parts.forEach((w, i) => {
      chunks.push(chunk({ content: i === 0 ? w : ` ${w}` }, null))
    })
    chunks.push(chunk({}, a.finish))
    if (wantsUsage(body))
      chunks.push({ ...head, object: "chat.completion.chunk", choices: [], usage: usageOf(prompt, a.text) })
    return sendStream(res, chunks)
  }
  return sendJson(res, 200, {
    ...head,
    object: "chat.completion",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: a.text, tool_calls: [] },
        logprobs: null,
        finish_reason: a.finish,
        stop_reason: null,
      },
    ],
    usage: usageOf(prompt, a.text),
  })
}

/** `/v1/completions`: `prompt` a string or a list of strings (one choice each); 16 tokens unless `max_tokens`. */
export const completions = (res: ServerResponse, raw: string, g: Generation) => {
  const body = parse(raw)
  if (body === undefined) return openAiError(res, 400, "BadRequestError", "The request body is not valid JSON.")
  const prompts =
    typeof body.prompt === "string"
      ? [body.prompt]
      : Array.isArray(body.prompt) && body.prompt.every((p) => typeof p === "string")
        ? (body.prompt as string[])
        : []
  if (prompts.length === 0) return openAiError(res, 400, "BadRequestError", "prompt: Field required")
  if (!checkModel(res, body, g)) return
  const answers = prompts.map((p) =>
    answer(`continued by ${g.launch.served} on the emulator (${g.launch.engine}): ${p.slice(0, 120)}`, body, 16),
  )
  const head = { id: `cmpl-${g.servingId.slice(3, 19)}${g.now}`, object: "text_completion", created: g.now }
  const model = g.launch.served
  const prompt = prompts.join("\n")
  const usage = usageOf(prompt, answers.map((a) => a.text).join(" "))
  if (body.stream === true) {
    const chunks: unknown[] = []
    answers.forEach((a, index) => {
      a.parts.forEach((w, i) => {
        const text = i === 0 ? w : ` ${w}`
        chunks.push({ ...head, model, choices: [{ index, text, logprobs: null, finish_reason: null }] })
      })
      const end = { index, text: "", logprobs: null, finish_reason: a.finish, stop_reason: null }
      chunks.push({ ...head, model, choices: [end] })
    })
    if (wantsUsage(body)) chunks.push({ ...head, model, choices: [], usage })
    return sendStream(res, chunks)
  }
  return sendJson(res, 200, {
    ...head,
    model,
    choices: answers.map((a, index) => ({
      index,
      text: a.text,
      logprobs: null,
      finish_reason: a.finish,
      stop_reason: null,
      prompt_logprobs: null,
    })),
    usage,
  })
}
