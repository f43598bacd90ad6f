import type { RunningEmulator } from "@holos-inspire/emulator"
import { afterEach, describe, expect, it, vi } from "vitest"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { type Fault, type FaultProxy, startFaultProxy } from "../platform/fault-proxy.js"
import { call, failed, succeeded } from "./harness.js"

// A notebook saved as an image exactly once: a save whose answer is lost, unreadable or a 502 after the
// platform acted is settled by finding the image by name and version (§4.9 mirror/save), and saving
// again under a name and version that exist makes no second image.

const emu = useEmulator()
let proxy: FaultProxy | undefined

afterEach(async () => {
  await proxy?.close()
  proxy = undefined
  emu.current.control.faults.reset()
})

const isSave = (path: string) => /SaveNotebookImage|mirror\/save(\?|$)/.test(path)

/** A profile whose first save meets `fault` in a proxy in front of the emulator. */
const through = async (fault: Fault) => {
  let met = false
  proxy = await startFaultProxy(emu.current.url, {
    fault: (_m, path) => {
      if (!isSave(path) || met) return undefined
      met = true
      return fault
    },
  })
  return profileFor({ ...emu.current, url: proxy.url } as RunningEmulator, {
    INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源",
  })
}

const images = (name: string) => emu.current.control.state().images.filter((i) => i.name === name)

/** Saves the notebook; once the platform has the save, its two minutes pass on the platform's clock. */
const save = async (profile: ReturnType<typeof profileFor>, notebook: string, name: string) => {
  const saving = call(
    emu.current,
    notebookOperation,
    { action: "save_image", notebook_id: notebook, name, version: "v1" },
    profile,
  )
  const count = images(name).length
  // A save the platform refuses never makes the image: the call's own end settles the wait.
  await Promise.race([saving, vi.waitUntil(() => images(name).length > count, { timeout: 30_000 })])
  emu.current.control.clock.advance(300)
  return saving
}

const faults: ReadonlyArray<readonly [string, Fault]> = [
  ["its answer lost", { kind: "lose" }],
  ["a 502 after the platform acted", { kind: "replace", status: 502, body: "<html>502 Bad Gateway</html>" }],
  ["an unreadable 200", { kind: "replace", status: 200, body: '{"Result": [' }],
]

describe("saving a notebook as an image, exactly once", () => {
  it.each(faults)(
    "a save with %s is found by name and version: one image, its id",
    async (_what, fault) => {
      const nb = emu.current.control.jupyter.runningNotebook()
      const name = `saved-${fault.kind}-${fault.kind === "replace" ? fault.status : 0}`
      const r = succeeded(await save(await through(fault), nb.id, name)).result as { image: { id: string } }
      expect(images(name).map((i) => i.id)).toEqual([r.image.id])
    },
    60_000,
  )

  it("saving again after a lost answer makes no second image, and says which image exists", async () => {
    const nb = emu.current.control.jupyter.runningNotebook()
    const profile = await through({ kind: "lose" })
    await save(profile, nb.id, "twice")
    const again = failed(await save(profile, nb.id, "twice"))
    const [only] = images("twice")
    expect(images("twice")).toHaveLength(1)
    expect(again.reason).toBe("Conflict")
    expect(again.message).toContain("twice:v1")
    expect(again.message).toContain(only?.id)
    expect((again as { created?: string }).created).toBe("no")
  }, 60_000)
})
