import type { RunningEmulator } from "@holos-inspire/emulator"
import { Cause, Exit, Option } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createNotebook } from "../../src/api/notebooks/index.js"
import type { Spec } from "../../src/domain/specs.js"
import type { InspireError } from "../../src/errors.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { type FaultProxy, startFaultProxy } from "../platform/fault-proxy.js"

// A notebook create whose request was cut on its way, while another user of the workspace made a
// notebook of the same name and every field the same: recovery never takes the other user's notebook for
// the account's own (§4.9.2: the notebook's user_id).

const emu = useEmulator()
let proxy: FaultProxy | undefined

beforeEach(() => {
  emu.current.control.reset()
  emu.current.control.faults.reset()
})
afterEach(async () => {
  await proxy?.close()
  proxy = undefined
})

/** The second account of the fixture (李同学), a member of the same workspace and project. */
const OTHER = "20250002"

/** The fields the emulator gives a running test notebook (jupyter/control.ts), as a create's input. */
const sameAsTestNotebook = (name: string) => {
  const s = emu.current.control.state()
  const ws = s.workspaces.find((w) => w.name === "可上网GPU资源")
  const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === "RTX4090-可上网")
  const raw = s.specs.find(
    (x) => x.lcgIds.includes(group?.id ?? "") && x.type === "SCHEDULE_CONFIG_TYPE_DSW" && x.gpuCount === 1,
  )
  const project = s.projects.find((p) => p.enName === "embodied-fm")
  if (ws === undefined || group === undefined || raw === undefined || project === undefined)
    throw new Error("the fixture has no place for a test notebook")
  const spec: Spec = {
    id: raw.id,
    name: raw.name,
    gpuCount: raw.gpuCount,
    gpuType: raw.gpuType,
    gpuDisplay: raw.gpuType,
    cpuCount: raw.cpuCount,
    memoryGi: raw.memGib,
    pricePerHour: raw.price,
    logicComputeGroupIds: raw.lcgIds,
    allowedPriorityLevels: raw.allowedPriorityLevels,
  }
  return {
    workspaceId: ws.id,
    projectId: project.id,
    logicComputeGroupId: group.id,
    name,
    spec,
    image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
    priority: 4,
  }
}

/** Cuts the first create before it arrives and, at that moment, has the other user make the same notebook. */
const cutWhileOtherCreates = async (name: string, noDate: boolean) => {
  let cut = false
  proxy = await startFaultProxy(emu.current.url, {
    noDate,
    fault: (_m, path) => {
      if (cut || !/CreateNotebook|notebook\/create/.test(path)) return undefined
      cut = true
      // Later than the send on the platform's clock, so that no time window rules it out.
      emu.current.control.clock.advance(10)
      emu.current.control.jupyter.runningNotebook({ name, user: OTHER })
      return { kind: "reset-before" }
    },
  })
  return profileFor({ ...emu.current, url: proxy.url } as RunningEmulator)
}

const owners = (name: string) => {
  const s = emu.current.control.state()
  return s.tasks
    .filter((t) => t.kind === "notebook" && t.name === name)
    .map((t) => ({ id: t.id, login: s.users.find((u) => u.id === t.userId)?.loginName }))
}

describe("recovery of a notebook create never adopts another user's notebook", () => {
  it("with the platform's time: the create is sent again and answers with the account's own notebook", async () => {
    const exit = await (await cutWhileOtherCreates("shared-name", false)).run(
      createNotebook(sameAsTestNotebook("shared-name")),
    )
    if (Exit.isFailure(exit)) throw new Error(Cause.pretty(exit.cause))
    const mine = owners("shared-name").filter((o) => o.login === emu.current.demo.username)
    expect(mine.map((o) => o.id)).toEqual([exit.value.notebookId])
    expect(owners("shared-name")).toHaveLength(2)
  }, 30_000)

  it("without it: reported unknown, never answered with the other user's notebook", async () => {
    const exit = await (await cutWhileOtherCreates("shared-nodate", true)).run(
      createNotebook(sameAsTestNotebook("shared-nodate")),
    )
    if (Exit.isSuccess(exit))
      throw new Error(`adopted ${exit.value.notebookId}: ${JSON.stringify(owners("shared-nodate"))}`)
    const error = Option.getOrThrow(Cause.failureOption(exit.cause)) as InspireError
    expect(error.created).toBe("unknown")
    expect(owners("shared-nodate").map((o) => o.login)).toEqual([OTHER])
  }, 30_000)
})
