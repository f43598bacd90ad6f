import { z } from "zod"
import { RawSpec, type ScheduleType, type Spec, scheduleConfigType, specsFor } from "../../domain/specs.js"
import { Effect } from "../../effect.js"
import { type InspireError, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { decode, readHint, unwrapJson } from "../support.js"

/** The schedule types `workspace.GetScheduleConfig` answers for (§3.6); HPC and Ray have no key there. */
export type ConfigType = "TRAIN" | "DSW" | "SERVING"

const CONFIG_TYPES: ReadonlyArray<ConfigType> = ["TRAIN", "DSW", "SERVING"]

const isConfigType = (t: ScheduleType): t is ConfigType => (CONFIG_TYPES as ReadonlyArray<string>).includes(t)

const SpecList = z.array(RawSpec)

const Config = z.record(z.string(), z.unknown())

/** Looks a key up in `Result.*`, then in `Result.schedule_config.*` (both nestings are seen, §4.4.3). */
const lookup = (result: Record<string, unknown>, key: string): unknown => {
  if (result[key] !== undefined && result[key] !== null) return result[key]
  const nested = unwrapJson(result.schedule_config)
  return typeof nested === "object" && nested !== null ? (nested as Record<string, unknown>)[key] : undefined
}

const keyFor = (result: Record<string, unknown>, type: ConfigType): string => {
  if (type === "DSW") return "quota"
  if (type === "SERVING") return "serving_quota"
  const flag = lookup(result, "use_predef_train_spec")
  if (flag === true || flag === "true") return "predef_train_spec"
  if (flag === false || flag === "false") return "quota"
  // QZ reads predef_train_spec without the flag; without either, the spec family is unknown.
  return lookup(result, "predef_train_spec") !== undefined ? "predef_train_spec" : "quota"
}

const SURFACE = "api/v2/workspace.GetScheduleConfig"

/** The specs of one type in a schedule config; undefined when the answer does not say (then ask elsewhere). */
const specsIn = (
  result: Record<string, unknown>,
  type: ConfigType,
): Effect.Effect<ReadonlyArray<Spec> | undefined, InspireError> => {
  const raw = unwrapJson(lookup(result, keyFor(result, type)))
  if (raw === undefined || raw === null) return Effect.succeed(undefined)
  return decode(SpecList, raw, SURFACE)
}

/** The specs of TRAIN, DSW and SERVING in a `GetScheduleConfig` answer, each undefined when absent. */
export const readScheduleConfig = (
  data: unknown,
): Effect.Effect<Readonly<Partial<Record<ConfigType, ReadonlyArray<Spec>>>>, InspireError> =>
  Effect.gen(function* () {
    const result = yield* decode(Config, data ?? {}, SURFACE)
    const out: Partial<Record<ConfigType, ReadonlyArray<Spec>>> = {}
    for (const type of CONFIG_TYPES) {
      const specs = yield* specsIn(result, type)
      if (specs !== undefined) out[type] = specs
    }
    return out
  })

/** Specs of a group-scoped listing: a spec that names no group belongs to the group asked about. */
const scopeTo = (specs: ReadonlyArray<Spec>, type: ScheduleType, groupId: string): ReadonlyArray<Spec> =>
  specsFor(
    [
      {
        scheduleType: type,
        specs: specs.map((s) => (s.logicComputeGroupIds.length === 0 ? { ...s, logicComputeGroupIds: [groupId] } : s)),
      },
    ],
    type,
    groupId,
  )

const PriceList = z.lazy(() =>
  z.union([
    z.array(z.unknown()),
    z
      .object({
        lcg_resource_spec_prices: z.array(z.unknown()).nullish(),
        resource_spec_prices: z.array(z.unknown()).nullish(),
        list: z.array(z.unknown()).nullish(),
      })
      .loose()
      .transform((d) => d.lcg_resource_spec_prices ?? d.resource_spec_prices ?? d.list ?? []),
  ]),
)

const PRICES = "api/v1/resource_prices/logic_compute_groups/"

const refererFor = (type: ScheduleType, workspaceId: string): string =>
  type === "HPC"
    ? `/jobs/hpc?spaceId=${workspaceId}`
    : type === "DSW"
      ? `/jobs/interactiveModeling?spaceId=${workspaceId}`
      : type === "RAY_JOB"
        ? "/jobs/ray"
        : type === "SERVING"
          ? "/jobs/modelDeployment"
          : "/jobs/distributedTraining"

/** Specs from V1 `POST resource_prices/logic_compute_groups/` (trailing slash required): every type, one group. */
export const priceSpecs = (workspaceId: string, groupId: string, type: ScheduleType) =>
  Effect.flatMap(Platform, (platform) =>
    platform
      .v1(
        "POST",
        "resource_prices/logic_compute_groups/",
        { workspace_id: workspaceId, schedule_config_type: scheduleConfigType(type), logic_compute_group_id: groupId },
        { idempotent: true, referer: refererFor(type, workspaceId) },
      )
      .pipe(
        Effect.flatMap((d) => decode(PriceList, d ?? [], PRICES)),
        Effect.flatMap((list) => decode(SpecList, list, PRICES)),
        Effect.map((specs) => scopeTo(specs, type, groupId)),
      ),
  )

const NotebookSchedule = z.object({ quota: z.unknown() }).loose()

// The notebook quota is workspace-wide: a spec naming no group cannot be narrowed to one, so it is kept.
const notebookQuota = (workspaceId: string, groupId: string) =>
  Effect.flatMap(Platform, (platform) => {
    const options = { idempotent: true, referer: `/jobs/interactiveModeling?spaceId=${workspaceId}` }
    const surface = "api/v1/notebook/schedule"
    return platform.v1("GET", `notebook/schedule/${encodeURIComponent(workspaceId)}`, undefined, options).pipe(
      Effect.catchTag("SurfaceUnavailable", () =>
        platform.v1("GET", `notebook/schedule?workspace_id=${encodeURIComponent(workspaceId)}`, undefined, options),
      ),
      Effect.flatMap((d) => decode(NotebookSchedule, d ?? {}, surface)),
      Effect.flatMap((d) => decode(SpecList, unwrapJson(d.quota) ?? [], surface)),
      Effect.map((specs) => specsFor([{ scheduleType: "DSW", specs }], "DSW", groupId)),
    )
  })

/**
 * The specs of a compute group for a schedule type, cheapest first. TRAIN, DSW and SERVING: V2
 * `workspace.GetScheduleConfig` (★ prov.); HPC and RAY_JOB, and the fallback for all: V1
 * `resource_prices/logic_compute_groups/`; DSW last: V1 `notebook/schedule/{ws}` (not narrowed to the group).
 */
export const listSpecs = (
  workspaceId: string,
  groupId: string,
  scheduleType: ScheduleType,
): Effect.Effect<ReadonlyArray<Spec>, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const v1 = priceSpecs(workspaceId, groupId, scheduleType).pipe(
      Effect.catchTag("SurfaceUnavailable", (e) =>
        scheduleType === "DSW" ? notebookQuota(workspaceId, groupId) : Effect.fail(e),
      ),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { what: msg("api-list-specs"), hint: readHint() })),
      ),
    )
    if (!isConfigType(scheduleType)) return yield* v1
    const body = {
      workspace_id: workspaceId,
      logic_compute_group_id: groupId,
      schedule_config_type: scheduleConfigType(scheduleType),
    }
    const v2 = yield* platform.v2("workspace", "GetScheduleConfig", body, { idempotent: true }).pipe(
      Effect.flatMap(readScheduleConfig),
      Effect.map((config) => config[scheduleType]),
      Effect.catchTag("SurfaceUnavailable", () => Effect.succeed(undefined)),
    )
    return v2 === undefined ? yield* v1 : scopeTo(v2, scheduleType, groupId)
  })
