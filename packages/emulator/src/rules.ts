/**
 * Platform behaviours on which the evidence splits, as switches: each default is the one that lets the
 * clients people use every day work, and the other setting reproduces the stricter reading so that a
 * client can be tested against both (docs/PLATFORM.md gives the evidence for each).
 */
export interface PlatformRules {
  /**
   * OpenAPI creates (train_job, hpc_jobs, inference_servings): `accept` takes any `image_type` (community
   * clients send SOURCE_PRIVATE on OA for every image and it works); `match` refuses a type that is not
   * the image's source with `Unauthorized`, as the console and V2 paths always do.
   */
  oaImageType: "accept" | "match"
  /**
   * The worker PTY socket (`train_job/remote_cmd`, `…/instances/exec`): under `/api/v2` as QZ saw it, or
   * under `/api/v1` as an IS issue reports; the other prefix answers 404.
   */
  workerPty: "v2" | "v1"
}

export const defaultRules = (): PlatformRules => ({ oaImageType: "accept", workerPty: "v2" })

const IMAGE_TYPE_MODES = new Set(["accept", "match"])

/** Applies a patch, ignoring values the emulator does not know (the admin API takes any JSON). */
export const patchRules = (rules: PlatformRules, patch: Partial<PlatformRules>): PlatformRules => {
  if (typeof patch.oaImageType === "string" && IMAGE_TYPE_MODES.has(patch.oaImageType)) {
    rules.oaImageType = patch.oaImageType
  }
  if (patch.workerPty === "v1" || patch.workerPty === "v2") rules.workerPty = patch.workerPty
  return rules
}
