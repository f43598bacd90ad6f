import type { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { confirmWord, dryRunWord } from "../../words/token.js"
import { defineOperation } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { nextLine } from "../common/output.js"
import { renderPlan } from "../common/plan.js"
import { formatTime, renderFields, renderTable } from "../common/render.js"
import { createNotebookOp, type NotebookCreateResult } from "./create.js"
import { type NotebookInput, NotebookInputSchema } from "./input.js"
import {
  type NotebookChangeResult,
  type NotebookDetailResult,
  type NotebookListResult,
  notebookDelete,
  notebookDetail,
  notebookList,
  notebookSwitch,
} from "./manage.js"
import { NotebookOutput } from "./output.js"
import { type NotebookSaveImageResult, notebookSaveImage } from "./save-image.js"

export type { NotebookCreateResult } from "./create.js"
export type { NotebookChangeResult, NotebookDetailResult, NotebookListResult, NotebookView } from "./manage.js"
export type { NotebookSaveImageResult } from "./save-image.js"

/** What inspire_notebook returns, by action. */
export type NotebookResult =
  | NotebookCreateResult
  | NotebookListResult
  | NotebookDetailResult
  | NotebookChangeResult
  | NotebookSaveImageResult

const run = (input: NotebookInput): Effect.Effect<NotebookResult, InspireError, ClientServices> => {
  if (input.action === "create") return createNotebookOp(input)
  if (input.action === "list") return notebookList(input)
  if (input.action === "detail") return notebookDetail(input)
  if (input.action === "delete") return notebookDelete(input)
  if (input.action === "save_image") return notebookSaveImage(input)
  return notebookSwitch(input, input.action)
}

const lines = (...parts: ReadonlyArray<string | undefined>): string =>
  parts.filter((p): p is string => p !== undefined && p !== "").join("\n")

const gpus = (n: { readonly gpuCount?: number | undefined; readonly gpuType: string }) =>
  n.gpuCount !== undefined && n.gpuCount > 0 ? `${n.gpuCount} × ${n.gpuType || "GPU"}` : "CPU"

const renderCreate = (r: NotebookCreateResult) =>
  lines(
    r.plan !== undefined ? renderPlan(r.plan) : `Notebook ${r.name} was created.`,
    renderFields([
      ["notebook id", r.notebookId],
      ["status", r.status?.raw],
      ["workspace", r.workspace.name],
      ["project", r.project.name],
      ["compute group", r.computeGroup.name],
      ["spec", `${r.spec.name} (${r.spec.id})`],
      ["image", r.image],
      ["shm", r.shmGi !== undefined ? `${r.shmGi} GiB` : undefined],
      ["priority", r.priority],
      ["auto stop", r.autoStop ? "yes" : "no"],
      ["ssh", r.allowSsh ? "yes" : "no"],
      ["console", r.consoleUrl],
      ["recovered", r.recovered === true ? "yes (the answer was lost; found it by name)" : undefined],
    ]),
    r.warnings.map((w) => `warning: ${w}`).join("\n"),
    r.next.map((n) => `next: ${nextLine(n)}`).join("\n"),
  )

const renderList = (r: NotebookListResult) =>
  lines(
    `Notebooks in ${r.workspace.name}${r.status !== "all" ? ` (${r.status})` : ""}${r.keyword !== undefined ? ` matching "${r.keyword}"` : ""}: ${r.notebooks.length}${r.truncated ? " (list cut short)" : ""}`,
    renderTable(
      r.notebooks,
      [
        { header: "ID", cell: (n) => n.id },
        { header: "NAME", cell: (n) => n.name },
        { header: "STATUS", cell: (n) => n.status.raw },
        { header: "RESOURCES", cell: (n) => gpus(n) },
        { header: "GROUP", cell: (n) => n.logicComputeGroupName },
        { header: "CREATED", cell: (n) => formatTime(n.createdAt) },
        { header: "CREATOR", cell: (n) => n.creator },
      ],
      "(no notebooks)",
    ),
  )

const renderDetail = (r: NotebookDetailResult) => {
  const n = r.notebook
  const ssh = !n.allowSsh
    ? undefined
    : n.ssh.domain === ""
      ? "enabled"
      : `${n.ssh.domain}${n.ssh.port > 0 ? `:${n.ssh.port}` : ""}`
  return lines(
    renderFields([
      ["notebook", `${n.name} (${n.id})`],
      ["status", `${n.status.raw || "-"} (${n.status.family})${n.subStatus !== "" ? `, ${n.subStatus}` : ""}`],
      ["jupyter", r.access?.jupyterUrl],
      ["vscode", r.access?.vscodeUrl],
      ["workspace", n.workspaceName || n.workspaceId],
      ["project", n.projectName],
      ["compute group", n.logicComputeGroupName || n.logicComputeGroupId],
      ["resources", `${gpus(n)}, ${n.cpuCount ?? "?"} CPU, ${n.memoryGi ?? "?"} GiB`],
      ["shm", n.sharedMemoryGi !== undefined && n.sharedMemoryGi > 0 ? `${n.sharedMemoryGi} GiB` : undefined],
      ["image", n.image.address || `${n.image.name}:${n.image.version}`],
      ["ssh", ssh],
      ["created", n.createdAt !== undefined ? formatTime(n.createdAt) : undefined],
      ["console", n.consoleUrl],
    ]),
    r.notes.join("\n"),
  )
}

const renderSaveImage = (r: NotebookSaveImageResult) =>
  r.plan !== undefined
    ? renderPlan(r.plan)
    : lines(
        `Notebook ${r.notebook.name || r.notebook.id} was saved as image ${r.image.name}:${r.image.version}.`,
        renderFields([
          ["image", r.image.address || `${r.image.name}:${r.image.version}`],
          ["image id", r.image.id],
        ]),
      )

const renderChange = (r: NotebookChangeResult) =>
  r.plan !== undefined
    ? lines(
        renderPlan(r.plan),
        r.plan.requests.length === 0 ? undefined : r.message,
        `console: ${r.notebook.consoleUrl}`,
      )
    : lines(r.message, r.hint, `console: ${r.notebook.consoleUrl}`)

export const notebookOperation = defineOperation({
  name: "notebook",
  title: "Create, list, inspect, start, stop and delete notebooks",
  description:
    "Manages notebooks (交互式建模). create needs name, compute_group, a NOTEBOOK (DSW) spec — not a training spec: a training spec id fails with the notebook specs to use — and a registered image (display address or short name:tag; an unregistered image fails with the 镜像管理 → 新建镜像 steps); shm is in GiB; dry_run checks without creating. " +
    "list shows a workspace's notebooks (status filter, keyword). detail shows one, with its Jupyter/VS Code URLs while RUNNING and its console link. start and stop report a notebook already in that state. " +
    `delete works only on a stopped or failed notebook and needs ${confirmWord()}; without it you see what would be deleted. save_image saves a running notebook as an image (name, version), waits until the platform has saved it, and returns its address. ${dryRunWord()} on create, start, stop, delete or save_image reads only and returns the plan. Notebook ids are bare UUIDs.`,
  input: NotebookInputSchema,
  output: NotebookOutput,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  effects: { by: "action", writes: ["create", "start", "stop", "delete", "save_image"] },
  // save_image waits for the platform's save, which can take many minutes.
  agent: { longRunning: true },
  examples: [
    {
      action: "create",
      name: "dry-notebook",
      compute_group: "{notebook_group}",
      spec: "{notebook_spec}",
      image: "{image}",
      workspace: "{workspace}",
    },
    { action: "start", notebook_id: "{stopped_notebook}" },
    { action: "stop", notebook_id: "{notebook}" },
    { action: "delete", notebook_id: "{stopped_notebook}", confirm: true },
    { action: "save_image", notebook_id: "{notebook}", name: "my-env", version: "v1" },
  ],
  actions: {
    create: {
      summary: "Create a notebook",
      fields: [
        "name",
        "compute_group",
        "spec",
        "image",
        "workspace",
        "project",
        "shm",
        "priority",
        "auto_stop",
        "allow_ssh",
      ],
      cli: { path: ["notebook", "create"], confirm: false },
    },
    list: {
      summary: "List notebooks",
      fields: ["workspace", "project", "status", "keyword"],
      cli: { path: ["notebook", "list"] },
    },
    detail: {
      summary: "Show one notebook",
      fields: ["notebook_id"],
      cli: { path: ["notebook", "show"], positional: ["notebook_id"] },
    },
    start: {
      summary: "Start a stopped notebook",
      fields: ["notebook_id"],
      cli: { path: ["notebook", "start"], positional: ["notebook_id"], confirm: false },
    },
    stop: {
      summary: "Stop a running notebook",
      fields: ["notebook_id"],
      cli: { path: ["notebook", "stop"], positional: ["notebook_id"] },
    },
    delete: {
      summary: "Delete a stopped or failed notebook",
      fields: ["notebook_id"],
      cli: { path: ["notebook", "delete"], positional: ["notebook_id"] },
    },
    save_image: {
      summary: "Save a running notebook as an image and give its address",
      fields: ["notebook_id", "name", "version", "workspace"],
      cli: { path: ["notebook", "save-image"], positional: ["notebook_id"], confirm: false },
    },
  },
  run,
  render: (r: NotebookResult) =>
    r.action === "create"
      ? renderCreate(r)
      : r.action === "list"
        ? renderList(r)
        : r.action === "detail"
          ? renderDetail(r)
          : r.action === "save_image"
            ? renderSaveImage(r)
            : renderChange(r),
})
