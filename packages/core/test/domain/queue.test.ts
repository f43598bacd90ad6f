import { describe, expect, it } from "vitest"
import { type Holder, placeInQueue as placeOf, type QueueEntry, type WaitingJob } from "../../src/domain/queue.js"
import { renderDeep } from "../../src/words/render.js"

// Reasons are messages, read here in English.
const placeInQueue = (...args: Parameters<typeof placeOf>) => renderDeep(placeOf(...args), "library")

const job = (over: Partial<WaitingJob> = {}): WaitingJob => ({
  id: "job-b",
  groupId: "g1",
  priority: 4,
  createdAt: 1_000,
  gpus: 8,
  budgetSpent: false,
  room: { fitsNow: false, totalGpus: 16, freeGpus: 0 },
  ...over,
})

const entry = (id: string, over: Partial<QueueEntry> = {}): QueueEntry => ({
  id,
  groupId: "g1",
  priority: 4,
  createdAt: 500,
  gpus: 8,
  ...over,
})

const holders: ReadonlyArray<Holder> = [
  { groupId: "g1", gpus: 8, remainingMs: 600_000 },
  { groupId: "g1", gpus: 8, remainingMs: 60_000 },
]

describe("a waiting job's place in its group's queue", () => {
  it("counts higher priorities and, within one, the older jobs of the same group and kind", () => {
    const queued = [
      entry("job-b"),
      entry("job-older"),
      entry("job-a-same-instant", { createdAt: 1_000 }),
      entry("job-z-same-instant", { createdAt: 1_000 }),
      entry("job-younger", { createdAt: 2_000 }),
      entry("job-low", { priority: 3, createdAt: 0 }),
      entry("job-cpu", { gpus: 0 }),
      entry("job-other-group", { groupId: "g2", priority: 9 }),
    ]
    // The older job and the one of the same instant with the smaller id; no higher priority: resources.
    expect(placeInQueue(job(), queued, holders)).toMatchObject({ reason: "resources", ahead: 2 })
    const behindHigher = placeInQueue(job(), [...queued, entry("job-high", { priority: 6, createdAt: 9_000 })], [])
    expect(behindHigher).toMatchObject({ reason: "priority", ahead: 3 })
  })

  it("estimates the start from the holders' ends, for the job and those before it", () => {
    // Alone: the first holder to end frees 8 GPUs.
    expect(placeInQueue(job(), [], holders).startsWithinMs).toBe(60_000)
    // One 8-GPU job before it: both holders must end.
    expect(placeInQueue(job(), [entry("job-a")], holders).startsWithinMs).toBe(600_000)
  })

  it("says why there is no estimate", () => {
    const unknownEnd = placeInQueue(
      job(),
      [],
      [{ groupId: "g1", gpus: 8, remainingMs: undefined }, ...holders.slice(1)],
    )
    expect(unknownEnd.noEstimate).toBe(
      "8 of the 16 GPUs in use are held by work with no known end (other people's, or jobs without a max running time)",
    )
    expect(placeInQueue(job({ gpus: 24 }), [], holders).noEstimate).toBe(
      "it and the jobs before it need 24 GPUs, more than the group's 16",
    )
    expect(placeInQueue(job({ gpus: 0 }), [], holders).noEstimate).toContain("CPU work")
    expect(placeInQueue(job({ room: undefined }), [], holders)).toMatchObject({ reason: "unknown" })
    const spent = placeInQueue(job({ budgetSpent: true }), [entry("job-high", { priority: 6 })], holders)
    expect(spent).toMatchObject({ reason: "quota", ahead: 1 })
    expect(spent.startsWithinMs).toBeUndefined()
  })

  it("has nothing holding it back when the group has room", () => {
    const room = job({ room: { fitsNow: true, totalGpus: 16, freeGpus: 8 } })
    expect(placeInQueue(room, [], [holders[0] as Holder])).toEqual({ reason: "unknown", ahead: 0, startsWithinMs: 0 })
  })
})
