// `@holos-inspire/core` installs as another lab tool would install it. Core is packed with
// `npm pack`, the tarball installed with plain npm into a scratch project outside the repository, and
// the example of core's README (taken from the README itself, so the two cannot drift) is type-checked
// there with the repository's TypeScript and run against the emulator: it must print what the README
// says it prints. The install stays light: the package holds the bundle, the declarations and the
// serving recipes (no sources, source maps or tsc's per-module JavaScript); Effect and zod, whose code
// is in the bundle, are optional peers that only a TypeScript user installs (for the types core's
// declarations name), so core imports and runs without them; Docker's client (dockerode, with ssh2,
// cpu-features, grpc and protobufjs) is an optional peer that only `image push` loads, so it is not
// installed, nothing runs an install script, and a push says which command installs it. The installed
// size is printed. The steps' times are printed: on the 2-core machine of docs/BENCHMARKS.md, with npm's
// cache warm, about 30 s in all (pack 2-3 s, each install 2-4 s, type-check 14-22 s, runs 1 s).
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { folderBytes, installedFiles, installedPackages, installScripts, largestPackages } from "./support/installed.js"
import { homeFor } from "./support/platform.js"
import { REPO, runCommand, stepTimer } from "./support/repo-copy.js"

const CORE = join(REPO, "packages", "core")
const README = readFileSync(join(CORE, "README.md"), "utf8")
const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc")
const NPM = process.platform === "win32" ? "npm.cmd" : "npm"
const CORE_MANIFEST = JSON.parse(readFileSync(join(CORE, "package.json"), "utf8")) as {
  exports: Record<string, string | Record<string, string>>
  devDependencies: Record<string, string>
}
// What core's install may weigh in node_modules, in MB of file bytes (@types/node included). It
// measures 7: @types/node 2.3, core itself 2.2, undici 1.7, yaml 0.7. A TypeScript user's effect and
// zod add 33 (with fast-check); Docker's client, were it installed, would add 11.
const INSTALL_BUDGET_MB = 15
/** The packages whose code is in core's bundle: optional peers, for their types only. */
const BUNDLED_PEERS = ["effect", "zod"]
/** The packages Docker's client brings, which a library install must not. */
const DOCKER_CLIENT = ["dockerode", "docker-modem", "ssh2", "cpu-features", "@grpc/grpc-js", "protobufjs"]

/** The README's install command for a TypeScript project: effect and zod at the versions core is built with. */
const typesInstall = (readme: string): ReadonlyArray<string> => {
  const command = /```sh\n(npm install -D effect@\S+ zod@\S+)\n```/.exec(readme)?.[1]
  if (command === undefined) throw new Error("packages/core/README.md shows no `npm install -D effect@… zod@…`")
  return command.split(" ").slice(1)
}

/** The README's example (the first `ts` block after its marker) and the output shown after it. */
const readmeExample = (readme: string): { readonly code: string; readonly output: string } => {
  const from = readme.indexOf("<!-- readme-example")
  if (from < 0) throw new Error("packages/core/README.md has no `<!-- readme-example` marker before its example")
  const code = /```ts\n([\s\S]*?)```/.exec(readme.slice(from))?.[1]
  const output = /```text\n([\s\S]*?)```/.exec(readme.slice(from))?.[1]
  if (code === undefined || output === undefined)
    throw new Error("the README's example needs a ```ts block and, after it, a ```text block of its output")
  return { code, output }
}

// A consumer's compiler settings, as strict as the repository's own, libraries' declarations included.
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "es2022",
    types: ["node"],
    skipLibCheck: false,
    outDir: "out",
  },
  files: ["example.ts", "probe.ts"],
}

// What the compiler must refuse: the root has no internals, and the methods' inputs are typed.
const PROBE = `import { createInspireClient, type JobsResult, type OperationResult } from "@holos-inspire/core"
// @ts-expect-error: core's internals are not exported by the root
import { Store } from "@holos-inspire/core"

const client = createInspireClient()
export const typed: Promise<OperationResult<"jobs">> = client.jobs({ status: "running" })
export const named: Promise<JobsResult> = typed
// @ts-expect-error: jobs takes no job_name
export const wrong = client.jobs({ job_name: "x" })
`

