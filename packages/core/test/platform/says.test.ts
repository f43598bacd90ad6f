import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { Session } from "../../src/auth/session.js"
import { InspireError } from "../../src/errors.js"
import { Platform } from "../../src/platform/client.js"
import { readCodeEnvelope, readV2Envelope } from "../../src/platform/responses.js"
import { Transport } from "../../src/platform/transport.js"
import { Store } from "../../src/store/store.js"
import { renderWords } from "../../src/words/render.js"
import type { Text } from "../../src/words/text.js"
import { useEmulator } from "../emulator.js"

// The platform's own messages are Chinese: they pass through as the platform said them in every language,
// and an English reader also gets their meaning when it is known.
const emu = useEmulator()

const bothLanguages = (message: Text) => ({
  en: renderWords(message, "library", "en"),
  zh: renderWords(message, "library", "zh-CN"),
})

const answer = (body: unknown) => ({
  status: 200,
  headers: { "content-type": "application/json" },
  setCookies: [],
  body: JSON.stringify(body),
  attempts: 1,
})

const errorOf = (outcome: ReturnType<typeof readV2Envelope>): InspireError => {
  if (outcome.kind !== "error") throw new Error(`expected an error, got ${outcome.kind}`)
  return outcome.error
}

describe("the platform's own messages", () => {
  it("keep the priority refusal verbatim, with its meaning in English only", () => {
    const text = "任务优先级不在该资源规格允许的范围内"
    const e = errorOf(
      readV2Envelope(
        answer({ ResponseMetadata: { Error: { Code: "InvalidParameter", Message: text } } }),
        "api/v2/train?Action=CreateJob",
      ),
    )
    const { en, zh } = bothLanguages(e.text)
    expect(en).toBe(
      `api/v2/train?Action=CreateJob: ${text} (the priority is outside the range this spec allows) (InvalidParameter).`,
    )
    expect(zh).toContain(text)
    expect(zh).not.toContain("the priority")
    expect(zh).not.toMatch(/[A-Za-z]{4,} [a-z]{3,}/)
  })

  it("keep a budget refusal of the V1/OA envelope verbatim, explained in English only", () => {
    const text = "项目 demo 预算不足（剩余 3 点券），无法创建任务"
    const e = errorOf(
      readCodeEnvelope(answer({ code: 100002, message: text }), "openapi/v1/train_job/create", "bearer"),
    )
    const { en, zh } = bothLanguages(e.text)
    expect(en).toContain(`${text} (the project's budget (点券, points) is not enough for this task)`)
    expect(zh).toBe(`openapi/v1/train_job/create：${text}（代码 100002）。`)
  })

  it("pass an unknown message through unchanged in both languages", () => {
    const text = "某个从未见过的错误"
    const e = errorOf(readCodeEnvelope(answer({ code: 100000, message: text }), "api/v1/x", "cookie"))
    const { en, zh } = bothLanguages(e.text)
    expect(en).toBe(`api/v1/x: ${text} (code 100000).`)
    expect(zh).toBe(`api/v1/x：${text}（代码 100000）。`)
  })

  it("keep the emulator's 项目不存在 verbatim, explained in English only", { timeout: 60_000 }, async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-says-"))
    const env = { INSPIRE_HOME: home }
    const layer = Layer.provideMerge(
      Platform.layer,
      Layer.provideMerge(
        Session.layer({ profile: "default", baseUrl: emu.current.url, env }),
        Layer.mergeAll(
          Store.layer(env),
          Transport.layer({
            rateLimit: { perSecond: 1000, burst: 1000 },
            retry: { attempts: 1, baseDelay: "1 millis", maxDelay: "2 millis" },
            proxy: { env: {} },
          }),
        ),
      ),
    )
    const program = Effect.gen(function* () {
      const store = yield* Store
      const { username, password } = emu.current.demo
      yield* store.updateCredentials((c) =>
        Effect.succeed({ ...c, profiles: { ...c.profiles, default: { inspire: { username, password }, harbor: {} } } }),
      )
      const platform = yield* Platform
      return yield* platform.v1("GET", "project/project-does-not-exist", undefined, { idempotent: true })
    })
    const exit = await Effect.runPromiseExit(Effect.scoped(Effect.provide(program, layer)))
    if (!Exit.isFailure(exit) || exit.cause._tag !== "Fail" || !(exit.cause.error instanceof InspireError))
      throw new Error(`expected a platform error, got ${JSON.stringify(exit)}`)
    const { en, zh } = bothLanguages(exit.cause.error.text)
    expect(en).toContain("项目不存在 (the project does not exist)")
    expect(zh).toContain("项目不存在")
    expect(zh).not.toContain("the project does not exist")
  })
})
