import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { nameMatches } from "../../src/operations/common/tasks/list.js"
import { parseInstant, parseTimeRange } from "../../src/operations/common/tasks/time-range.js"
import { diagnose } from "../../src/operations/job-detail/diagnose.js"
import { sparkline } from "../../src/operations/metrics/sparkline.js"
import { renderWords } from "../../src/words/render.js"

const failed = { family: "failed", events: [] as const }
const kinds = (input: Parameters<typeof diagnose>[0]) => diagnose(input).map((f) => f.kind)

describe("diagnose", () => {
  it("recognises CUDA out of memory and OOMKilled", () => {
    const f = diagnose({
      ...failed,
      logLines: [
        "Traceback (most recent call last):",
        '  File "train.py", line 158, in train_step',
        "    loss.backward()",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 GiB.",
      ],
    })
    expect(f[0]?.kind).toBe("oom")
    expect(f[0]?.evidence).toContain("CUDA out of memory")
    expect(renderWords(f[0]?.fix ?? "", "library")).toMatch(/batch size|larger spec/)
    expect(kinds({ ...failed, subStatus: "OOMKilled", logLines: [] })).toEqual(["oom"])
  })

  it("recognises image pull failures and points at inspire_images", () => {
    const f = diagnose({
      family: "waiting",
      events: [
        {
          type: "Warning",
          reason: "Failed",
          message: 'Failed to pull image "docker-qb.sii.edu.cn/inspire-studio/x:1": ErrImagePull',
        },
      ],
      logLines: [],
    })
    expect(f.map((x) => x.kind)).toEqual(["image-pull"])
    expect(renderWords(f[0]?.fix ?? "", "mcp")).toContain("inspire_images")
  })

  it("explains a waiting task by the scheduler's message only", () => {
    const f = diagnose({
      family: "waiting",
      events: [
        {
          type: "Warning",
          reason: "FailedScheduling",
          message: "0/4 nodes are available: 4 Insufficient nvidia.com/gpu.",
        },
      ],
      logLines: ["ModuleNotFoundError: No module named 'x'"],
    })
    expect(f.map((x) => x.kind)).toEqual(["unschedulable"])
    expect(renderWords(f[0]?.fix ?? "", "mcp")).toContain("inspire_status")
  })

  it("recognises preemption at low priority and suggests priority ≥ 4", () => {
    const f = diagnose({ ...failed, subStatus: "preempted", priority: 2, logLines: ["running: python train.py"] })
    expect(f.map((x) => x.kind)).toEqual(["preempted"])
    expect(renderWords(f[0]?.fix ?? "", "library")).toContain("≥ 4")
  })

  it("tells a node failure, in the platform's words, from a failure of the program", () => {
    const events = [{ type: "Warning", reason: "NodeNotReady", message: "node qb-gpu-0102 is not ready" }]
    const node = diagnose({ ...failed, subStatus: "NodeNotReady", events, logLines: ["step 10 | loss 2.1"] })
    expect(node.map((x) => x.kind)).toEqual(["node-fault"])
    expect(renderWords(node[0]?.fix ?? "", "mcp")).toContain("inspire_resubmit")
    // The program's own exit code or out of memory is the program's, and its log cannot fake the platform.
    const own = ["NodeNotReady: node x is not ready", "preempted", "ERROR: command exited with code 1"]
    expect(kinds({ ...failed, subStatus: "Error", logLines: own })).toEqual([])
    expect(kinds({ ...failed, subStatus: "OOMKilled", logLines: [] })).toEqual(["oom"])
  })

  it("recognises a missing environment (command not found, ModuleNotFoundError)", () => {
    expect(kinds({ ...failed, logLines: ["/bin/sh: 1: torchrun: command not found"] })).toEqual(["environment"])
    const f = diagnose({
      ...failed,
      logLines: [
        "Traceback (most recent call last):",
        '  File "a.py", line 1',
        "ModuleNotFoundError: No module named 'torch'",
      ],
    })
    expect(f[0]?.kind).toBe("environment")
    expect(renderWords(f[0]?.fix ?? "", "library")).toContain("commandPrefix")
  })

  it("blames the network only in an offline workspace", () => {
    const lines = ["curl: (6) Could not resolve host: github.com"]
    const offline = diagnose({ ...failed, network: "offline", logLines: lines })
    expect(offline.map((f) => f.kind)).toEqual(["offline-network"])
    expect(renderWords(offline[0]?.fix ?? "", "library")).toContain("/inspire/hdd/project/")
    expect(kinds({ ...failed, network: "online", logLines: lines })).toEqual([])
  })

  it("recognises a missing Slurm controller", () => {
    const f = diagnose({ ...failed, logLines: ["sbatch: error: Batch job submission failed", "slurmctld BackOff"] })
    expect(f[0]?.kind).toBe("no-slurm")
    expect(renderWords(f[0]?.fix ?? "", "library")).toMatch(/Slurm image/)
  })

  it("falls back to the last exception line of a traceback", () => {
    const f = diagnose({
      ...failed,
      logLines: [
        "step 10 | loss 2.1",
        "Traceback (most recent call last):",
        '  File "/inspire/hdd/project/code/train.py", line 212, in <module>',
        "    main()",
        "FileNotFoundError: [Errno 2] No such file or directory: '/data/train-00000.parquet'",
        "ERROR: command exited with code 1",
      ],
    })
    expect(f).toHaveLength(1)
    expect(f[0]).toMatchObject({ kind: "traceback", evidence: expect.stringContaining("FileNotFoundError") })
  })

  it("finds nothing in a clean log", () => {
    expect(diagnose({ ...failed, logLines: ["step 10 | loss 2.1", "step 20 | loss 1.9"] })).toEqual([])
  })
})