// A JavaScript user's program, run where neither effect nor zod is installed: core's Effect runtime
// (a call over HTTP) and its zod (an input refused, an input's JSON Schema) come from its bundle.
const BARE = `import { createInspireClient, findOperation, InspireError, inputJsonSchema } from "@holos-inspire/core"

for (const name of ${JSON.stringify(BUNDLED_PEERS)})
  await import(name).then(() => console.log(\`\${name}: installed\`), (e) => console.log(\`\${name}: \${e.code}\`))
const client = createInspireClient()
try {
  const { user } = await client.status()
  console.log(\`status: \${user.loginName}\`)
  await client.jobs({ status: "sleeping" }).then(
    () => console.log("jobs: accepted"),
    (e) => console.log(\`jobs: \${e instanceof InspireError ? e.reason : e}\`),
  )
  console.log(\`schema: \${Object.keys(inputJsonSchema(findOperation("jobs")).properties ?? {}).includes("status")}\`)
} finally {
  await client.close()
}
`

// A push from a project without dockerode: the Harbor account is saved, then the push fails.
const PUSH = `import { createInspireClient, InspireError } from "@holos-inspire/core"

const [username, password] = process.argv.slice(2)
const client = createInspireClient()
try {
  const login = await client.login({ target: "harbor", registry: "qb", username, password })
  console.log(\`harbor saved: \${login.saved}\`)
  await client.imagePush({ image: "my-train:v1", registry: "qb" })
  console.log("pushed")
} catch (e) {
  if (!(e instanceof InspireError)) throw e
  console.log(JSON.stringify({ tag: e._tag, reason: e.reason, message: e.message, hint: e.hint }))
} finally {
  await client.close()
}
`

// npm as a user runs it: not the variables of the pnpm or npm script that runs this suite.
const npmEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")))

let scratch: string
let tarball: string
let packed: { readonly files: ReadonlyArray<{ readonly path: string }> }
let emu: RunningEmulator
let installedBytes: number
const took: Record<string, number> = {}

const timed = stepTimer(took)
/** The emulator's demo account, as a user would give it to a program. */
const demoLogin = () => ({ INSPIRE_USERNAME: emu.demo.username, INSPIRE_PASSWORD: emu.demo.password })

const mustRun = async (what: string, command: string, args: ReadonlyArray<string>, cwd: string) => {
  const ran = await timed(what, () => runCommand(command, args, { cwd, env: npmEnv() }))
  if (ran.code !== 0) throw new Error(`${what} failed (exit ${ran.code}):\n${ran.out}\n${ran.err}`)
  return ran
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "inspire-installable-"))
  const packs = join(scratch, "packs")
  mkdirSync(packs)
  const pack = await mustRun("npm pack", NPM, ["pack", "--json", "--pack-destination", packs], CORE)
  const [info] = JSON.parse(pack.out) as ReadonlyArray<{ filename: string; files: Array<{ path: string }> }>
  if (info === undefined) throw new Error(`npm pack printed no tarball:\n${pack.out}`)
  tarball = join(packs, info.filename)
  packed = info
  const app = join(scratch, "app")
  mkdirSync(app)
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "lab-tool", private: true, type: "module" }))
  const install = ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball, "@types/node@20.19.43"]
  await mustRun("npm install", NPM, install, app)
  installedBytes = folderBytes(join(app, "node_modules"))
  const mb = (installedBytes / 1e6).toFixed(1)
  console.log(`installed core: node_modules ${mb} MB; largest, MB: ${largestPackages(join(app, "node_modules"))}`)
  emu = await startEmulator({ port: 0 })
}, 300_000)

afterAll(async () => {
  console.log(`installable core, ms: ${JSON.stringify(took)}`)
  await emu?.close()
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true })
})

