import { z } from "zod"
import { Either } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, type Text, text } from "../words/text.js"
import { didYouMean, matchName } from "./names.js"

/** The schedule types specs belong to; ids of one type are not valid for another (§3.6). */
export const ScheduleType = z.enum(["TRAIN", "DSW", "HPC", "SERVING", "RAY_JOB"])
export type ScheduleType = z.infer<typeof ScheduleType>

/** The platform's name of a schedule type, as sent in `schedule_config_type`. */
export const scheduleConfigType = (type: ScheduleType): string => `SCHEDULE_CONFIG_TYPE_${type}`

// What a schedule type's specs are for, in a sentence.
const PURPOSE: Readonly<Record<ScheduleType, () => Text>> = {
  TRAIN: () => msg("domain-purpose-train"),
  DSW: () => msg("domain-purpose-dsw"),
  HPC: () => msg("domain-purpose-hpc"),
  SERVING: () => msg("domain-purpose-serving"),
  RAY_JOB: () => msg("domain-purpose-ray"),
}

const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
])

/**
 * A spec object as the platform sends it, in any of its shapes (`quota_id|spec_id|id`,
 * `memory_size_gib|memory_size|memory_size_gb`, `total_price_per_hour|price`, …), normalised.
 */
export const RawSpec = z.lazy(() =>
  z
    .object({
      quota_id: z.string().optional(),
      spec_id: z.string().optional(),
      id: z.string().optional(),
      name: z.string().optional(),
      gpu_count: numeric.optional(),
      cpu_count: numeric.optional(),
      memory_size_gib: numeric.optional(),
      memory_size: numeric.optional(),
      memory_size_gb: numeric.optional(),
      total_price_per_hour: numeric.optional(),
      price: numeric.optional(),
      gpu_type: z.string().optional(),
      gpu_info: z
        .object({
          gpu_type: z.string().optional(),
          gpu_type_display: z.string().optional(),
          gpu_product_simple: z.string().optional(),
        })
        .partial()
        .optional(),
      cpu_info: z.object({ cpu_type: z.string().optional() }).partial().optional(),
      logic_compute_group_ids: z.array(z.string()).optional(),
      logic_compute_group_id: z.string().optional(),
      allowed_priority_levels: z.array(z.string()).optional(),
    })
    .loose()
    .refine((s) => (s.quota_id ?? s.spec_id ?? s.id) !== undefined, { message: "a spec needs quota_id, spec_id or id" })
    .transform((s) => ({
      id: s.quota_id ?? s.spec_id ?? s.id ?? "",
      name: s.name ?? "",
      gpuCount: s.gpu_count ?? 0,
      gpuType: s.gpu_info?.gpu_type ?? s.gpu_type ?? (s.gpu_count ? "" : "CPU"),
      gpuDisplay: s.gpu_info?.gpu_product_simple ?? s.gpu_info?.gpu_type_display ?? s.gpu_type ?? "",
      cpuCount: s.cpu_count ?? 0,
      memoryGi: s.memory_size_gib ?? s.memory_size ?? s.memory_size_gb ?? 0,
      pricePerHour: s.total_price_per_hour ?? s.price,
      logicComputeGroupIds: s.logic_compute_group_ids ?? (s.logic_compute_group_id ? [s.logic_compute_group_id] : []),
      allowedPriorityLevels: s.allowed_priority_levels ?? [],
    })),
)

/** A spec (规格) normalised: a (GPUs, CPUs, memory) triple with a price, valid for one schedule type. */
export interface Spec {
  readonly id: string
  readonly name: string
  readonly gpuCount: number
  readonly gpuType: string
  readonly gpuDisplay: string
  readonly cpuCount: number
  readonly memoryGi: number
  readonly pricePerHour: number | undefined
  /** Empty when the listing was already scoped to one group. */
  readonly logicComputeGroupIds: ReadonlyArray<string>
  readonly allowedPriorityLevels: ReadonlyArray<string>
}

/** Specs known for a schedule type in one workspace (or one group of it). */
export interface SpecListing {
  readonly scheduleType: ScheduleType
  readonly specs: ReadonlyArray<Spec>
}

/** A spec as offered in an error's candidates and in status output. */
export interface SpecCandidate {
  readonly id: string
  readonly name: string
  readonly gpu: string
  readonly gpuCount: number
  readonly cpuCount: number
  readonly memoryGi: number
  readonly pricePerHour: number | undefined
}