describe("sparkline", () => {
  it("maps 0–100 onto eight levels and averages long series into buckets", () => {
    expect(sparkline([0, 50, 100])).toBe("▁▅█")
    expect(sparkline([0, 0, 100, 100], { width: 2 })).toBe("▁█")
    expect(sparkline([])).toBe("")
    expect(sparkline([Number.NaN, 200, -5])).toBe(" █▁")
    expect(sparkline(Array.from({ length: 100 }, (_, i) => i)).length).toBeLessThanOrEqual(40)
  })
})

describe("time ranges and name filters", () => {
  it("parses ranges and rejects others with examples", () => {
    expect(Either.getOrThrow(parseTimeRange("30m"))).toBe(1800)
    expect(Either.getOrThrow(parseTimeRange("3h"))).toBe(10_800)
    expect(Either.getOrThrow(parseTimeRange("1d"))).toBe(86_400)
    const bad = parseTimeRange("soon")
    expect(Either.isLeft(bad) && renderWords(bad.left.hint, "library")).toMatch(/30m/)
    expect(Either.isLeft(parseTimeRange("0m"))).toBe(true)
    expect(Either.isLeft(parseTimeRange("40d"))).toBe(true)
    expect(Either.getOrThrow(parseInstant("2h", 10_000_000, "since"))).toBe(10_000_000 - 7_200_000)
    expect(Either.getOrThrow(parseInstant("2026-01-01T00:00:00Z", 0, "since"))).toBe(Date.UTC(2026, 0, 1))
    expect(Either.isLeft(parseInstant("yesterday-ish", 0, "since"))).toBe(true)
  })

  it("matches names by substring or glob", () => {
    expect(nameMatches("exp-001", "exp")).toBe(true)
    expect(nameMatches("exp-001", "EXP-*")).toBe(true)
    expect(nameMatches("my-exp-001", "exp-*")).toBe(false)
    expect(nameMatches("exp-001", "exp-00?")).toBe(true)
    expect(nameMatches("a.b", "a?b")).toBe(true)
    expect(nameMatches("anything", undefined)).toBe(true)
  })
})
