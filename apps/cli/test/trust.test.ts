// What the CLI trusts on disk (core's store/trust.ts): its V8 code cache is code, so it is loaded only
// from the user's own file in the user's own folders, writable by nobody else; otherwise `inspire`
// runs without it and warns on one line. Store files that fail the check stop the command with the
// file and the fix. `inspire login` sends a password only over https or plain http on this machine.
// "Another user" is a chown to uid 4242, which needs root (these tests run as root in CI).
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs"
import { createServer, type IncomingMessage } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { FOLDER_MEMO_MS } from "@holos-inspire/core/store-trust"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { loadBundle } from "../src/code-cache.js"
import { homeFor, inspire } from "./harness.js"

const isRoot = process.getuid?.() === 0
const asRoot = it.skipIf(!isRoot)
if (!isRoot)
  console.warn("cli trust.test.ts: planting files of another user needs root (chown); those tests are skipped")

const codeDir = (env: NodeJS.ProcessEnv) => join(env.INSPIRE_HOME ?? "", "cache", "code")
const codeCache = (env: NodeJS.ProcessEnv): string => {
  const [name] = readdirSync(codeDir(env)).filter((n) => n.endsWith(".v8"))
  return join(codeDir(env), name ?? "")
}
const WARNING = "inspire: warning: the code cache was not loaded: "

describe("the code cache (loadBundle)", () => {
  // A small bundle of our own, loaded and cached exactly as dist/cli.cjs is.
  const bundleIn = (dir: string) => {
    const file = join(dir, "bundle.cjs")
    writeFileSync(file, "exports.main = async () => 7\n")
    return file
  }

  it("is used when it is the user's own, and refused when others can write it or its folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "inspire-code-"))
    const bundle = bundleIn(dir)
    const cacheFile = join(dir, "cache", "code", "cli-test.v8")
    const roots = [join(dir, "cache")]
    const first = loadBundle(bundle, cacheFile, roots)
    expect(first.cache).toBe("none")
    expect(await first.main([])).toBe(7)
    first.saveCache("inspire test")
    expect(loadBundle(bundle, cacheFile, roots).cache).toBe("used")

    chmodSync(cacheFile, 0o620)
    const writable = loadBundle(bundle, cacheFile, roots)
    expect(writable.cache).toBe("untrusted")
    expect(writable.distrust?.message).toContain(`${cacheFile} can be written by group`)
    expect(await writable.main([])).toBe(7)
    // Replaced by the user's own cache, which is used again.
    writable.saveCache("inspire test")
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600)
    expect(loadBundle(bundle, cacheFile, roots).cache).toBe("used")
  })

  it("is neither loaded nor written in a folder others can write", async () => {
    const dir = mkdtempSync(join(tmpdir(), "inspire-code-"))
    const bundle = bundleIn(dir)
    const cacheFile = join(dir, "cache", "code", "cli-test.v8")
    const roots = [join(dir, "cache")]
    loadBundle(bundle, cacheFile, roots).saveCache("inspire test")
    chmodSync(join(dir, "cache"), 0o757)
    // A folder found trusted is believed for a second (one stat per folder per call): then rechecked.
    await new Promise((resolve) => setTimeout(resolve, FOLDER_MEMO_MS + 100))
    const loaded = loadBundle(bundle, cacheFile, roots)
    expect(loaded.cache).toBe("untrusted")
    expect(loaded.distrust?.path).toBe(join(dir, "cache"))
    const before = statSync(cacheFile)
    loaded.saveCache("inspire other")
    expect(statSync(cacheFile).mtimeMs).toBe(before.mtimeMs)
    expect(statSync(cacheFile).ino).toBe(before.ino)
  })

  asRoot("is refused when another user owns it", () => {
    const dir = mkdtempSync(join(tmpdir(), "inspire-code-"))
    const bundle = bundleIn(dir)
    const cacheFile = join(dir, "code", "cli-test.v8")
    loadBundle(bundle, cacheFile).saveCache("inspire test")
    chownSync(cacheFile, 4242, 4242)
    const loaded = loadBundle(bundle, cacheFile)
    expect(loaded.cache).toBe("untrusted")
    expect(loaded.distrust?.hint).toContain(`sudo chown $USER ${cacheFile}`)
  })
})

