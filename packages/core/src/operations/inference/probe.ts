import { z } from "zod"
import { tailLogs } from "../../api/jobs/logs.js"
import { listServingInstances } from "../../api/servings/instances.js"
import type { Serving } from "../../api/servings/schema.js"
import { getServing } from "../../api/servings/servings.js"
import { Effect, Either } from "../../effect.js"
import { type InspireError, inspireError, invalidInput } from "../../errors.js"
import { Transport } from "../../platform/transport.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { type NextStep, nextStep } from "../common/output.js"
import { withHint } from "../common/support.js"
import type { InferenceInput } from "./input.js"
import { servingIdOf } from "./manage.js"
import type { InferenceOutputOf } from "./output.js"

/** How far a serving is from answering. */
export type ServingStage = "waiting" | "starting" | "loading" | "ready" | "crashed" | "stopped" | "unreachable"

/** One log line of a serving's pods. */
export interface ServingLogLine {
  readonly time: number
  readonly pod: string
  readonly message: string
}

/** What `inference health` found. */
export interface InferenceHealthResult extends Extract<InferenceOutputOf, { readonly action: "health" }> {}

/** How a `health` wait went. */
export interface HealthWait {
  readonly timeoutSeconds: number
  /** Where the bound came from: asked (wait_seconds), the recipe's health.timeout_seconds, or the default. */
  readonly timeoutFrom: "asked" | "recipe" | "default"
  readonly recipe?: string
  /** The path probed (the recipe's health.path, else /v1/models). */
  readonly path: string
  readonly probes: number
  readonly waitedMs: number
  /** Each stage the serving went through, with when it was first seen. */
  readonly stages: ReadonlyArray<{ readonly afterMs: number; readonly stage: ServingStage }>
}

/** The path probed when no recipe says otherwise. */
export const DEFAULT_HEALTH_PATH = "/v1/models"

/** The URL of a health path (`/v1/models`) below a serving's access URL (which ends in its OpenAI base, …/v1). */
const probeUrl = (root: string, path: string): string =>
  path === DEFAULT_HEALTH_PATH ? `${root}/models` : `${root.replace(/\/v1$/, "")}/${path.replace(/^\/+/, "")}`

/** What `inference chat` answered. */
export interface InferenceChatResult extends Extract<InferenceOutputOf, { readonly action: "chat" }> {}

const ModelList = z.lazy(() => z.object({ data: z.array(z.object({ id: z.string() }).loose()) }).loose())
const Completion = z.lazy(() =>
  z
    .object({
      choices: z
        .array(
          z
            .object({
              message: z.object({ content: z.string().nullable().optional() }).loose(),
              finish_reason: z.string().nullable().optional(),
            })
            .loose(),
        )
        .min(1),
      usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).loose().optional(),
    })
    .loose(),
)

const idHint = (): Text => msg("inference-id-hint", { call: callWord("inference", { action: "list" }) })

