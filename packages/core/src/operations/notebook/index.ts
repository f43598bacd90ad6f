import type { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord, confirmWord, joinText, type Text, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { renderPlan } from "../common/plan.js"
import { asides, formatTime, lines, nextSteps, renderFields, renderTable } from "../common/render.js"
import { createNotebookOp, datasetLine, type NotebookCreateResult } from "./create.js"
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
export type { NotebookChangeResult, NotebookDetailResult, NotebookListResult } from "./manage.js"
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

const gpus = (n: { readonly gpuCount?: number | undefined; readonly gpuType: string }) =>
  n.gpuCount !== undefined && n.gpuCount > 0 ? `${n.gpuCount} × ${n.gpuType || "GPU"}` : "CPU"

const renderCreate = (r: NotebookCreateResult): Text =>
  lines(
    r.plan !== undefined ? renderPlan(r.plan) : msg("notebook-created", { name: r.name }),
    renderFields([
      [msg("notebook-label-id"), r.notebookId],
      [msg("notebook-label-status"), r.status?.raw],
      [msg("notebook-label-workspace"), r.workspace.name],
      [msg("notebook-label-project"), r.project.name],
      [msg("notebook-label-compute-group"), r.computeGroup.name],
      [msg("notebook-label-spec"), `${r.spec.name} (${r.spec.id})`],
      [msg("notebook-label-image"), r.image],
      [msg("notebook-label-shm"), r.shmGi !== undefined ? `${r.shmGi} GiB` : undefined],
      [msg("notebook-label-priority"), r.priority],
      [msg("notebook-label-auto-stop"), r.autoStop ? msg("notebook-yes") : msg("notebook-no")],
      [msg("notebook-label-ssh"), r.allowSsh ? msg("notebook-yes") : msg("notebook-no")],
      [msg("notebook-label-datasets"), r.datasets?.join(", ")],
      [msg("notebook-label-console"), r.consoleUrl],
      [msg("notebook-label-recovered"), r.recovered === true ? msg("notebook-recovered") : undefined],
    ]),
    joinText(asides("warning", r.warnings), "\n"),
    nextSteps(r.next),
  )

const renderList = (r: NotebookListResult): Text =>
  lines(
    msg("notebook-list-heading", {
      workspace: r.workspace.name,
      status: r.status !== "all" ? msg("notebook-list-status", { status: r.status }) : "",
      keyword: r.keyword !== undefined ? msg("notebook-list-keyword", { keyword: r.keyword }) : "",
      count: r.notebooks.length,
      cut: r.truncated ? msg("notebook-list-cut") : "",
    }),
    renderTable(
      r.notebooks,
      [
        { header: msg("notebook-col-id"), cell: (n) => n.id },
        { header: msg("notebook-col-name"), cell: (n) => n.name },
        { header: msg("notebook-col-status"), cell: (n) => n.status.raw },
        { header: msg("notebook-col-resources"), cell: (n) => gpus(n) },
        { header: msg("notebook-col-group"), cell: (n) => n.logicComputeGroupName },
        { header: msg("notebook-col-created"), cell: (n) => formatTime(n.createdAt) },
        { header: msg("notebook-col-creator"), cell: (n) => n.creator },
      ],
      msg("notebook-list-none"),
    ),
  )

const renderDetail = (r: NotebookDetailResult): Text => {
  const n = r.notebook
  const ssh = !n.allowSsh
    ? undefined
    : n.ssh.domain === ""
      ? msg("notebook-ssh-enabled")
      : `${n.ssh.domain}${n.ssh.port > 0 ? `:${n.ssh.port}` : ""}`
  return lines(
    renderFields([
      [msg("notebook-label-notebook"), `${n.name} (${n.id})`],
      [
        msg("notebook-label-status"),
        `${n.status.raw || "-"} (${n.status.family})${n.subStatus !== "" ? `, ${n.subStatus}` : ""}`,
      ],
      [msg("notebook-label-jupyter"), r.access?.jupyterUrl],
      [msg("notebook-label-vscode"), r.access?.vscodeUrl],
      [msg("notebook-label-workspace"), n.workspaceName || n.workspaceId],
      [msg("notebook-label-project"), n.projectName],
      [msg("notebook-label-compute-group"), n.logicComputeGroupName || n.logicComputeGroupId],
      [msg("notebook-label-resources"), `${gpus(n)}, ${n.cpuCount ?? "?"} CPU, ${n.memoryGi ?? "?"} GiB`],
      [
        msg("notebook-label-shm"),
        n.sharedMemoryGi !== undefined && n.sharedMemoryGi > 0 ? `${n.sharedMemoryGi} GiB` : undefined,
      ],
      [msg("notebook-label-image"), n.image.address || `${n.image.name}:${n.image.version}`],
      [msg("notebook-label-ssh"), ssh],
      [msg("notebook-label-datasets"), n.datasets.length > 0 ? n.datasets.map(datasetLine).join(", ") : undefined],
      [msg("notebook-label-created"), n.createdAt !== undefined ? formatTime(n.createdAt) : undefined],
      [msg("notebook-label-console"), n.consoleUrl],
    ]),
    joinText(r.notes, "\n"),
  )
}

const renderSaveImage = (r: NotebookSaveImageResult): Text =>
  r.plan !== undefined
    ? renderPlan(r.plan)
    : lines(
        msg("notebook-saved", {
          notebook: r.notebook.name || r.notebook.id,
          image: `${r.image.name}:${r.image.version}`,
        }),
        renderFields([
          [msg("notebook-label-image"), r.image.address || `${r.image.name}:${r.image.version}`],
          [msg("notebook-label-image-id"), r.image.id],
        ]),
      )

const renderChange = (r: NotebookChangeResult): Text => {
  const warnings = joinText(asides("warning", r.warnings ?? []), "\n")
  return r.plan !== undefined
    ? lines(
        renderPlan(r.plan),
        r.plan.requests.length === 0 ? undefined : r.message,
        msg("notebook-console-line", { url: r.notebook.consoleUrl }),
        warnings,
      )
    : lines(r.message, r.hint, msg("notebook-console-line", { url: r.notebook.consoleUrl }), warnings)
}

export const notebookOperation = defineOperation({
  name: "notebook",
  title: "Create, list, inspect, start, stop and delete notebooks",
  description: text`Manages notebooks (交互式建模; ids are bare UUIDs): create (name, compute_group, a DSW spec and a registered image; shm in GiB), list, detail (Jupyter/VS Code URLs while RUNNING), start, stop, delete (stopped or failed only; needs ${confirmWord()}), save_image (returns the saved image's address). Inside a running one: ${callWord("notebook_exec")}, ${callWord("notebook_files")}, ${callWord("notebook_shell")}.`,
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
        "dataset",
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
      fields: ["notebook_id", "workspace"],
      cli: { path: ["notebook", "show"], positional: ["notebook_id"] },
    },
    start: {
      summary: "Start a stopped notebook",
      fields: ["notebook_id", "workspace"],
      cli: { path: ["notebook", "start"], positional: ["notebook_id"], confirm: false },
    },
    stop: {
      summary: "Stop a running notebook",
      fields: ["notebook_id", "workspace"],
      cli: { path: ["notebook", "stop"], positional: ["notebook_id"] },
    },
    delete: {
      summary: "Delete a stopped or failed notebook",
      fields: ["notebook_id", "workspace"],
      cli: { path: ["notebook", "delete"], positional: ["notebook_id"] },
    },
    save_image: {
      summary: "Save a running notebook as an image and give its address",
      fields: ["notebook_id", "name", "version", "workspace"],
      cli: { path: ["notebook", "save-image"], positional: ["notebook_id"], confirm: false },
    },
  },
  run,
  render: (r: NotebookResult): Text =>
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
