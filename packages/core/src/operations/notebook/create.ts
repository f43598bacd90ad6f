import { parseDatasetRef, validateDatasets } from "../../api/jobs/datasets.js"
import { createNotebook, plannedNotebookCreate, prepareNotebook } from "../../api/notebooks/create.js"
import { notebookConsoleUrl } from "../../api/notebooks/schema.js"
import { shmMbToGi, validateName } from "../../domain/resources.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { fieldWord } from "../../words/text.js"
import type { OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { defaultOf } from "../common/defaults.js"
import { deployPlace, deployTarget } from "../common/deploy.js"
import { deployImageHint, imageOrDefault, resolveRegisteredImage } from "../common/image.js"
import { nextStep } from "../common/output.js"
import { placementWarnings } from "../common/placement.js"
import { choosePriority } from "../common/priority.js"
import { uniqueWarnings } from "../common/support.js"
import type { NotebookInput } from "./input.js"
import type { NotebookOutput } from "./output.js"

/** What `notebook create` did (or, with dry_run, would do): inspire_notebook's result for create. */
export interface NotebookCreateResult
  extends Extract<OutputOf<ReturnType<typeof NotebookOutput>>, { readonly action: "create" }> {}

/** A mounted dataset as people read it: `id:version → path`. */
export const datasetLine = (d: {
  readonly datasetId: string
  readonly versionId: string
  readonly path?: string | undefined
}): string => `${d.datasetId}:${d.versionId}${d.path !== undefined ? ` → ${d.path}` : ""}`

/** Checks the group, DSW spec, registered image, datasets and priority, then creates the notebook. */
export const createNotebookOp = (
  input: NotebookInput,
): Effect.Effect<NotebookCreateResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (input.name === undefined || input.name.trim() === "")
      return yield* Effect.fail(
        invalidInput(
          msg("notebook-create-needs-name", { field: fieldWord("name") }),
          msg("notebook-create-needs-name-fix", { field: fieldWord("name", "dev-env") }),
        ),
      )
    const name = yield* validateName(input.name, "notebook name")
    const where = yield* deployTarget(input, "DSW", 1, "load")
    const { target, group, workspace, spec } = where
    const image = yield* resolveRegisteredImage(yield* imageOrDefault(input.image, deployImageHint()), workspace)
    // Checked before anything is created: an unknown dataset or version is refused here.
    const refs = yield* Effect.forEach(input.dataset ?? [], (raw) => parseDatasetRef(raw, "dataset"))
    const datasets = yield* validateDatasets(workspace.id, refs)
    const defaultShm = yield* defaultOf("defaultShm")
    const shmGi = input.shm ?? (defaultShm !== undefined ? shmMbToGi(defaultShm) : undefined)
    const priority = yield* choosePriority(input.priority, target.project, spec, "four-under-cap")
    const base = {
      action: "create" as const,
      name,
      ...deployPlace(where),
      image: image.image.address,
      shmGi,
      priority: priority.priority,
      autoStop: input.auto_stop,
      allowSsh: input.allow_ssh,
      ...(datasets.length > 0 ? { datasets: datasets.map(datasetLine) } : {}),
    }
    const placement = yield* placementWarnings(input.compute_group, target, {
      scheduleType: "DSW",
      spec,
      instances: 1,
      priority: priority.priority,
    })
    const checked = [...target.warnings, ...placement, ...image.warnings, ...priority.warnings]
    const request = {
      workspaceId: workspace.id,
      projectId: target.project.id,
      projectName: target.project.name,
      logicComputeGroupId: group.id,
      name,
      spec,
      image: image.image,
      priority: priority.priority,
      priorityCap: target.project.priorityCap,
      ...(shmGi !== undefined ? { sharedMemoryGi: shmGi } : {}),
      autoStop: input.auto_stop,
      allowSsh: input.allow_ssh,
      registry: workspace.policy.registry,
      datasets,
    }
    if (input.dry_run) {
      const prepared = yield* prepareNotebook(request)
      return {
        ...base,
        dryRun: true,
        warnings: uniqueWarnings(checked),
        next: [],
        plan: {
          summary: msg("notebook-plan-create", { name, workspace: workspace.name }),
          targets: [{ kind: "notebook", id: name, name, change: msg("notebook-change-created") }],
          requests: [plannedNotebookCreate(prepared.body)],
        },
      } satisfies NotebookCreateResult
    }
    const created = yield* createNotebook(request)
    const platform = yield* Platform
    return {
      ...base,
      dryRun: false,
      notebookId: created.notebookId,
      consoleUrl: notebookConsoleUrl(platform.baseUrl, created.notebookId, workspace.id),
      recovered: created.recovered,
      warnings: uniqueWarnings(checked, created.warnings),
      next: [
        // A new notebook waits to be scheduled: its detail gives the access URL once it is RUNNING.
        nextStep("notebook", { action: "detail", notebook_id: created.notebookId }, msg("notebook-next-detail")),
      ],
    } satisfies NotebookCreateResult
  })
