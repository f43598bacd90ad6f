import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { fitGroup } from "../../src/domain/fit.js"
import { analyzeGpuHealth } from "../../src/domain/metrics/report.js"
import { renderAvailability } from "../../src/operations/availability/render.js"
import type { AvailabilityResult } from "../../src/operations/availability/result.js"
import { diagnose } from "../../src/operations/job-detail/diagnose.js"
import type { JobDetailResult } from "../../src/operations/job-detail/index.js"
import { renderDetail } from "../../src/operations/job-detail/render.js"
import { type JobsResult, jobsOperation } from "../../src/operations/jobs.js"
import { type MetricsResult, renderMetrics, summaryOf } from "../../src/operations/metrics/render.js"
import type { Language } from "../../src/words/message.js"
import { renderWords } from "../../src/words/render.js"
import type { Text } from "../../src/words/text.js"
import { series, T0, times } from "../domain/metrics/fixtures.js"

// As a frontend shows a result: rendered in the reader's language, then every message made while the
// call ran (verdicts, causes, reasons) worded in it too (facade.ts does the same with renderDeep).
const shown = (lang: Language, render: () => Text): string => renderWords(render(), "cli", lang)

const jobs: JobsResult = {
  tasks: [
    {
      id: "job-1",
      type: "train",
      name: "exp-1",
      status: "running",
      rawStatus: "job_running",
      workspace: "分布式训练空间",
      createdAt: T0 * 1000,
      runningTimeMs: 65_000,
      gpus: 8,
    },
  ],
  total: 1,
  counts: { running: 1 },
  workspaces: ["分布式训练空间"],
  scope: { workspaceFrom: "query", type: "all", status: "all", mine: true },
  truncated: false,
}

const emptyJobs: JobsResult = { ...jobs, tasks: [], total: 0, counts: {} }

// One pod idle from the start: the verdict and its evidence are messages made outside the render.
const idleMetrics = (): MetricsResult => {
  const report = Either.getOrThrow(
    analyzeGpuHealth([series("gpu_usage_rate", "job-1-worker-0", times(0, 12))], {
      timeZone: "UTC",
    }),
  )
  return {
    jobId: "job-1",
    jobName: "train-1",
    status: "running (job_running)",
    mode: "summary",
    timeRange: "1h",
    window: { start: T0, end: T0 + 3600, intervalSeconds: 300 },
    summary: summaryOf(report),
    series: [],
  }
}

const failedDetail = (): JobDetailResult => ({
  id: "job-1",
  kind: "train",
  name: "exp-1",
  status: { family: "failed", raw: "job_failed", terminal: true },
  subStatus: "",
  subMessage: "",
  workspace: "分布式训练空间",
  project: "demo",
  computeGroup: "H100",
  image: "docker.sii.shaipower.online/inspire/pytorch:2.4",
  command: "python train.py",
  spec: { id: "spec-8", gpus: 8, gpuType: "H100", cpus: 96, memoryGib: 960 },
  priority: 6,
  priorityLevel: "HIGH",
  instances: 1,
  shmGi: 64,
  pods: [],
  timing: { createdAt: T0 * 1000, startedAt: undefined, finishedAt: undefined, runningTimeMs: 60_000 },
  consoleUrl: "https://example.invalid/job-1",
  warnings: [],
  diagnosis: {
    findings: diagnose({
      family: "failed",
      events: [],
      logLines: ["torch.cuda.OutOfMemoryError: CUDA out of memory."],
    }),
    eventsRead: 0,
    logLinesRead: 1,
    notes: [],
  },
})

// Two nodes with two free GPUs each: an 8-GPU instance waits, and the reason says why.
const availability = (): AvailabilityResult => {
  const node = (name: string) => ({
    name,
    condition: "schedulable" as const,
    gpuTotal: 8,
    gpuUsed: 6,
    tasks: 1,
    lowPriorityGpus: 0,
  })
  const fit = fitGroup([node("n1"), node("n2")], { gpusPerInstance: 8, instances: 1, priority: 4 })
  const ws = { id: "ws-1", name: "分布式训练空间" }
  return {
    workspaces: [{ ...ws, problems: [], groups: [] }],
    fit: {
      gpus: 8,
      instances: 1,
      priority: 4,
      ranked: [{ workspace: ws, computeGroup: { id: "lcg-1", name: "H100" }, ...fit }],
    },
    readAt: T0 * 1000,
    warnings: [],
  } as unknown as AvailabilityResult
}

describe("task views in Chinese", () => {
  it("lists tasks with Chinese headings and counts, and says an empty search in Chinese", () => {
    const zh = shown("zh-CN", () => jobsOperation.render(jobs))
    expect(zh).toContain("类型")
    expect(zh).toContain("创建时间")
    expect(zh).toContain("1 个任务")
    expect(zh).not.toMatch(/\bTYPE\b|\bCREATED\b|1 task\b/)
    const none = shown("zh-CN", () => jobsOperation.render(emptyJobs))
    expect(none).toContain("没有匹配的任务")
    expect(none).toContain("提示：搜索所有空间")
    expect(none).not.toContain("No tasks match")
    // English stays as it was.
    expect(shown("en", () => jobsOperation.render(jobs))).toMatch(/^ID\s+TYPE\s+NAME/)
  })

  it("gives the GPU health verdict and its evidence in Chinese", () => {
    const zh = shown("zh-CN", () => renderMetrics(idleMetrics()))
    expect(zh).toContain("IDLE: 自 09:00 +00:00 起空闲")
    expect(zh).toContain("GPU 利用率：平均 0.0%")
    expect(zh).toContain("状态")
    expect(zh).not.toMatch(/idle since|GPU utilisation avg|\bSTATE\b/)
    expect(shown("en", () => renderMetrics(idleMetrics()))).toContain("IDLE: idle since 09:00 +00:00")
  })

  it("diagnoses a failure in Chinese: cause, evidence and fix", () => {
    const zh = shown("zh-CN", () => renderDetail(failedDetail()))
    expect(zh).toContain("诊断（读取了 0 条事件、1 行日志）：")
    expect(zh).toContain("- 任务内存不足（GPU 或容器）。")
    expect(zh).toContain("证据：torch.cuda.OutOfMemoryError")
    expect(zh).toContain("计算组")
    expect(zh).not.toMatch(/Diagnosis|ran out of memory|evidence:|compute group/)
  })

  it("says where a request fits, and why not, in Chinese", () => {
    const zh = shown("zh-CN", () => renderAvailability(availability()))
    expect(zh).toContain("排队")
    expect(zh).toContain("目前可容纳 1 个实例中的 0 个；需要排队等待 GPU")
    expect(zh).not.toMatch(/room for|waits for|STARTS|\bWHY\b/)
    expect(shown("en", () => renderAvailability(availability()))).toContain(
      "room for 0 of 1 instance now; it waits for GPUs",
    )
  })
})
