import { createNotebook, plannedNotebookCreate, prepareNotebook } from "../../api/notebooks/create.js"
import { notebookConsoleUrl } from "../../api/notebooks/schema.js"
import { shmMbToGi, validateName } from "../../domain/resources.js"
import type { SpecCandidate } from "../../domain/specs.js"
import type { NormalizedStatus } from "../../domain/status.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import type { ClientServices } from "../catalogue/services.js"
import { defaultOf } from "../common/defaults.js"
import { deployPlace, deployTarget } from "../common/deploy.js"
import { DEPLOY_IMAGE_HINT, imageOrDefault, resolveRegisteredImage } from "../common/image.js"
import { type NextStep, nextStep } from "../common/output.js"
import type { Plan } from "../common/plan.js"
import { choosePriority } from "../common/priority.js"
import { uniqueWarnings } from "../common/support.js"
import type { NotebookInput } from "./input.js"

/** What `notebook create` did (or, with dry_run, would do). */
export interface NotebookCreateResult {
  readonly action: "create"
  readonly dryRun: boolean
  /** Absent on a dry run. */
  readonly notebookId?: string
  readonly name: string
  readonly status?: NormalizedStatus
  readonly workspace: { readonly id: string; readonly name: string }
  readonly project: { readonly id: string; readonly name: string }
  readonly computeGroup: { readonly id: string; readonly name: string }
  readonly spec: SpecCandidate
  readonly image: string
  readonly shmGi: number | undefined
  readonly priority: number
  readonly autoStop: boolean
  readonly allowSsh: boolean
  /** The notebook's page, or the workspace's notebook list on a dry run. */
  readonly consoleUrl?: string
  readonly recovered?: boolean
  readonly warnings: ReadonlyArray<string>
  readonly next: ReadonlyArray<NextStep>
  /** With dry_run: the exact request and what it would create. */
  readonly plan?: Plan
}

/** Checks the group, DSW spec, registered image and priority, then creates the notebook. */
export const createNotebookOp = (
  input: NotebookInput,
): Effect.Effect<NotebookCreateResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (input.name === undefined || input.name.trim() === "")
      return yield* Effect.fail(invalidInput("notebook create needs name.", 'Pass name, e.g. name="dev-env".'))
    const name = yield* validateName(input.name, "notebook name")
    const where = yield* deployTarget(input, "DSW")
    const { target, group, workspace, spec } = where
    const image = yield* resolveRegisteredImage(yield* imageOrDefault(input.image, DEPLOY_IMAGE_HINT), workspace)
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
    }
    const checked = [...target.warnings, ...image.warnings, ...priority.warnings]
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
    }
    if (input.dry_run) {
      const prepared = yield* prepareNotebook(request)
      return {
        ...base,
        dryRun: true,
        warnings: uniqueWarnings(checked),
        next: [],
        plan: {
          summary: `Create notebook ${name} in ${workspace.name}`,
          targets: [{ kind: "notebook", id: name, name, change: "created" }],
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
      ...(created.notebook !== undefined ? { status: created.notebook.status } : {}),
      consoleUrl: notebookConsoleUrl(platform.baseUrl, created.notebookId, workspace.id),
      recovered: created.recovered,
      warnings: uniqueWarnings(checked, created.warnings),
      next: [
        nextStep(
          "notebook",
          { action: "detail", notebook_id: created.notebookId },
          "until it is RUNNING, for the access URL",
        ),
      ],
    } satisfies NotebookCreateResult
  })
