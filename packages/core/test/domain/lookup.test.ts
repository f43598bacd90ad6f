import { describe, expect, it } from "vitest"
import { lookupNotFound, pickEntity, whereWord, wholeIdKind } from "../../src/domain/lookup.js"
import { renderWords } from "../../src/words/render.js"

const JOB = "job-3f2a9c1b-0000-4000-8000-000000000001"
const OTHER = "job-3f2a0000-0000-4000-8000-000000000002"
const HPC = "hpc-job-77aa0000-0000-4000-8000-000000000003"
const NOTEBOOK = "0b9f0a4e-1111-4222-8333-944455556666"
const items = [
  { id: JOB, name: "train-a" },
  { id: OTHER, name: "Train A" },
  { id: HPC, name: "slurm-b" },
  { id: NOTEBOOK, name: "dev-env" },
]

const picked = (wanted: string) => {
  const found = pickEntity(items, wanted)
  return found.kind === "one" ? found.item.id : found.kind === "many" ? found.items.map((i) => i.id) : "none"
}

describe("pickEntity: the one rule of every field that takes an id", () => {
  it("takes the id, then the exact name, then the name without case and spaces", () => {
    expect(picked(JOB)).toBe(JOB)
    expect(picked(JOB.toUpperCase())).toBe(JOB)
    expect(picked("train-a")).toBe(JOB)
    expect(picked("Train A")).toBe(OTHER)
    expect(picked("dev env")).toBe("none")
    expect(picked("DEV-ENV")).toBe(NOTEBOOK)
  })

  it("takes a unique id prefix of four or more characters, with or without the kind's head", () => {
    expect(picked("job-3f2a9")).toBe(JOB)
    expect(picked("3f2a9")).toBe(JOB)
    expect(picked("77aa")).toBe(HPC)
    expect(picked("hpc-job-77aa")).toBe(HPC)
    expect(picked("0b9f0a")).toBe(NOTEBOOK)
    expect(picked("job-3f2a")).toEqual([JOB, OTHER])
    expect(picked("job-3f2")).toBe("none")
    expect(picked("job-")).toBe("none")
    expect(picked("3f2")).toBe("none")
  })

  it("falls back to a unique name prefix or substring, and says when several match", () => {
    expect(picked("slurm")).toBe(HPC)
    expect(picked("-env")).toBe(NOTEBOOK)
    expect(picked("train")).toEqual([JOB, OTHER])
    expect(picked("nothing")).toBe("none")
    expect(picked("  ")).toBe("none")
  })

  it("needs four characters of a name before a prefix or a piece of it picks anything", () => {
    expect(picked("n")).toBe("none")
    expect(picked("sl")).toBe("none")
    expect(picked("env")).toBe("none")
    expect(picked("slur")).toBe(HPC)
    expect(picked("v-en")).toBe(NOTEBOOK)
  })
})

describe("whole ids and the not-found message", () => {
  it("knows a whole id of each prefixed kind from a name or a prefix", () => {
    expect(wholeIdKind(JOB)).toBe("train")
    expect(wholeIdKind(HPC)).toBe("hpc")
    expect(wholeIdKind(NOTEBOOK)).toBe("notebook")
    expect(wholeIdKind("sv-3f2a9c1b-0000-4000-8000-000000000001")).toBe("serving")
    expect(wholeIdKind("model-1a2b3c4d5e6f7a8b9c0d1e2f")).toBe("model")
    expect(wholeIdKind("job-3f2a")).toBeUndefined()
    expect(wholeIdKind("nb-1")).toBeUndefined()
  })

  it("names the kind and where it looked, with the call that lists them", () => {
    const byId = lookupNotFound("train", JOB, whereWord(["分布式训练空间"]))
    expect(byId.reason).toBe("NotFound")
    expect(byId.message).toBe(`No training job ${JOB} in workspace 分布式训练空间.`)
    expect(renderWords(byId.hint, "cli")).toContain("inspire job list")
    const byName = lookupNotFound("notebook", "dev-emv", whereWord(["a", "b", "c", "d"]), items)
    expect(byName.message).toBe(
      'No notebook is named "dev-emv" or has an id starting with it in any of the 4 workspaces you can see. Did you mean "dev-env"?',
    )
    expect(renderWords(byName.hint, "cli")).toContain("inspire notebook list")
  })
})
