import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Effect, Exit } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import type { Operation } from "../../src/operations/catalogue/operation.js"
import { OPERATIONS } from "../../src/operations/registry.js"
import { renderWords } from "../../src/words/render.js"
import type { Text } from "../../src/words/text.js"
import { useEmulator } from "../emulator.js"
import { actionOf, type ExampleVars, exampleWorld, fillExample, writingActions } from "./examples-fixture.js"
import { call, succeeded, trainingSpaceProfile } from "./harness.js"
import { freshPlatform } from "./tasks-fixture.js"

// The dry-run contract, over the whole catalogue: every writing action of every operation takes
// dry_run, and a dry run sends no write and changes nothing, on the platform or in the store. The
// calls come from each operation's own examples, so a new operation is covered without editing this.

const emu = useEmulator()
type Profile = ReturnType<typeof trainingSpaceProfile>

describe("the catalogue's safety metadata", () => {
  it.each(OPERATIONS.map((op) => [op.name, op] as const))("%s: dry_run, annotations and examples agree", (_, op) => {
    const actions = writingActions(op)
    const writes = actions.length > 0
    // readOnly is true exactly when the operation changes nothing: no platform, store or file write.
    expect(op.annotations.readOnly).toBe(!writes && op.effects.files !== true)
    if (!writes) return
    expect(Object.keys(op.input.shape), `${op.name} writes, so its input needs dry_run`).toContain("dry_run")
    if (op.effects.by !== undefined) {
      const field = op.input.shape[op.effects.by]
      expect(field, `${op.name}: effects.by names an input field`).toBeDefined()
      for (const action of actions) expect(field?.safeParse(action).success, `${op.name}: ${action}`).toBe(true)
    }
    for (const action of actions) {
      const examples = (op.examples ?? []).filter((e) => actionOf(op, e) === action)
      expect(examples.length, `${op.name} ${action ?? ""}: give it an example in its definition`).toBeGreaterThan(0)
    }
  })
})

describe("dry runs over the catalogue", () => {
  let profile: Profile
  let vars: ExampleVars

  // Runs a call without logging in first (the profile is already logged in), so that the request log
  // holds only what the dry run itself sent.
  const dryRun = (op: Operation, input: Record<string, unknown>) =>
    Effect.runPromiseExit(Effect.scoped(Effect.provide(invoke(op, { ...input, dry_run: true }), profile.layer)))

  const storeFiles = () =>
    ["config/config.json", "config/credentials.json"].map((f) => {
      try {
        return readFileSync(join(profile.home, f), "utf8")
      } catch {
        return ""
      }
    })

  beforeAll(async () => {
    freshPlatform(emu.current)
    profile = trainingSpaceProfile(emu.current)
    vars = await exampleWorld(emu.current, profile)
  }, 60_000)

  const cases = OPERATIONS.flatMap((op) =>
    (op.examples ?? [])
      .filter((ex) => writingActions(op).includes(actionOf(op, ex)))
      .map((ex) => [`${op.name} ${JSON.stringify(ex)}`, op, ex] as const),
  )

  it("has a case for every writing operation", () => {
    const covered = new Set(cases.map(([, op]) => op.name))
    for (const op of OPERATIONS) if (writingActions(op).length > 0) expect(covered).toContain(op.name)
  })

  it("image push explains its plan without a Docker engine", async () => {
    const e = emu.current
    const noDocker = trainingSpaceProfile(e, { DOCKER_HOST: "unix:///nonexistent/docker.sock" })
    const push = OPERATIONS.find((op) => op.name === "image_push")
    if (push === undefined) throw new Error("no image_push")
    const r = succeeded(
      await call(
        e,
        push,
        { image: "my-train:v1", name: "my-train", tag: "v2", registry: "sj", dry_run: true },
        noDocker,
      ),
    )
    const result = r.result as { plan: { requests: Array<{ surface: string }> }; address: string; notes: string[] }
    expect(result.address).toBe("docker-t.sii.shaipower.online/inspire-studio/my-train:v2")
    expect(result.plan.requests.map((q) => q.surface)).toEqual([
      "docker tag my-train:v1 docker-t.sii.edu.cn/inspire-studio/my-train:v2",
      "https://docker-t.sii.edu.cn/v2/inspire-studio/my-train/manifests/v2",
    ])
    expect(result.notes.join(" ")).toMatch(/Docker/)
  })

  it.each(cases)(
    "%s: plans with reads only, changes nothing",
    async (_, op, example) => {
      const e = emu.current
      const input = fillExample(example, vars)
      const before = JSON.stringify(e.control.state())
      const files = storeFiles()
      const logins = e.control.auth.logins()
      e.control.clearRequests()
      const exit = await dryRun(op, input)
      const sent = e.control.requests().log
      if (Exit.isFailure(exit)) throw new Error(`dry run failed: ${JSON.stringify(exit.cause)}`)
      const result = exit.value.result as { plan?: { summary: Text; requests: unknown[] } }
      expect(result.plan, "a dry run returns its plan").toBeDefined()
      expect(renderWords(result.plan?.summary ?? "", "mcp")).toMatch(/\S/)
      expect(renderWords(exit.value.text, "mcp")).toContain("Dry run")
      expect(sent.filter((r) => r.write).map((r) => r.surface)).toEqual([])
      expect(JSON.stringify(e.control.state())).toBe(before)
      expect(storeFiles()).toEqual(files)
      // A read may need a session (a login with the saved account); the login dry run sends no password.
      if (op.name === "login") expect(e.control.auth.logins()).toEqual(logins)
    },
    30_000,
  )
})
