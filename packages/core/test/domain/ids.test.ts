import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { knownTaskPrefixes, shortPodName, taskKindOf } from "../../src/domain/ids.js"
import { renderWords } from "../../src/words/render.js"

const uuid = "0f8a1c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b"

const kindOf = (id: string) => Either.getOrThrow(taskKindOf(id)).kind
const errorOf = (id: string) => {
  const r = taskKindOf(id)
  if (Either.isRight(r)) throw new Error(`expected ${id} to be rejected`)
  return r.left
}

describe("taskKindOf", () => {
  it("resolves each documented prefix", () => {
    expect(kindOf(`job-${uuid}`)).toBe("train")
    expect(kindOf(`hpc-job-${uuid}`)).toBe("hpc")
    expect(kindOf(`sv-${uuid}`)).toBe("serving")
    expect(kindOf("rj-abc123")).toBe("ray")
  })

  it("checks hpc-job- before job-", () => {
    expect(kindOf(`hpc-job-${uuid}`)).toBe("hpc")
  })

  it("treats a bare UUID as a notebook and keeps it a string", () => {
    const numericLooking = "688d4b14-0000-4000-8000-000000000001"
    const ref = Either.getOrThrow(taskKindOf(numericLooking))
    expect(ref).toEqual({ id: numericLooking, kind: "notebook" })
    expect(typeof ref.id).toBe("string")
  })

  it("trims surrounding whitespace", () => {
    expect(Either.getOrThrow(taskKindOf(`  job-${uuid}\n`)).id).toBe(`job-${uuid}`)
  })

  it("rejects unknown prefixes with the list of known ones", () => {
    const e = errorOf("task-123")
    expect(e.reason).toBe("InvalidInput")
    expect(e.candidates).toEqual(knownTaskPrefixes)
    expect(e.candidates).toContain("hpc-job-… (HPC job)")
    expect(renderWords(e.hint, "mcp")).toMatch(/job-/)
  })

  it("names the object when another kind of id is pasted", () => {
    expect(errorOf(`ws-${uuid}`).message).toMatch(/workspace/)
    expect(errorOf(`lcg-${uuid}`).message).toMatch(/logic compute group/)
    expect(errorOf(`project-${uuid}`).message).toMatch(/project/)
  })

  it("rejects notebook ids written with a prefix", () => {
    expect(errorOf(`nb-${uuid}`).message).toMatch(/bare UUIDs/)
    expect(errorOf(`notebook-${uuid}`).message).toMatch(/bare UUIDs/)
  })

  it("rejects empty ids, bare prefixes and unsafe characters", () => {
    expect(errorOf("").message).toMatch(/empty/)
    expect(errorOf("job-").message).toMatch(/missing/)
    expect(errorOf("job-../../etc").message).toMatch(/invalid characters/)
    expect(errorOf("sv-a b").message).toMatch(/invalid characters/)
  })
})

describe("shortPodName", () => {
  it("keeps the worker part of first-round and restarted pods, and other names whole", () => {
    expect(shortPodName("job-1f2e-aa-worker-0")).toBe("worker-0")
    expect(shortPodName("job-1f2e-aa-worker-3-2")).toBe("worker-3-2")
    expect(shortPodName("hpc-job-9-launcher")).toBe("hpc-job-9-launcher")
  })
})