// The serving's own server, reached through the platform's access path: no platform credential is
// sent (it is the user's process, not the platform). Not idempotent for the transport, so a 502/503
// while the engine loads is reported at once instead of retried.
const call = (method: "GET" | "POST", url: string, body?: unknown) =>
  Effect.gen(function* () {
    const transport = yield* Transport
    const started = performance.now()
    const res = yield* transport.send({
      method,
      url,
      headers: { accept: "application/json", ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      idempotent: false,
      timeout: "60 seconds",
    })
    return { status: res.status, body: res.body, ms: Math.round(performance.now() - started) }
  })

const json = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The newest log lines of the serving's pods (pods from V2 `ListServingInstances`); none when unavailable. */
const lastLines = (servingId: string): Effect.Effect<ReadonlyArray<ServingLogLine>, never, ClientServices> =>
  Effect.gen(function* () {
    const pods = (yield* listServingInstances(servingId)).map((i) => i.pod)
    if (pods.length === 0) return []
    const lines = yield* tailLogs(servingId, 8, { pod: pods })
    return lines.map((l) => ({ time: l.timestampMs, pod: l.pod, message: l.message }))
  }).pipe(Effect.orElseSucceed(() => []))

const CRASH = /Traceback|Error|error:|exited with code|Killed/

// What a gateway answers while the server behind it is not listening.
const GATEWAY_WAIT = new Set([502, 503, 504])

const waiting = (s: Serving): { stage: ServingStage; reason: Text } | undefined => {
  const raw = s.status.raw.toUpperCase()
  if (s.status.family === "waiting")
    return raw.includes("CREAT")
      ? { stage: "starting", reason: msg("inference-stage-starting", { status: s.status.raw }) }
      : { stage: "waiting", reason: msg("inference-stage-waiting", { status: s.status.raw || "waiting" }) }
  if (s.status.family === "failed")
    return { stage: "crashed", reason: msg("inference-stage-crashed", { status: s.status.raw }) }
  if (s.status.terminal || s.status.family === "stopping")
    return { stage: "stopped", reason: msg("inference-stage-stopped", { status: s.status.raw }) }
  return undefined
}

/**
 * Probes a serving: its state, then `GET <access_url>/models` and one short chat completion, with latency.
 * Not ready, it says why (waiting, starting, loading weights, crashed) with the logs' last lines.
 */
export const inferenceHealth = (
  input: InferenceInput,
  probeChat = true,
  path = DEFAULT_HEALTH_PATH,
): Effect.Effect<InferenceHealthResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const s = yield* withHint(getServing(yield* servingIdOf(input, "health")), idHint())
    const base = { action: "health" as const, servingId: s.id, name: s.name, status: s.status, accessUrl: s.accessUrl }
    const again = nextStep("inference", { action: "health", serving_id: s.id }, msg("inference-why-minute"))
    const notReady = (stage: ServingStage, reason: Text, logs: ReadonlyArray<ServingLogLine>, next: NextStep[]) =>
      ({ ...base, stage, ready: false, reason, models: [], latencyMs: {}, logs, next }) satisfies InferenceHealthResult
    const before = waiting(s)
    if (before !== undefined) {
      const logs = before.stage === "waiting" ? [] : yield* lastLines(s.id)
      const next = before.stage === "crashed" || before.stage === "stopped" ? [] : [again]
      return notReady(before.stage, before.reason, logs, next)
    }
    if (s.accessUrl === "") return notReady("unreachable", msg("inference-no-access-url"), [], [again])
    const root = s.accessUrl.replace(/\/+$/, "")
    const url = probeUrl(root, path)
    const probed = yield* Effect.either(call("GET", url))
    // A recipe's own health path (e.g. /health) says only that it answers: the models come from /models.
    const models =
      Either.isRight(probed) && probed.right.status === 200 && url !== `${root}/models`
        ? yield* Effect.either(call("GET", `${root}/models`))
        : probed
    if (Either.isLeft(models))
      return notReady("unreachable", msg("inference-unreachable", { url, code: models.left.code }), [], [again])
    if (models.right.status !== 200 && !GATEWAY_WAIT.has(models.right.status))
      return notReady(
        "unreachable",
        msg("inference-not-openai", {
          url,
          status: models.right.status,
          body: models.right.body.slice(0, 80).trim(),
        }),
        yield* lastLines(s.id),
        [again],
      )
    if (models.right.status !== 200) {
      const logs = yield* lastLines(s.id)
      const crashed = logs.some((l) => CRASH.test(l.message))
      return notReady(
        crashed ? "crashed" : "loading",
        crashed
          ? msg("inference-gateway-crashed", { status: models.right.status })
          : msg("inference-gateway-loading", {
              status: models.right.status,
              port: s.port ?? msg("inference-port-serving"),
            }),
        logs,
        crashed
          ? [nextStep("inference", { action: "stop", serving_id: s.id, confirm: true }, msg("inference-why-fix"))]
          : [again],
      )
    }
    const listed = ModelList.safeParse(json(models.right.body))
    const ids = listed.success ? listed.data.data.map((m) => m.id) : []
    const chat = probeChat ? yield* chatOnce(root, ids[0] ?? "", "Reply with OK.", 8) : undefined
    return {
      ...base,
      stage: "ready",
      ready: true,
      reason:
        chat !== undefined
          ? msg("inference-answering-chat", { count: ids.length, ms: models.right.ms, chat: chat.latencyMs })
          : msg("inference-answering", { count: ids.length, ms: models.right.ms }),
      models: ids,
      latencyMs: { models: models.right.ms, ...(chat !== undefined ? { chat: chat.latencyMs } : {}) },
      ...(chat !== undefined ? { reply: chat.reply } : {}),
      logs: [],
      next: [nextStep("inference", { action: "chat", serving_id: s.id, prompt: "Hello" }, msg("inference-why-talk"))],
    } satisfies InferenceHealthResult
  })

const chatOnce = (root: string, model: string, prompt: string, maxTokens: number) =>
  Effect.gen(function* () {
    const body = { model, messages: [{ role: "user", content: prompt }], max_tokens: maxTokens, temperature: 0 }
    const res = yield* Effect.mapError(call("POST", `${root}/chat/completions`, body), (e) =>
      inspireError({
        reason: "PlatformError",
        message: msg("inference-chat-unreachable", { url: `${root}/chat/completions`, code: e.code }),
        hint: msg("inference-chat-unreachable-fix"),
      }),
    )
    const parsed = Completion.safeParse(json(res.body))
    if (res.status !== 200 || !parsed.success)
      return yield* Effect.fail(
        inspireError({
          reason: "PlatformError",
          message: msg("inference-chat-failed", { status: res.status, body: res.body.slice(0, 200) }),
          hint: msg("inference-chat-failed-fix", { call: callWord("inference", { action: "health" }) }),
        }),
      )
    const choice = parsed.data.choices[0]
    return {
      reply: choice?.message.content ?? "",
      finishReason: choice?.finish_reason ?? "",
      latencyMs: res.ms,
      ...(parsed.data.usage !== undefined
        ? {
            usage: {
              promptTokens: parsed.data.usage.prompt_tokens,
              completionTokens: parsed.data.usage.completion_tokens,
            },
          }
        : {}),
    }
  })

/** Sends one prompt to a ready serving's first model and returns the reply. */
export const inferenceChat = (
  input: InferenceInput,
): Effect.Effect<InferenceChatResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const id = yield* servingIdOf(input, "chat")
    if (input.prompt === undefined || input.prompt.trim() === "")
      return yield* Effect.fail(
        invalidInput(msg("inference-chat-needs-prompt"), msg("inference-chat-needs-prompt-fix")),
      )
    const health = yield* inferenceHealth({ ...input, serving_id: id }, false)
    if (!health.ready)
      return yield* Effect.fail(
        inspireError({
          reason: "Conflict",
          message: msg("inference-chat-not-ready", { serving: health.name || id, reason: health.reason }),
          hint: msg("inference-chat-not-ready-fix", {
            call: callWord("inference", { action: "health", serving_id: id }),
          }),
        }),
      )
    const model = health.models[0] ?? ""
    const chat = yield* chatOnce(health.accessUrl.replace(/\/+$/, ""), model, input.prompt, 256)
    return { action: "chat", servingId: id, name: health.name, model, ...chat } satisfies InferenceChatResult
  })
