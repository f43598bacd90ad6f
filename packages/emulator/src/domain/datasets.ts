import type { Call } from "../context.js"
import { ApiError } from "../errors.js"
import type { Dataset, PlatformState } from "../state/types.js"
import { asObject, type Body, str } from "../validate.js"

/** The mount path a dataset version gets in a job (QZ builds the same; SF copies it from validation). */
const datasetPath = (datasetId: string, versionId: string): string => `rclone-worker-1/${datasetId}/${versionId}`

/** Datasets of the projects attached to a workspace: the ones a job there can mount. */
const usableIn = (s: PlatformState, workspaceId: string): Dataset[] =>
  s.datasets.filter((d) => s.projects.some((p) => p.id === d.projectId && p.spaceIds.includes(workspaceId)))

/**
 * Checks dataset references the way `validate_dataset` reports them: a missing dataset is code 2000,
 * a missing version of a known one 2001; an empty `version_id` is the latest version. Answers the
 * resolved entries (the version filled in) with their paths.
 */
export const resolveDatasets = (s: PlatformState, workspaceId: string, entries: unknown[]) => {
  const usable = usableIn(s, workspaceId)
  return entries.map((e) => {
    const x: Body = asObject(e)
    const datasetId = str(x, "dataset_id")
    const asked = str(x, "version_id")
    const d = usable.find((y) => y.id === datasetId)
    if (!d) throw new ApiError("invalid", `数据集不存在: ${datasetId}`, 2000)
    // An empty version means the latest (the console's default choice): the newest version, resolved here.
    const versionId = asked === "" ? (d.versions.at(-1)?.id ?? "") : asked
    if (!d.versions.some((v) => v.id === versionId)) {
      throw new ApiError("invalid", `数据集版本不存在: ${asked}`, 2001)
    }
    return { dataset_id: datasetId, version_id: versionId, path: datasetPath(datasetId, versionId) }
  })
}

/** `dataset/validate_dataset`: every dataset found, each with the path a job mounts it at. */
export const validateDatasets = (c: Call, entries: unknown[]) => ({
  datasets_result: resolveDatasets(c.emu.store.state, str(c.body, "workspace_id"), entries).map((d) => ({
    ...d,
    success: true,
    error_message: "",
  })),
})
