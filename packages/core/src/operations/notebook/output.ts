import { z } from "zod"
import { StatusFilter } from "../../domain/status.js"
import { once } from "../catalogue/operation.js"
import { textOutput } from "../catalogue/schema.js"
import {
  epochMs,
  GroupRef,
  NextSteps,
  ProjectRef,
  SpecCandidateOutput,
  StatusOutput,
  Warnings,
  WorkspaceRef,
} from "../common/output.js"
import { PlanOutput } from "../common/plan.js"

/** What inspire_notebook returns, by action. */
export const NotebookOutput = once(() => {
  const Notebook = z
    .object({
      id: z.string().describe("Notebook id (a bare UUID)"),
      name: z.string().describe("Notebook name"),
      status: StatusOutput(),
      subStatus: z.string().describe("The platform's sub-status"),
      createdAt: epochMs("Created"),
      liveTimeSeconds: z.number().optional().describe("Seconds it has been running"),
      workspaceId: z.string().describe("Workspace id"),
      workspaceName: z.string().describe("Workspace name"),
      projectId: z.string().describe("Project id"),
      projectName: z.string().describe("Project name"),
      creator: z.string().describe("Who created it"),
      userId: z.string().describe("Creator's user id"),
      logicComputeGroupId: z.string().describe("Compute group id"),
      logicComputeGroupName: z.string().describe("Compute group name"),
      gpuCount: z.number().optional().describe("GPUs"),
      gpuType: z.string().describe("GPU type"),
      cpuCount: z.number().optional().describe("CPUs"),
      memoryGi: z.number().optional().describe("Memory in GiB"),
      sharedMemoryGi: z.number().optional().describe("Shared memory in GiB"),
      image: z.object({ name: z.string(), version: z.string(), address: z.string() }).describe("The image"),
      command: z.string().describe("Start command"),
      allowSsh: z.boolean().describe("Whether SSH is enabled"),
      ssh: z
        .object({ node: z.string(), hostIp: z.string(), domain: z.string(), port: z.number() })
        .describe("SSH access details"),
      accessUrl: z.string().describe("Access URL, or empty"),
      consoleUrl: z.string().describe("The notebook's page"),
      datasets: z
        .array(z.object({ datasetId: z.string(), versionId: z.string(), path: z.string().optional() }))
        .describe("Datasets mounted"),
    })
    .describe("The notebook")

  const Create = z.object({
    action: z.literal("create"),
    dryRun: z.boolean().describe("True when nothing was created"),
    notebookId: z.string().optional().describe("The new notebook's id; absent on a dry run"),
    name: z.string().describe("Notebook name"),
    status: StatusOutput().optional(),
    workspace: WorkspaceRef(),
    project: ProjectRef(),
    computeGroup: GroupRef(),
    spec: SpecCandidateOutput(),
    image: z.string().describe("Image address"),
    shmGi: z.number().optional().describe("Shared memory in GiB"),
    priority: z.number().describe("Priority 1–10"),
    autoStop: z.boolean().describe("Whether it stops itself when idle"),
    allowSsh: z.boolean().describe("Whether SSH is enabled"),
    datasets: z.array(z.string()).optional().describe("Datasets mounted: id:version → path"),
    consoleUrl: z.string().optional().describe("The notebook's page, or the notebook list on a dry run"),
    recovered: z.boolean().optional().describe("The create's answer was lost and the notebook was found by name"),
    warnings: Warnings(),
    next: NextSteps(),
    plan: PlanOutput().optional(),
  })

  const List = z.object({
    action: z.literal("list"),
    workspace: WorkspaceRef(),
    status: StatusFilter.describe("The status filter"),
    keyword: z.string().optional().describe("The name filter"),
    notebooks: z.array(Notebook).describe("The notebooks"),
    truncated: z.boolean().describe("True when the list was cut short"),
  })

  const Detail = z.object({
    action: z.literal("detail"),
    notebook: Notebook,
    access: z
      .object({ jupyterUrl: z.string(), vscodeUrl: z.string() })
      .optional()
      .describe("While running: the Jupyter and VS Code addresses"),
    notes: z.array(textOutput()).describe("Notes"),
  })

  const Change = z.object({
    action: z.enum(["start", "stop", "delete"]),
    notebook: Notebook,
    sent: z.boolean().describe("False when nothing was asked of the platform"),
    confirmed: z.boolean().optional().describe("For delete: whether confirm was given"),
    message: textOutput().describe("What happened"),
    hint: textOutput().optional().describe("What to do next"),
    warnings: Warnings()
      .optional()
      .describe("For stop: what stopping deletes (the container's files outside mounted storage) and what it keeps"),
    plan: PlanOutput().optional(),
  })

  const SaveImage = z.object({
    action: z.literal("save_image"),
    notebook: Notebook,
    image: z
      .object({
        id: z.string().describe("Image id (empty on a dry run)"),
        name: z.string().describe("Image name"),
        version: z.string().describe("Image version"),
        address: z.string().describe("The image's address, to use in jobs and notebooks (empty on a dry run)"),
      })
      .describe("The saved image"),
    saveStatus: z.string().describe("The platform's save status (SUCCESS when saved)"),
    plan: PlanOutput().optional(),
  })

  return z.discriminatedUnion("action", [Create, List, Detail, Change, SaveImage])
})
