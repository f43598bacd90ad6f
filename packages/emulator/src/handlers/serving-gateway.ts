import type { ServerResponse } from "node:http"
import type { Emu } from "../context.js"
import { engineReady } from "../domain/serving-engine.js"
import { sendHtml, sendJson, sendText } from "../http.js"
import { chatCompletions, completions } from "./openai-completions.js"

/**
 * A serving's access path, `/serving/{id}/v1/…` (its `access_url` once RUNNING), as the platform's
 * gateway fronts it: 503 while the serving has no running pod, 502 while its engine is not listening
 * (loading weights, crashed, another port), then the OpenAI-compatible subset vLLM and SGLang serve:
 * `GET /v1/models`, `POST /v1/chat/completions` and `POST /v1/completions`, whole or streamed
 * (openai-completions.ts), with deterministic replies. No platform credential is asked for: the engines
 * take none by default.
 */
const PATH = /^\/serving\/([^/]+)\/v1(\/.*)?$/

export const isServingPath = (path: string): boolean => PATH.test(path)

const gatewayHtml = (status: number, title: string): string =>
  `<html>\r\n<head><title>${status} ${title}</title></head>\r\n<body>\r\n<center><h1>${status} ${title}</h1></center>\r\n<hr><center>openresty</center>\r\n</body>\r\n</html>\r\n`

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
  const generation = { launch, servingId: t.id, now: Math.floor(emu.clock.now() / 1000) }
  if (method === "POST" && rest === "/chat/completions") return chatCompletions(res, raw, generation)
  if (method === "POST" && rest === "/completions") return completions(res, raw, generation)
  return sendJson(res, 404, { detail: "Not Found" })
}
