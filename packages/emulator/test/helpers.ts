import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, beforeEach } from "vitest"
import { encryptPassword } from "../src/auth/rsa.js"
import { DEMO_USER } from "../src/fixtures/platform.js"
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../src/index.js"
import type { PlatformState } from "../src/state/types.js"

// biome-ignore lint/suspicious/noExplicitAny: responses are read loosely; the assertions are the contract
export type Json = Record<string, any>

export const CLIENT = { "x-inspire-client-source": "holos-inspire-test/1.0" }

export class Client {
  token = ""
  cookie = ""

  constructor(readonly emu: RunningEmulator) {}

  get url(): string {
    return this.emu.url
  }

  async loginToken(username = DEMO_USER.username, password = DEMO_USER.password): Promise<string> {
    const res = await fetch(`${this.url}/auth/token`, { method: "POST", body: JSON.stringify({ username, password }) })
    const body = (await res.json()) as Json
    this.token = body.data.access_token
    return this.token
  }

  async loginCookie(username = DEMO_USER.username, password = DEMO_USER.password): Promise<string> {
    const result = await casLogin(this.url, username, password)
    if (!result.cookie) throw new Error(`login failed: ${result.error}`)
    this.cookie = result.cookie
    return this.cookie
  }

  async oa(path: string, body: unknown, token = this.token): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${this.url}/openapi/v1/${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: text.startsWith("{") ? (JSON.parse(text) as Json) : { text } }
  }

  async v1(method: string, path: string, body?: unknown, raw?: string): Promise<{ status: number; body: Json }> {
    const init: RequestInit = { method, headers: { cookie: this.cookie, "content-type": "application/json" } }
    if (raw !== undefined) init.body = raw
    else if (body !== undefined) init.body = JSON.stringify(body)
    const res = await fetch(`${this.url}/api/v1/${path}`, init)
    const text = await res.text()
    return { status: res.status, body: text.startsWith("{") ? (JSON.parse(text) as Json) : { text } }
  }

  /** V2 with the bearer token unless `auth` says otherwise. */
  async v2(service: string, action: string, body: unknown = {}, auth: "token" | "cookie" = "token"): Promise<Json> {
    const headers: Record<string, string> = { ...CLIENT, "content-type": "application/json" }
    if (auth === "token") headers.authorization = `Bearer ${this.token}`
    else headers.cookie = this.cookie
    const res = await fetch(`${this.url}/api/v2/${service}?Action=${action}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    })
    if (res.status !== 200) throw new Error(`V2 ${service}.${action}: HTTP ${res.status}`)
    return (await res.json()) as Json
  }

  /** V2 Result, failing loudly on an error envelope. */
  async result(service: string, action: string, body: unknown = {}): Promise<Json> {
    const r = await this.v2(service, action, body)
    if (r.ResponseMetadata.Error) throw new Error(`${service}.${action}: ${JSON.stringify(r.ResponseMetadata.Error)}`)
    return r.Result as Json
  }
}

const cookieOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ")

/** The plain-HTTP CAS chain of §2.3, exactly as a client walks it (manual redirects). */
export const casLogin = async (
  base: string,
  username: string,
  password: string,
  tweak: (form: URLSearchParams) => void = () => {},
): Promise<{ cookie?: string; error?: string; html: string }> => {
  let res = await fetch(`${base}/`, { redirect: "manual" })
  let location = res.headers.get("location") ?? ""
  res = await fetch(new URL(location, base), { redirect: "manual" })
  const kcHtml = await res.text()
  const loginUrl = /"loginUrl":"([^"]*broker\\\/cas\\\/login[^"]*)"/.exec(kcHtml)?.[1]?.replace(/\\\//g, "/")
  if (!loginUrl) throw new Error("no loginUrl on the Keycloak page")
  res = await fetch(new URL(loginUrl, base), { redirect: "manual" })
  const casUrl = new URL(res.headers.get("location") ?? "", base)
  res = await fetch(casUrl, { redirect: "manual" })
  const casHtml = await res.text()
  const form = new URLSearchParams({
    username,
    password: encryptPassword(password),
    _eventId: "submit",
    submit: "登 录",
    loginType: "1",
    encrypted: "true",
    lt: hiddenValue(casHtml, "lt"),
    execution: hiddenValue(casHtml, "execution"),
  })
  tweak(form)
  res = await fetch(casUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  })
  if (res.status === 200) {
    const html = await res.text()
    return { error: /<div class="form-error">([^<]*)<\/div>/.exec(html)?.[1] ?? "", html }
  }
  let cookie = ""
  for (let hop = 0; hop < 10 && res.status >= 300 && res.status < 400; hop++) {
    location = res.headers.get("location") ?? ""
    res = await fetch(new URL(location, base), { redirect: "manual", headers: cookie ? { cookie } : {} })
    cookie = [cookie, cookieOf(res)].filter(Boolean).join("; ")
  }
  return { cookie, html: await res.text() }
}

export const hiddenValue = (html: string, name: string): string => {
  for (const m of html.matchAll(/<input[^>]*>/g)) {
    if (m[0].includes(`name="${name}"`)) return /value="([^"]*)"/.exec(m[0])?.[1] ?? ""
  }
  return ""
}

export const start = (options: EmulatorOptions = {}): Promise<RunningEmulator> =>
  startEmulator({ paused: true, speed: 1, ...options })

/**
 * One paused emulator for a test file, logged in with a token and a session cookie, back to the fixture
 * before each test; `use` receives it, its client and the fixture lookups once they are ready.
 */
export const useLoggedInEmulator = (
  use: (emu: RunningEmulator, client: Client, f: ReturnType<typeof fixture>) => void,
): void => {
  let emu: RunningEmulator | undefined
  beforeAll(async () => {
    emu = await start()
    const client = new Client(emu)
    await client.loginToken()
    await client.loginCookie()
    use(emu, client, fixture(emu.control.state()))
  })
  afterAll(() => emu?.close())
  beforeEach(() => emu?.control.reset())
}

/** Fixture lookups by the names a user would type. */
export const fixture = (state: PlatformState) => {
  const ws = (name: string) => {
    const w = state.workspaces.find((x) => x.name === name)
    if (!w) throw new Error(`no workspace ${name}`)
    return w.id
  }
  const group = (wsName: string, name: string) => {
    const g = state.groups.find((x) => x.workspaceId === ws(wsName) && x.name === name)
    if (!g) throw new Error(`no group ${name}`)
    return g.id
  }
  const spec = (lcg: string, type: string, gpus: number) => {
    const s = state.specs.find(
      (x) => x.lcgIds.includes(lcg) && x.type === `SCHEDULE_CONFIG_TYPE_${type}` && x.gpuCount === gpus,
    )
    if (!s) throw new Error(`no ${type} spec with ${gpus} GPUs in ${lcg}`)
    return s.id
  }
  const project = (enName: string) => {
    const p = state.projects.find((x) => x.enName === enName)
    if (!p) throw new Error(`no project ${enName}`)
    return p.id
  }
  return { ws, group, spec, project }
}

export const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"
export const SLURM_IMAGE = "docker.sii.shaipower.online/inspire-studio/slurm-ubuntu22.04:23.11-py311"

/** An OA training body in 分布式训练空间 / H100 with a 1-GPU spec. */
export const trainBody = (f: ReturnType<typeof fixture>, over: Json = {}, fc: Json = {}) => {
  const lcg = f.group("分布式训练空间", "H100")
  return {
    name: "exp-001",
    command: "python train.py",
    workspace_id: f.ws("分布式训练空间"),
    project_id: f.project("embodied-fm"),
    logic_compute_group_id: lcg,
    framework: "pytorch",
    task_priority: 6,
    framework_config: [
      {
        image: IMAGE,
        image_type: "SOURCE_OFFICIAL",
        instance_count: 1,
        spec_id: f.spec(lcg, "TRAIN", 1),
        shm_gi: 64,
        ...fc,
      },
    ],
    ...over,
  }
}

/**
 * Makes sure the openssl program that --tls makes its certificate with is on PATH: the project's script
 * installs Debian's package when it is missing (as root), else fails saying why.
 */
export const needOpenssl = (): void => {
  execFileSync("bash", [fileURLToPath(new URL("../../../scripts/openssl.sh", import.meta.url))], {
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 600_000,
  })
}
