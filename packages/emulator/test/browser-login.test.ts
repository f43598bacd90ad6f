import { execFileSync } from "node:child_process"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { type Browser, chromium } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { encryptPassword } from "../src/auth/rsa.js"
import { DEMO_USER } from "../src/fixtures/platform.js"
import type { RunningEmulator } from "../src/index.js"
import { start } from "./helpers.js"

// A real headless Chromium walks the login chain the way a person (or a browser-driven client such as
// InspireSkill) does. scripts/chromium.sh finds Debian's chromium, installing it when it is missing and
// the machine allows it; only when that is impossible is this file skipped, with the script's reason.
const script = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "scripts", "chromium.sh")

const locate = (): { path?: string; why?: string } => {
  try {
    const out = execFileSync("bash", [script], { encoding: "utf8", timeout: 15 * 60_000, stdio: "pipe" })
    const path = out.trim().split("\n").at(-1)
    return path ? { path } : { why: "scripts/chromium.sh printed no path" }
  } catch (e) {
    const stderr = (e as { stderr?: string }).stderr ?? ""
    return { why: stderr.trim().split("\n").at(-1) || (e instanceof Error ? e.message : String(e)) }
  }
}

const browserPath = locate()
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]

const suite = browserPath.path ? describe : (describe.skip.bind(describe) as unknown as typeof describe)
const title = browserPath.path
  ? "browser login through the emulated Keycloak and CAS pages (§2.5)"
  : `browser login (§2.5) SKIPPED: no Chromium could be found or installed: ${browserPath.why}`

let emu: RunningEmulator
let browser: Browser

/** What a page's script sees of the browser (the tests are typed without the DOM library). */
interface Paged {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void }
}

suite(title, () => {
  beforeAll(async () => {
    emu = await start()
    browser = await chromium.launch({ executablePath: browserPath.path ?? "", args: ARGS, timeout: 60_000 })
  }, 90_000)
  afterAll(async () => {
    await browser?.close()
    await emu?.close()
  }, 30_000)

  it("goes from /login to the CAS form by itself, encrypts #passwordShow into password, and logs in", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    const posted: string[] = []
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/cas/login") posted.push(r.postData() ?? "")
    })
    await page.goto(`${emu.url}/login`)
    // The Keycloak page forwards to its one identity provider, which redirects to the CAS form.
    await page.waitForURL((u) => u.pathname === "/cas/login")
    await page.fill("#username", DEMO_USER.username)
    await page.fill("#passwordShow", DEMO_USER.password)
    await page.click("input[name=submit]")
    await page.waitForURL(`${emu.url}/`)
    expect(posted).toHaveLength(1)
    const form = new URLSearchParams(posted[0])
    expect(form.get("password")).toBe(encryptPassword(DEMO_USER.password))
    expect(form.get("passwordShow")).toBeNull()
    expect(Object.fromEntries(form)).toMatchObject({
      username: DEMO_USER.username,
      loginType: "1",
      encrypted: "true",
      _eventId: "submit",
      submit: "登 录",
    })
    expect((await context.cookies()).map((c) => c.name)).toContain("inspire-session")
    // The browser-driven clients then poll user/detail until it answers 200.
    const detail = await page.evaluate(async () => {
      const r = await fetch("/api/v1/user/detail")
      return { status: r.status, body: (await r.json()) as { data: { name: string } } }
    })
    expect(detail.status).toBe(200)
    expect(detail.body.data.name).toBe("张演示")
    await context.close()
  }, 60_000)

  it("keeps the current workspace in localStorage.spaceId: the default after login, a switched one kept", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    await page.goto(`${emu.url}/login`)
    await page.waitForURL((u) => u.pathname === "/cas/login")
    await page.fill("#username", DEMO_USER.username)
    await page.fill("#passwordShow", DEMO_USER.password)
    await page.click("input[name=submit]")
    await page.waitForURL(`${emu.url}/`)
    const state = emu.control.state()
    const demo = state.users.find((u) => u.loginName === DEMO_USER.username)
    // A browser-driven client reads the workspace the console page chose, right after the page loaded.
    expect(await page.evaluate(() => (globalThis as unknown as Paged).localStorage.getItem("spaceId"))).toBe(
      demo?.defaultWorkspaceId,
    )
    const other = state.workspaces.find((w) => w.name === "SJ资源空间")?.id ?? ""
    await page.evaluate((ws) => (globalThis as unknown as Paged).localStorage.setItem("spaceId", ws), other)
    await page.goto(`${emu.url}/jobs/distributedTraining`)
    expect(await page.evaluate(() => (globalThis as unknown as Paged).localStorage.getItem("spaceId"))).toBe(other)
    await context.close()
  }, 60_000)

  it("shows the CAS error for a wrong password and sets no session", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    await page.goto(`${emu.url}/jobs/distributedTraining`)
    await page.waitForURL((u) => u.pathname === "/cas/login")
    await page.fill("#username", "20250002")
    await page.fill("#passwordShow", "not-the-password")
    await page.click("input[name=submit]")
    await page.waitForSelector("div.form-error")
    expect(await page.textContent("div.form-error")).toBe("用户名或密码错误")
    expect(new URL(page.url()).pathname).toBe("/cas/login")
    expect((await context.cookies()).map((c) => c.name)).not.toContain("inspire-session")
    await context.close()
  }, 60_000)
})
