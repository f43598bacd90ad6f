import { Effect } from "effect"
import { createNotebook } from "../../api/notebooks/create.js"
import { notebookConsoleUrl } from "../../api/notebooks/schema.js"
import { shmMbToGi, validateName } from "../../domain/resources.js"
import { type SpecCandidate, toCandidate } from "../../domain/specs.js"
import type { NormalizedStatus } from "../../domain/status.js"
import { type InspireError, invalidInput } from "../../errors.js"
import type { ClientServices } from "../../facade.js"
import { Platform } from "../../platform/client.js"
import { defaultOf, resolveTarget } from "../defaults.js"
import {
  choosePriority,
  chooseTypedSpec,
  hintWithWarnings,
  imageOrDefault,
  resolveRegisteredImage,
  uniqueWarnings,
} from "../deploy-support.js"
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
  readonly next: ReadonlyArray<string>
}

/** Checks the group, DSW spec, registered image and priority, then creates the notebook. */
export const createNotebookOp = (
  input: NotebookInput,
): Effect.Effect<NotebookCreateResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (input.name === undefined || input.name.trim() === "")
      return yield* Effect.fail(invalidInput("notebook create needs name.", 'Pass name, e.g. name="dev-env".'))
    const name = yield* validateName(input.name, "notebook name")
    const target = yield* resolveTarget(input, { needGroup: true })
    const group = target.group
    if (group === undefined) return yield* Effect.die("resolveTarget returned no group")
    const workspace = target.workspace
    const spec = yield* hintWithWarnings(chooseTypedSpec(workspace.id, group, "DSW", input.spec), target.warnings)
    const image = yield* resolveRegisteredImage(yield* imageOrDefault(input.image), workspace)
    const defaultShm = yield* defaultOf("defaultShm")
    const shmGi = input.shm ?? (defaultShm !== undefined ? shmMbToGi(defaultShm) : undefined)
    const priority = yield* choosePriority(input.priority, target.project, spec)
    const base = {
      action: "create" as const,
      name,
      workspace: { id: workspace.id, name: workspace.name },
      project: { id: target.project.id, name: target.project.name },
      computeGroup: { id: group.id, name: group.name },
      spec: toCandidate(spec),
      image: image.image.address,
      shmGi,
      priority: priority.priority,
      autoStop: input.auto_stop,
      allowSsh: input.allow_ssh,
    }
    const checked = [...target.warnings, ...image.warnings, ...priority.warnings]
    if (input.dry_run)
      return {
        ...base,
        dryRun: true,
        warnings: uniqueWarnings(checked),
        next: ["Run the same call without dry_run to create it."],
      } satisfies NotebookCreateResult
    const created = yield* createNotebook({
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
    })
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
        `inspire_notebook(action="detail", notebook_id="${created.notebookId}") until it is RUNNING, for the access URL`,
      ],
    } satisfies NotebookCreateResult
  })
