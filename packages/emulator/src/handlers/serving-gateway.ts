import type { ServerResponse } from "node:http"
import type { Emu } from "../context.js"
import { engineReady } from "../domain/serving-engine.js"
import { sendHtml, sendJson, sendText } from "../http.js"

/**
 * A serving's access path, `/serving/{id}/v1/…` (its `access_url` once RUNNING), as the platform's
 * gateway fronts it: 503 while the serving has no running pod, 502 while its engine is not listening
 * (loading weights, crashed, another port), then the OpenAI-compatible subset vLLM and SGLang serve:
 * `GET /v1/models` and `POST /v1/chat/completions` with a deterministic reply. No platform credential is
 * asked for: the engines take none by default.
 */
const PATH = /^\/serving\/([^/]+)\/v1(\/.*)?$/

export const isServingPath = (path: string): boolean => PATH.test(path)

const gatewayHtml = (status: number, title: string): string =>
  `<html>\r\n<head><title>${status} ${title}</title></head>\r\n<body>\r\n<center><h1>${status} ${title}</h1></center>\r\n<hr><center>openresty</center>\r\n</body>\r\n</html>\r\n`

const openAiError = (res: ServerResponse, status: number, type: string, message: string) =>
  sendJson(res, status, { object: "error", message, type, param: null, code: status })

const parse = (raw: string): Record<string, unknown> | undefined => {
  try {
    const v = JSON.parse(raw) as unknown
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

const words = (s: string): number => s.split(/\s+/).filter(Boolean).length

export const handleServing = (emu: Emu, method: string, path: string, raw: string, res: ServerResponse) => {
  const [, id = "", rest = "/"] = PATH.exec(path) ?? []
  emu.engine.update()
  const t = emu.store.state.tasks.find((x) => x.id === id && x.kind === "serving")
  if (t === undefined) return sendText(res, 404, "404 page not found")
  if (t.phase !== "running") return sendHtml(res, 503, gatewayHtml(503, "Service Temporarily Unavailable"))
  const { ready, launch } = engineReady(emu, t)
  if (!ready || launch === undefined) return sendHtml(res, 502, gatewayHtml(502, "Bad Gateway"))
  const created = Math.floor((t.runs[0]?.start ?? t.createdAt) / 1000)
  if (method === "GET" && rest === "/models")
    return sendJson(res, 200, {
      object: "list",
      data: [
        {
          id: launch.served,
          object: "model",
          created,
          owned_by: launch.engine === "vllm" ? "vllm" : "sglang",
          root: launch.modelPath,
          parent: null,
          max_model_len: 32768,
        },
      ],
    })
  if (method === "POST" && rest === "/chat/completions") {
    const body = parse(raw)
    if (body === undefined) return openAiError(res, 400, "BadRequestError", "The request body is not valid JSON.")
    const messages = Array.isArray(body.messages) ? (body.messages as Array<Record<string, unknown>>) : []
    if (messages.length === 0) return openAiError(res, 400, "BadRequestError", "messages: Field required")
    if (body.model !== launch.served)
      return openAiError(res, 404, "NotFoundError", `The model \`${String(body.model)}\` does not exist.`)
    const prompt = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n")
    const last = [...messages].reverse().find((m) => m.role === "user")
    const said = typeof last?.content === "string" ? last.content.slice(0, 120) : ""
    const reply = `Hello from ${launch.served} on the emulator (${launch.engine}). You said: ${said}`
    const max = typeof body.max_tokens === "number" && body.max_tokens > 0 ? body.max_tokens : 256
    const cut = reply.split(" ").slice(0, max).join(" ")
    const now = Math.floor(emu.clock.now() / 1000)
    return sendJson(res, 200, {
      id: `chatcmpl-${t.id.slice(3, 19)}${now}`,
      object: "chat.completion",
      created: now,
      model: launch.served,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: cut, tool_calls: [] },
          logprobs: null,
          finish_reason: cut === reply ? "stop" : "length",
          stop_reason: null,
        },
      ],
      usage: {
        prompt_tokens: words(prompt) + 10,
        total_tokens: words(prompt) + 10 + words(cut),
        completion_tokens: words(cut),
      },
    })
  }
  return sendJson(res, 404, { detail: "Not Found" })
}
