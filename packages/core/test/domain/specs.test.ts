import { Either } from "effect"
import { describe, expect, it } from "vitest"
import {
  chooseSpec,
  describeSpec,
  RawSpec,
  type Spec,
  type SpecListing,
  scheduleConfigType,
  specsFor,
} from "../../src/domain/specs.js"
import { renderWords } from "../../src/words/render.js"

const left = <A, E>(e: Either.Either<A, E>): E => {
  if (Either.isRight(e)) throw new Error(`expected a failure, got ${JSON.stringify(e.right)}`)
  return e.left
}

const spec = (over: Partial<Spec> & { id: string }): Spec => ({
  name: "",
  gpuCount: 1,
  gpuType: "NVIDIA_H200_SXM_141G",
  gpuDisplay: "H200",
  cpuCount: 20,
  memoryGi: 200,
  pricePerHour: 10,
  logicComputeGroupIds: ["lcg-h200"],
  allowedPriorityLevels: [],
  ...over,
})

const listings: ReadonlyArray<SpecListing> = [
  {
    scheduleType: "TRAIN",
    specs: [
      spec({ id: "q-8", gpuCount: 8, cpuCount: 160, memoryGi: 1800, pricePerHour: 80, name: "8卡H200" }),
      spec({ id: "q-1", name: "1卡H200" }),
      spec({ id: "q-h100", gpuDisplay: "H100", logicComputeGroupIds: ["lcg-h100"] }),
    ],
  },
  { scheduleType: "DSW", specs: [spec({ id: "nb-1", cpuCount: 8, memoryGi: 64, pricePerHour: 5 })] },
  { scheduleType: "HPC", specs: [spec({ id: "hpc-55", gpuCount: 0, gpuType: "CPU", cpuCount: 55, memoryGi: 500 })] },
]

describe("RawSpec", () => {
  it("normalises the training-spec shape with a numeric-string price", () => {
    const s = RawSpec.parse({
      quota_id: "quota-abc",
      gpu_count: 8,
      cpu_count: 160,
      memory_size_gib: 1800,
      total_price_per_hour: "79.5",
      gpu_info: { gpu_type: "NVIDIA_H200_SXM_141G", gpu_product_simple: "H200" },
      logic_compute_group_ids: ["lcg-1"],
      extra_field: true,
    })
    expect(s).toMatchObject({ id: "quota-abc", gpuCount: 8, memoryGi: 1800, pricePerHour: 79.5, gpuDisplay: "H200" })
  })

  it("reads the alternative keys of other endpoints", () => {
    expect(RawSpec.parse({ id: "x", gpu_count: 0, cpu_count: 4, memory_size: 32 })).toMatchObject({
      id: "x",
      memoryGi: 32,
      gpuType: "CPU",
      pricePerHour: undefined,
    })
    expect(
      RawSpec.parse({ spec_id: "y", memory_size_gb: 64, price: 3, gpu_type: "NVIDIA_RTX_4090_48G", gpu_count: 1 }),
    ).toMatchObject({ id: "y", memoryGi: 64, pricePerHour: 3, gpuType: "NVIDIA_RTX_4090_48G" })
    expect(RawSpec.parse({ quota_id: "z", logic_compute_group_id: "lcg-9" }).logicComputeGroupIds).toEqual(["lcg-9"])
  })

  it("rejects a spec without any id", () => {
    expect(RawSpec.safeParse({ gpu_count: 1 }).success).toBe(false)
  })
})

describe("specsFor", () => {
  it("keeps the group's specs of one schedule type, cheapest first", () => {
    expect(specsFor(listings, "TRAIN", "lcg-h200").map((s) => s.id)).toEqual(["q-1", "q-8"])
    expect(specsFor(listings, "TRAIN", "lcg-h100").map((s) => s.id)).toEqual(["q-h100"])
  })

  it("treats a spec without group scope as usable in any group", () => {
    const scoped: SpecListing[] = [{ scheduleType: "DSW", specs: [spec({ id: "a", logicComputeGroupIds: [] })] }]
    expect(specsFor(scoped, "DSW", "lcg-any").map((s) => s.id)).toEqual(["a"])
  })
})

describe("chooseSpec", () => {
  const base = { listings, scheduleType: "TRAIN" as const, computeGroupId: "lcg-h200", computeGroupName: "H200" }

  it("finds a spec by id or by unique exact name", () => {
    expect(Either.getOrThrow(chooseSpec({ ...base, spec: "q-8" })).gpuCount).toBe(8)
    expect(Either.getOrThrow(chooseSpec({ ...base, spec: " 1卡H200 " })).id).toBe("q-1")
  })

  it("lists the candidates with GPU, CPU, memory and price when the spec is missing", () => {
    const e = left(chooseSpec(base))
    expect(renderWords(e.message, "library")).toBe("No spec was given for compute group H200.")
    expect(e.candidates).toEqual([
      { id: "q-1", name: "1卡H200", gpu: "H200", gpuCount: 1, cpuCount: 20, memoryGi: 200, pricePerHour: 10 },
      { id: "q-8", name: "8卡H200", gpu: "H200", gpuCount: 8, cpuCount: 160, memoryGi: 1800, pricePerHour: 80 },
    ])
  })

  it("says when a spec of another schedule type is reused", () => {
    const e = left(chooseSpec({ ...base, spec: "nb-1" }))
    expect(renderWords(e.message, "library")).toBe(
      'Spec "nb-1" cannot be used: it is a spec for notebooks, not training jobs.',
    )
    expect(e.candidates).toHaveLength(2)
    expect(renderWords(left(chooseSpec({ ...base, scheduleType: "DSW", spec: "q-1" })).message, "library")).toMatch(
      /training jobs, not notebooks/,
    )
  })

  it("says when the spec belongs to another compute group", () => {
    expect(renderWords(left(chooseSpec({ ...base, spec: "q-h100" })).message, "library")).toMatch(
      /does not belong to compute group H200/,
    )
  })

  it("reports an unknown spec and a group with no specs", () => {
    expect(renderWords(left(chooseSpec({ ...base, spec: "nope" })).message, "library")).toMatch(
      /not a spec of compute group H200/,
    )
    expect(
      renderWords(
        left(chooseSpec({ ...base, computeGroupId: "lcg-empty", computeGroupName: "Empty" })).message,
        "library",
      ),
    ).toBe("No specs for training jobs are available in compute group Empty.")
  })
})

describe("describing specs", () => {
  it("renders GPU and CPU specs for people", () => {
    expect(describeSpec(spec({ id: "a", gpuCount: 8, cpuCount: 160, memoryGi: 1800 }))).toBe(
      "8 × H200, 160 CPU, 1800 GiB",
    )
    expect(describeSpec(spec({ id: "b", gpuCount: 0, cpuCount: 55, memoryGi: 500 }))).toBe("55 CPU, 500 GiB")
    expect(scheduleConfigType("DSW")).toBe("SCHEDULE_CONFIG_TYPE_DSW")
  })
})
