import { z } from "zod"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { decode, decodeItems, firstAvailable, Text } from "../support.js"
import type { JobDataset } from "./schema.js"

// Datasets a job mounts (`dataset_info`). No listing of datasets is known; `dataset/validate_dataset`
// checks references before a create, fills in the latest version when none is given, and says where each
// is mounted. Its codes: 2000 for a dataset that does not exist (or is not usable from the workspace),
// 2001 for a version that does not.

/** A dataset as a person writes it: `ID` (its latest version) or `ID:VERSION`. */
export interface DatasetRef {
  readonly datasetId: string
  readonly versionId: string
}

/** Reads `ID` or `ID:VERSION`; an empty part is an InvalidInput naming the field. */
export const parseDatasetRef = (raw: string, field: string): Effect.Effect<DatasetRef, InspireError> => {
  const [id = "", version = "", ...more] = raw.trim().split(":")
  return id === "" || more.length > 0 || (raw.includes(":") && version === "")
    ? Effect.fail(invalidInput(msg("api-dataset-ref", { raw, field }), msg("api-dataset-ref-hint")))
    : Effect.succeed({ datasetId: id, versionId: version })
}

const Result = z.object({
  datasets_result: z.array(z.unknown()).nullish(),
})

const Resolved = z.object({ dataset_id: Text, version_id: Text, path: Text })

/** Checks the datasets in a workspace before a create, with their versions and mount paths filled in. */
export const validateDatasets = (
  workspaceId: string,
  refs: ReadonlyArray<DatasetRef>,
): Effect.Effect<ReadonlyArray<JobDataset>, InspireError, Platform> =>
  Effect.gen(function* () {
    if (refs.length === 0) return []
    const platform = yield* Platform
    const body = {
      workspace_id: workspaceId,
      datasets: refs.map((r) => ({ dataset_id: r.datasetId, version_id: r.versionId })),
    }
    const data = yield* Effect.catchIf(
      firstAvailable(msg("api-validate-datasets"), [
        platform.v1("POST", "dataset/validate_dataset", body, {
          idempotent: true,
          referer: "/jobs/distributedTraining",
        }),
      ]),
      (e) => Number(e.code) === 2000 || Number(e.code) === 2001,
      (e) => {
        // The platform's own words ("数据集不存在: <id>"), without the path and code the transport adds.
        const message = e.message.replace(/^[\w/.-]+: /, "").replace(/\s*\(code \d+\)\.?$/, "")
        return Effect.fail(
          invalidInput(
            Number(e.code) === 2000
              ? msg("api-dataset-missing", { message })
              : msg("api-dataset-version-missing", { message }),
            msg("api-dataset-missing-hint"),
          ),
        )
      },
    )
    const result = yield* decode(Result, data, "dataset/validate_dataset")
    const items = yield* decodeItems(Resolved, result.datasets_result ?? [], "dataset/validate_dataset")
    return items.map((d) => ({
      datasetId: d.dataset_id,
      versionId: d.version_id,
      ...(d.path !== "" ? { path: d.path } : {}),
    }))
  })
