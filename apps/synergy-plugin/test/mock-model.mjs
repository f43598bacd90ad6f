// A loopback stand-in for an OpenAI-compatible chat model: it makes the tool calls of a script, one
// round per step (a round may hold several calls, made in parallel), whenever those tools are offered,
// then answers "FINAL: …" with the tool results it received.
// Auxiliary requests (titles, summaries) get a plain answer. No real model, no key, no network.
// Plain JavaScript (types in mock-model.d.mts) so that the tests and bench/synergy-overhead.mjs share it.
import { createServer } from "node:http"
import { performance } from "node:perf_hooks"

const textOf = (content) => {
  if (typeof content === "string") return content
  if (Array.isArray(content))
    return content.map((p) => (typeof p === "object" && p !== null && "text" in p ? String(p.text) : "")).join("")
  return ""
}

const readBody = (req) =>
  new Promise((resolve, reject) => {
    let body = ""
    req.on("data", (d) => {
      body += d.toString("utf8")
    })
    req.on("end", () => resolve(body))
    req.on("error", reject)
  })

const chunk = (delta, finish) => ({
  id: "chatcmpl-mock",
  object: "chat.completion.chunk",
  created: 0,
  model: "m1",
  choices: [{ index: 0, delta, finish_reason: finish }],
})

const reply = (res, stream, message, finish) => {
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }
  if (!stream) {
    res.writeHead(200, { "content-type": "application/json" })
    res.end(
      JSON.stringify({
        id: "chatcmpl-mock",
        object: "chat.completion",
        created: 0,
        model: "m1",
        choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finish }],
        usage,
      }),
    )
    return
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" })
  const send = (data) => res.write(`data: ${JSON.stringify(data)}\n\n`)
  send(chunk({ role: "assistant", ...message }, null))
  send({ ...chunk({}, finish), usage })
  res.end("data: [DONE]\n\n")
}

export const startMockModel = async () => {
  let rounds = []
  const toolResults = []
  const offered = []
  const requests = []
  const server = createServer(async (req, res) => {
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify({ object: "list", data: [{ id: "m1", object: "model" }] }))
      return
    }
    const at = performance.now()
    const body = JSON.parse((await readBody(req)) || "{}")
    const stream = body.stream === true
    const tools = (body.tools ?? []).map((t) => t.function?.name ?? "")
    const messages = body.messages ?? []
    const results = messages.filter((m) => m.role === "tool").map((m) => textOf(m.content))
    requests.push({ at, tools: tools.length, results: results.length })
    if (tools.length === 0) return reply(res, stream, { content: "Inspire session" }, "stop")
    if (offered.length === 0) offered.push(...tools)
    const done = messages.filter((m) => m.role === "assistant" && (m.tool_calls?.length ?? 0) > 0).length
    const next = rounds[done]
    if (next?.every((c) => tools.includes(c.name))) {
      const calls = next.map((c, i) => ({
        index: i,
        id: `call_${done + 1}_${i + 1}`,
        type: "function",
        function: { name: c.name, arguments: JSON.stringify(c.args) },
      }))
      return reply(res, stream, { content: null, tool_calls: calls }, "tool_calls")
    }
    toolResults.splice(0, toolResults.length, ...results)
    return reply(res, stream, { content: `FINAL: ${results.join("\n---\n")}` }, "stop")
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = server.address().port
  return {
    url: `http://127.0.0.1:${port}/v1`,
    toolResults,
    offered,
    requests,
    script: (r) => {
      rounds = r
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