/** The short description of a spec people read: `8 × H200, 160 CPU, 1800 GiB`. */
export const describeSpec = (spec: Spec): string =>
  `${spec.gpuCount > 0 ? `${spec.gpuCount} × ${spec.gpuDisplay || spec.gpuType || "GPU"}, ` : ""}${spec.cpuCount} CPU, ${spec.memoryGi} GiB`

/** A spec reduced to what a person compares when choosing. */
export const toCandidate = (spec: Spec): SpecCandidate => ({
  id: spec.id,
  name: spec.name || describeSpec(spec),
  gpu: spec.gpuCount > 0 ? spec.gpuDisplay || spec.gpuType : "CPU",
  gpuCount: spec.gpuCount,
  cpuCount: spec.cpuCount,
  memoryGi: spec.memoryGi,
  pricePerHour: spec.pricePerHour,
})

const inGroup = (spec: Spec, group: string): boolean =>
  spec.logicComputeGroupIds.length === 0 || spec.logicComputeGroupIds.includes(group)

const byCost = (a: Spec, b: Spec): number =>
  a.gpuCount - b.gpuCount || (a.pricePerHour ?? 0) - (b.pricePerHour ?? 0) || a.cpuCount - b.cpuCount

/** The specs usable in a compute group for a schedule type, cheapest first. */
export const specsFor = (
  listings: ReadonlyArray<SpecListing>,
  type: ScheduleType,
  group: string,
): ReadonlyArray<Spec> =>
  listings
    .filter((l) => l.scheduleType === type)
    .flatMap((l) => l.specs)
    .filter((s) => inGroup(s, group))
    .sort(byCost)

/**
 * Finds the spec a task asked for (by id, or by its exact name) among the specs of its compute
 * group and schedule type. Otherwise fails with the usable specs as candidates, and says when the id
 * belongs to another schedule type or another group.
 */
export const chooseSpec = (input: {
  readonly listings: ReadonlyArray<SpecListing>
  readonly scheduleType: ScheduleType
  readonly computeGroupId: string
  readonly computeGroupName?: string
  readonly spec?: string
}): Either.Either<Spec, InspireError> => {
  const usable = specsFor(input.listings, input.scheduleType, input.computeGroupId)
  const candidates = usable.map(toCandidate)
  const where = msg("domain-spec-where", { group: input.computeGroupName ?? input.computeGroupId })
  const purpose = PURPOSE[input.scheduleType]()
  if (usable.length === 0)
    return Either.left(
      invalidInput(
        msg("domain-spec-none", { purpose, where }),
        msg("domain-spec-none-hint", { call: callWord("status") }),
      ),
    )
  const wanted = input.spec?.trim() ?? ""
  if (wanted === "")
    return Either.left(
      invalidInput(
        msg("domain-spec-missing", { where }),
        msg("domain-spec-choose", { count: usable.length, purpose }),
        {
          candidates,
        },
      ),
    )
  const byId = usable.find((s) => s.id === wanted)
  if (byId !== undefined) return Either.right(byId)
  const named = matchName(usable, (s) => s.name, wanted)
  if (named.kind === "one") return Either.right(named.item)
  if (named.kind === "many")
    return Either.left(
      invalidInput(
        msg("domain-spec-ambiguous", {
          wanted,
          count: named.items.length,
          where,
          names: named.items.map((s) => `"${s.name}"`).join(", "),
        }),
        msg("domain-spec-ambiguous-hint"),
        { candidates: named.items.map(toCandidate) },
      ),
    )
  const elsewhere = input.listings.find((l) => l.specs.some((s) => s.id === wanted))
  const why =
    elsewhere !== undefined && elsewhere.scheduleType !== input.scheduleType
      ? msg("domain-spec-other-type", { other: PURPOSE[elsewhere.scheduleType](), purpose })
      : elsewhere !== undefined
        ? msg("domain-spec-other-group", { where })
        : msg("domain-spec-unknown", { where })
  return Either.left(
    invalidInput(
      text`${msg("domain-spec-unusable", { wanted, why })}${
        elsewhere === undefined ? didYouMean([...usable.map((s) => s.name), ...usable.map((s) => s.id)], wanted) : ""
      }`,
      msg("domain-spec-choose", { count: usable.length, purpose }),
      {
        candidates,
      },
    ),
  )
}