describe("core as a package other tools install", () => {
  it("packs its bundle, declarations, README and shipped serving recipes, with its dependencies at versions", () => {
    const paths = packed.files.map((f) => f.path)
    for (const file of ["README.md", "package.json", "dist/index.js", "dist/index.d.ts", "dist/internal.d.ts"])
      expect(paths).toContain(file)
    // Every subpath resolves in the package: its declarations and its bundle entry are packed.
    const exported = Object.values(CORE_MANIFEST.exports).flatMap((t) =>
      typeof t === "string" ? [t] : [t.types, t.default].filter((f) => f !== undefined),
    )
    expect(exported.map((f) => f.replace(/^\.\//, "")).filter((f) => !paths.includes(f))).toEqual([])
    // The shipped recipes are read from the installed package (`inspire serve recipes` lists them).
    expect(paths.filter((p) => /^recipes\/[^/]+\.yaml$/.test(p)).length).toBeGreaterThan(0)
    // JavaScript only as the bundle (its entries and chunks): no sources, source maps, tsc's modules
    // (nothing imports them) or .ftl catalogues (the bundle carries their text).
    const entries = new Set(exported.filter((f) => f.endsWith(".js")).map((f) => f.replace(/^\.\//, "")))
    const bundle = paths.filter((p) => entries.has(p) || /^dist\/chunks\/[^/]+\.js$/.test(p))
    expect(bundle.length).toBeGreaterThan(entries.size)
    expect(
      paths.filter(
        (p) => !bundle.includes(p) && !/^dist\/.+\.d\.ts$|^recipes\/[^/]+\.yaml$|^(README\.md|package\.json)$/.test(p),
      ),
    ).toEqual([])
    const manifest = JSON.parse(
      readFileSync(join(scratch, "app", "node_modules", "@holos-inspire", "core", "package.json"), "utf8"),
    ) as {
      private?: boolean
      dependencies: Record<string, string>
      peerDependencies?: Record<string, string>
      peerDependenciesMeta?: Record<string, { optional?: boolean }>
    }
    expect(manifest.private).toBeUndefined()
    expect(Object.keys(manifest.dependencies)).toEqual(expect.arrayContaining(["undici", "yaml"]))
    for (const [name, version] of Object.entries(manifest.dependencies)) expect(version, name).toMatch(/^\d+\.\d+\.\d+/)
    // Effect and zod are optional peers, from the versions core is built and tested with on, within
    // their major line: a project that has zod 4 or Effect 3 of its own keeps it.
    for (const name of BUNDLED_PEERS) {
      expect(Object.keys(manifest.dependencies)).not.toContain(name)
      expect(manifest.peerDependencies?.[name], name).toBe(`^${CORE_MANIFEST.devDependencies[name]}`)
      expect(manifest.peerDependenciesMeta?.[name]?.optional, name).toBe(true)
    }
    // Docker's client is an optional peer, at the version core is tested with.
    expect(Object.keys(manifest.dependencies)).not.toContain("dockerode")
    expect(manifest.peerDependencies?.dockerode).toBe(`^${CORE_MANIFEST.devDependencies.dockerode}`)
    expect(manifest.peerDependenciesMeta?.dockerode?.optional).toBe(true)
  })

  it(`installs light: at most ${INSTALL_BUDGET_MB} MB, without Docker's client and with no install script`, () => {
    expect(installedBytes / 1e6).toBeLessThanOrEqual(INSTALL_BUDGET_MB)
    const modules = join(scratch, "app", "node_modules")
    const installed = installedPackages(modules).map((p) => relative(modules, p))
    expect(installed.filter((p) => DOCKER_CLIENT.some((d) => p === d || p.endsWith(`/node_modules/${d}`)))).toEqual([])
    expect(installScripts(modules)).toEqual([])
    // Core's declarations never import dockerode's types: a TypeScript user needs no @types/dockerode.
    const core = join(modules, "@holos-inspire", "core", "dist")
    const declarations = installedFiles(core).filter((f) => f.endsWith(".d.ts"))
    expect(declarations.length).toBeGreaterThan(0)
    const typed = declarations.filter((f) => /(from|import\()\s*["']dockerode["']/.test(readFileSync(f, "utf8")))
    expect(typed.map((f) => relative(core, f))).toEqual([])
  })

  it("imports and runs with neither effect nor zod installed: their code is in the bundle", async () => {
    const app = join(scratch, "app")
    const modules = join(app, "node_modules")
    const installed = installedPackages(modules).map((p) => relative(modules, p).split("node_modules/").pop())
    for (const name of BUNDLED_PEERS) expect(installed, name).not.toContain(name)
    // The bundle imports nothing but Node's modules, undici, yaml and (for a push) dockerode.
    const core = join(modules, "@holos-inspire", "core")
    const bundle = installedFiles(core).filter((f) => f.endsWith(".js"))
    const imported = bundle.flatMap((f) =>
      [...readFileSync(f, "utf8").matchAll(/(?:\bfrom|\bimport\s*\()\s*"([a-z@][\w@./:-]*)"/g)].map((m) => m[1] ?? ""),
    )
    expect([...new Set(imported.filter((i) => !i.startsWith("node:")).map((i) => i.split("/")[0]))].sort()).toEqual([
      "dockerode",
      "undici",
      "yaml",
    ])
    writeFileSync(join(app, "bare.mjs"), BARE)
    const env = { PATH: process.env.PATH, ...homeFor(emu.url, "inspire-installable-bare-"), ...demoLogin() }
    const ran = await timed("bare", () => runCommand(process.execPath, ["bare.mjs"], { cwd: app, env }))
    expect(ran.err).toBe("")
    const missing = BUNDLED_PEERS.map((name) => `${name}: ERR_MODULE_NOT_FOUND`)
    expect(ran.out.trim().split("\n")).toEqual([...missing, "status: 20250001", "jobs: InvalidInput", "schema: true"])
    expect(ran.code).toBe(0)
  }, 120_000)

  it("is installed outside the repository, where the README's example type-checks once effect and zod are", async () => {
    const app = join(scratch, "app")
    expect(relative(REPO, app).startsWith("..")).toBe(true)
    // A TypeScript user installs the packages core's declarations name, as the README says.
    const install = typesInstall(README)
    expect(install.slice(2)).toEqual(BUNDLED_PEERS.map((name) => `${name}@${CORE_MANIFEST.devDependencies[name]}`))
    await mustRun("npm install -D effect zod", NPM, [...install, "--prefer-offline", "--no-audit", "--no-fund"], app)
    writeFileSync(join(app, "example.ts"), readmeExample(README).code)
    writeFileSync(join(app, "probe.ts"), PROBE)
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2))
    const checked = await timed("tsc", () => runCommand(process.execPath, [TSC, "-p", "."], { cwd: app }))
    expect(checked.out + checked.err).toBe("")
    expect(checked.code).toBe(0)
  }, 180_000)

  it("runs the README's example against the emulator, printing what the README shows", async () => {
    const env = {
      PATH: process.env.PATH,
      ...homeFor(emu.url, "inspire-installable-home-"),
      ...demoLogin(),
      // The defaults the example relies on, as a user would have set them with `inspire config set`.
      INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间",
      INSPIRE_DEFAULT_PROJECT: "具身智能基础模型",
      INSPIRE_DEFAULT_IMAGE: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
    }
    const ran = await timed("example", () =>
      runCommand(process.execPath, [join("out", "example.js")], { cwd: join(scratch, "app"), env }),
    )
    expect(ran.err).toBe("")
    expect(ran.out).toBe(readmeExample(README).output)
    expect(ran.code).toBe(0)
    // A dry run: no task was created.
    expect(emu.control.state().tasks).toEqual([])
  }, 120_000)

  it("fails a push without dockerode with an InspireError that names the command installing it", async () => {
    const app = join(scratch, "app")
    const home = homeFor(emu.url, "inspire-installable-push-")
    const env = { PATH: process.env.PATH, ...home }
    // A profile whose qb Harbor answers on the emulator; the push host is never reached.
    const config = join(home.INSPIRE_HOME ?? "", "config")
    mkdirSync(config, { recursive: true, mode: 0o700 })
    chmodSync(config, 0o700)
    const registry = { push: "127.0.0.1:9", display: "docker.sii.shaipower.online", api: `${emu.url}/harbor/qb` }
    const profile = { defaults: {}, endpoints: { baseUrl: emu.url, registries: { qb: registry } } }
    const file = { version: 1, currentProfile: "default", profiles: { default: profile } }
    writeFileSync(join(config, "config.json"), JSON.stringify(file), { mode: 0o600 })
    writeFileSync(join(app, "push.mjs"), PUSH)
    const { username, password } = emu.demo.harbor.qb
    const ran = await timed("push", () =>
      runCommand(process.execPath, ["push.mjs", username, password], { cwd: app, env }),
    )
    expect(ran.err).toBe("")
    expect(ran.code).toBe(0)
    const lines = ran.out.trim().split("\n")
    expect(lines[0]).toBe("harbor saved: true")
    const error = JSON.parse(lines[1] ?? "") as { tag: string; reason: string; message: string; hint: string }
    const install = `npm install dockerode@${CORE_MANIFEST.devDependencies.dockerode}`
    expect(error).toMatchObject({ tag: "InspireError", reason: "DockerUnavailable" })
    expect(error.hint).toContain(install)
    expect(README).toContain(install)
    expect(`${error.message}\n${error.hint}`).not.toMatch(/\n\s+at |node_modules|ERR_MODULE_NOT_FOUND/)
  }, 120_000)
})
