import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire } from "./harness.js"

// Every command that takes an id takes the thing's name and a unique id prefix too, as the notebook's
// exec and cp always did; one that names nothing says what is missing where, never the platform's path.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let nb: { id: string; name: string }

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = { ...homeFor(emu.url), INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" }
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  nb = emu.control.jupyter.runningNotebook({ name: "nb-1" }) as typeof nb
}, 30_000)
afterAll(async () => {
  await emu.close()
})

describe("names where ids are taken", () => {
  it("shows and stops a notebook by its name or an id prefix", async () => {
    const shown = await inspire(env, ["notebook", "show", "nb-1"])
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toContain(nb.id)
    const stop = await inspire(env, ["notebook", "stop", nb.id.slice(0, 8), "--dry-run"])
    expect(stop.code, stop.stderr).toBe(0)
    expect(stop.stdout).toContain("Dry run")
    expect(stop.stdout).toContain("nb-1")
  })

  it("says which job is missing and where, with the command that lists them", async () => {
    const id = "job-00000000-0000-4000-8000-000000000000"
    const missing = await inspire(env, ["job", "show", id])
    expect(missing.code).toBe(12)
    // Read by id, it is looked for everywhere the account can see, and said so.
    expect(missing.stderr).toContain(`No training job ${id} in any workspace you can see.`)
    expect(missing.stderr).toContain("inspire job list")
    expect(missing.stderr).not.toMatch(/openapi|train_job\/detail/)
  })
})
