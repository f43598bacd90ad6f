import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { maskTarget, parseNotifyTarget, scrubTarget } from "../src/notify/target.js"
import { parseSettingValue } from "../src/store/settings.js"
import { renderWords } from "../src/words/render.js"

const ok = (raw: string) => Either.getOrThrow(parseNotifyTarget(raw))
const refused = (raw: string): string => {
  const r = parseNotifyTarget(raw)
  if (Either.isRight(r)) throw new Error(`accepted ${raw}`)
  return renderWords(r.left.text, "cli")
}

describe("notification targets", () => {
  it("tell the bot from its host, or take kind:URL, or desktop", () => {
    expect(ok("https://open.feishu.cn/open-apis/bot/v2/hook/abc").kind).toBe("feishu")
    expect(ok("https://open.larksuite.com/open-apis/bot/v2/hook/abc").kind).toBe("feishu")
    expect(ok("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc").kind).toBe("wecom")
    expect(ok("https://oapi.dingtalk.com/robot/send?access_token=abc").kind).toBe("dingtalk")
    expect(ok("https://hooks.slack.com/services/T/B/abc").kind).toBe("slack")
    expect(ok("https://example.org/hook").kind).toBe("webhook")
    expect(ok("lark:https://example.org/x").kind).toBe("feishu")
    expect(ok("slack:https://chat.example.org/hooks/x").kind).toBe("slack")
    expect(ok("desktop")).toEqual({ kind: "desktop" })
    expect(ok("webhook:http://127.0.0.1:9/x").url).toBe("http://127.0.0.1:9/x")
  })

  it("refuse what is not one, and plain http off this machine, without repeating the value", () => {
    expect(refused("teams:https://x.example/SECRET")).toContain("prefix")
    expect(refused("ftp://x.example/SECRET")).toContain("neither")
    expect(refused("http://hooks.example.com/SECRET")).toContain("must be https")
    for (const raw of ["teams:https://x.example/SECRET", "http://hooks.example.com/SECRET"])
      expect(refused(raw)).not.toContain("SECRET")
    expect(Either.isLeft(parseSettingValue("notify", "http://hooks.example.com/SECRET"))).toBe(true)
  })

  it("are shown as kind and host only; the path and query, which hold the secret, never", () => {
    expect(maskTarget("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=SECRET")).toBe(
      "wecom:https://qyapi.weixin.qq.com/***",
    )
    expect(maskTarget("desktop")).toBe("desktop")
    expect(maskTarget("not a target SECRET")).toBe("***")
    const t = ok("https://oapi.dingtalk.com/robot/send?access_token=SECRET")
    expect(scrubTarget(`connect failed: ${t.url} (?access_token=SECRET)`, t)).not.toContain("SECRET")
  })
})
