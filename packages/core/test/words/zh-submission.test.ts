import { Effect, Either, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { lintTrainingCommand, summarizeFindings } from "../../src/domain/lint/index.js"
import { parseShm } from "../../src/domain/resources.js"
import { InspireError } from "../../src/errors.js"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import { submitOperation } from "../../src/operations/submit.js"
import { inlineSweep } from "../../src/operations/sweep/file.js"
import { renderWords } from "../../src/words/render.js"
import type { Text } from "../../src/words/text.js"
import { syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"

// The submit's, the sweep's and the rules' messages read in Chinese by a zh-CN reader, with none of
// their English left; the same messages read in English by everyone else.
const zh = (text: Text | string) => renderWords(text, "cli", "zh-CN")
const en = (text: Text | string) => renderWords(text, "cli", "en")

const emu = useEmulator()

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

describe("submission, sweep and rule messages in zh-CN", () => {
  it("words a lint finding and its fix, and the findings' headline", () => {
    const findings = lintTrainingCommand({ command: "pip install wandb && python train.py", workspaceOnline: false })
    const network = findings.find((f) => f.rule === "offline-network")
    if (network === undefined) throw new Error("no offline-network finding")
    expect(zh(network.message)).toContain("`pip install` 需要访问互联网，但该空间无法上网")
    expect(zh(network.message)).not.toContain("needs the internet")
    expect(zh(network.fix)).toContain("打进镜像")
    expect(zh(network.fix)).not.toContain("Bake the packages")
    expect(en(network.message)).toContain("`pip install` needs the internet, but this workspace is offline")
    const headline = zh(summarizeFindings(findings).headline)
    expect(headline).toMatch(/1 个错误/)
    expect(headline).not.toMatch(/error/)
  })

  it("words a sweep file's error and a shared-memory error", () => {
    const e = Effect.runSync(Effect.flip(inlineSweep({ name: "s", job: { name: "a", command: "python x.py" } })))
    expect(e).toBeInstanceOf(InspireError)
    expect(zh(e.text)).toContain("既没有 grid 也没有 list，不会生成任何任务")
    expect(zh(e.text)).not.toContain("neither grid nor list")
    expect(zh(e.hint)).toContain("参数及其取值列表")
    expect(en(e.text)).toContain("has neither grid nor list, so it makes no jobs")
    const shm = Either.getLeft(parseShm("lots", "MB"))
    if (shm._tag === "None") throw new Error("lots was read as a size")
    expect(zh(shm.value.text)).toBe('"lots" 不是有效的共享内存大小。')
  })

  it("renders a submit dry run in Chinese: heading, labels and warnings", async () => {
    const t = trainingInput(emu.current, "zh-1", "python train.py")
    const input = {
      name: "zh-1",
      command: "python train.py",
      workspace: t.workspaceId,
      project: t.projectId,
      compute_group: t.groupId,
      spec: t.specId,
      image: t.image,
      dry_run: true,
    }
    const exit = await profileFor(emu.current).run(invoke(submitOperation, input))
    if (!Exit.isSuccess(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
    const text = zh(exit.value.text)
    expect(text).toContain("试运行：训练任务 zh-1 未创建。将发送 openapi/v1/train_job/create：")
    expect(text).toMatch(/计算组：\s+\S/)
    expect(text).toContain("警告：未指定 --shm，也没有 defaultShm")
    for (const english of ["Dry run:", "Compute group:", "Workspace:", "warning:", "No shm or defaultShm"])
      expect(text).not.toContain(english)
  }, 30_000)
})