describe("inspire with files it cannot trust", () => {
  asRoot(
    "runs without a code cache planted by another user, warns once, and replaces it",
    async () => {
      const env = homeFor("http://127.0.0.1:9")
      const first = await inspire(env, ["config", "get", "--json"])
      expect(first.code).toBe(0)
      const file = codeCache(env)
      chownSync(file, 4242, 4242)
      const run = await inspire(env, ["config", "get", "--json"])
      expect(run.code).toBe(0)
      expect(run.stdout).toBe(first.stdout)
      expect(run.stderr.split("\n").filter((l) => l !== "")).toEqual([
        `${WARNING}${file} belongs to uid 4242, not to you (uid 0), so inspire does not use it. If it is yours, take it back with \`sudo chown $USER ${file}\`; otherwise move it aside.`,
      ])
      // A cache that had been loaded and accepted would have been kept as it was.
      expect(statSync(file).uid).toBe(0)
      expect((await inspire(env, ["config", "get", "--json"])).stderr).toBe("")
    },
    30_000,
  )

  it("runs without a code cache whose folder others can write, and writes nothing there", async () => {
    const env = homeFor("http://127.0.0.1:9")
    expect((await inspire(env, ["config", "get", "--json"])).code).toBe(0)
    const file = codeCache(env)
    chmodSync(codeDir(env), 0o777)
    const before = statSync(file)
    const run = await inspire(env, ["config", "get", "--json"])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toHaveProperty("settings")
    expect(run.stderr).toContain(`${WARNING}${codeDir(env)} can be written by group and others (mode 0777)`)
    expect(run.stderr).toContain(`chmod go-w ${codeDir(env)}`)
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs)
    // The warning speaks the reader's language, chosen by the bundle before it is printed.
    const zh = await inspire({ ...env, INSPIRE_LANG: "zh-CN" }, ["config", "get"])
    expect(zh.code).toBe(0)
    expect(zh.stderr).toContain(
      `inspire: 警告：未加载代码缓存：${codeDir(env)} 可被同组用户和其他用户写入（权限 0777）`,
    )
    expect(zh.stderr).toContain(`请运行 \`chmod go-w ${codeDir(env)}\``)
    expect(zh.stderr).not.toContain("can be written")
  }, 30_000)

  asRoot(
    "stops at a config.json planted by another user, naming it and the fix",
    async () => {
      const env = homeFor("http://127.0.0.1:9")
      const config = join(env.INSPIRE_HOME ?? "", "config", "config.json")
      mkdirSync(join(config, ".."), { recursive: true, mode: 0o700 })
      writeFileSync(config, '{"version":1,"currentProfile":"default","profiles":{}}', { mode: 0o600 })
      chownSync(config, 4242, 4242)
      const run = await inspire(env, ["config", "get"])
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(`${config} belongs to uid 4242`)
      expect(run.stderr).toContain(`sudo chown $USER ${config}`)
    },
    30_000,
  )

  it("stops when others can write INSPIRE_HOME, and does not crash", async () => {
    const env = homeFor("http://127.0.0.1:9")
    expect((await inspire(env, ["config", "get", "--json"])).code).toBe(0)
    chmodSync(env.INSPIRE_HOME ?? "", 0o775)
    const run = await inspire(env, ["config", "get", "--json"])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    const lines = run.stderr.split("\n").filter((l) => l !== "")
    expect(lines[0]).toContain(`${WARNING}${env.INSPIRE_HOME} can be written by group (mode 0775)`)
    const error = JSON.parse(lines.slice(1).join("\n")) as { error: { reason: string; message: string; hint: string } }
    expect(error.error.message).toBe(
      `${env.INSPIRE_HOME} can be written by group (mode 0775), so inspire does not use it.`,
    )
    expect(error.error.hint).toContain(`chmod go-w ${env.INSPIRE_HOME}`)
  }, 30_000)
})

describe("inspire login", () => {
  // Every request leaves through a proxy that forwards nothing: `seen` is what was attempted. A fresh
  // one per test, so that nothing a previous test left running is counted.
  let seen: string[] = []
  let proxyUrl = ""
  let close = async () => undefined
  beforeEach(async () => {
    const requests: string[] = []
    const sockets = new Set<Socket>()
    const proxy = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`)
      res.writeHead(502).end()
    })
    proxy.on("connect", (req: IncomingMessage, socket: Socket) => {
      requests.push(`CONNECT ${req.url}`)
      socket.destroy()
    })
    proxy.on("connection", (s: Socket) => sockets.add(s))
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
    seen = requests
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    close = () =>
      new Promise<undefined>((resolve) => {
        for (const s of sockets) s.destroy()
        proxy.close(() => resolve(undefined))
      })
  })
  afterEach(() => close())

  it("refuses plain http to another host before asking for the password or sending anything", async () => {
    const env: NodeJS.ProcessEnv = { ...homeFor("http://example.com"), INSPIRE_PROXY: proxyUrl }
    const run = await inspire(env, ["login", "--username", "20250001", "--password-stdin"], "Pa55word!")
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("Refusing to send a password to http://example.com (from INSPIRE_BASE_URL)")
    expect(run.stderr).toContain("https://example.com")
    expect(run.stderr).not.toContain("Pa55word!")
    expect(seen).toEqual([])
    expect(existsSync(join(env.INSPIRE_HOME ?? "", "config", "credentials.json"))).toBe(false)
  }, 30_000)

  it("refuses an address from a config.json that others can write", async () => {
    const env: NodeJS.ProcessEnv = { ...homeFor(""), INSPIRE_PROXY: proxyUrl }
    delete env.INSPIRE_BASE_URL
    const config = join(env.INSPIRE_HOME ?? "", "config", "config.json")
    mkdirSync(join(config, ".."), { recursive: true, mode: 0o700 })
    const profile = { defaults: {}, endpoints: { baseUrl: "https://inspire.example.com" } }
    writeFileSync(config, JSON.stringify({ version: 1, currentProfile: "default", profiles: { default: profile } }), {
      mode: 0o666,
    })
    chmodSync(config, 0o666)
    const run = await inspire(env, ["login", "--username", "20250001", "--password-stdin"], "Pa55word!")
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`${config} can be written by group and others (mode 0666)`)
    expect(run.stderr).toContain(`chmod go-w ${config}`)
    expect(seen).toEqual([])
  }, 30_000)
})
