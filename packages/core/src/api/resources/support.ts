import { z } from "zod"
import { Effect } from "../../effect.js"
import type { InspireError, SurfaceUnavailable } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { decode, unwrapJson } from "../support.js"

/** Whether a group runs HPC as far as the platform says: "unknown" means ask for its HPC specs anyway. */
export type HpcSupport = "yes" | "no" | "unknown"

const NodeSpecs = z
  .object({
    node_specs: z
      .array(z.object({ logic_compute_group_id: z.string().nullish(), support_job_type: z.unknown() }).loose())
      .nullish(),
  })
  .loose()

const tokens = (value: unknown): ReadonlyArray<string> => {
  const v = unwrapJson(value)
  if (Array.isArray(v)) return v.filter((t): t is string => typeof t === "string")
  if (typeof v === "string") return v.split(/[,\s]+/).filter((t) => t !== "")
  return []
}

// The vocabulary of support_job_type is not recorded (§4.4); only words recognisably naming a job
// family count, so an unfamiliar list never rules HPC out.
const JOB_WORD = /train|dsw|notebook|interactive|serving|inference|ray|hpc|slurm/i
const HPC_WORD = /hpc|slurm/i

/** Reads one group's `support_job_type`. */
export const hpcSupportOf = (value: unknown): HpcSupport => {
  const words = tokens(value)
  if (words.some((w) => HPC_WORD.test(w))) return "yes"
  return words.some((w) => JOB_WORD.test(w)) ? "no" : "unknown"
}

/**
 * Which groups of a workspace run HPC, from V2 `workspace.GetWorkspaceNodeSpecs` (one request for the
 * workspace). Groups it does not mention are unknown.
 */
export const hpcSupport = (
  workspaceId: string,
): Effect.Effect<ReadonlyMap<string, HpcSupport>, InspireError | SurfaceUnavailable, Platform> =>
  Effect.flatMap(Platform, (platform) =>
    platform.v2("workspace", "GetWorkspaceNodeSpecs", { workspace_id: workspaceId }, { idempotent: true }).pipe(
      Effect.flatMap((d) => decode(NodeSpecs, d ?? {}, "api/v2/workspace.GetWorkspaceNodeSpecs")),
      Effect.map((d) => {
        const out = new Map<string, HpcSupport>()
        for (const spec of d.node_specs ?? []) {
          if (!spec.logic_compute_group_id) continue
          const seen = out.get(spec.logic_compute_group_id)
          const now = hpcSupportOf(spec.support_job_type)
          // Several node shapes per group: any "yes" wins, any "unknown" keeps the question open.
          out.set(
            spec.logic_compute_group_id,
            seen === "yes" || now === "yes" ? "yes" : seen === "unknown" || now === "unknown" ? "unknown" : "no",
          )
        }
        return out
      }),
    ),
  )
