import { DISCOVERED_TYPES, type DiscoveredType } from "../../api/resources/discover.js"
import { formatPoints } from "../../domain/points.js"
import { msg } from "../../words/message.js"
import { fieldWord, joinText, type Text, text } from "../../words/text.js"
import { asides, formatTime, renderFields, renderTable } from "../common/render.js"
import type { StatusGroup, StatusResult, StatusWorkspace } from "./result.js"

// GPU columns hold GPUs: a CPU-only group has none (0/0) and no GPU model (-).
const gpuCell = (g: StatusGroup): string => (g.gpus === undefined ? "?" : `${g.gpus.free}/${g.gpus.total}`)

const NO_GPU = "-"

// A column per schedule type: how many specs of it the group has.
const TYPE_HEADERS: Readonly<Record<DiscoveredType, Text>> = {
  TRAIN: msg("status-col-train"),
  HPC: msg("status-col-hpc"),
  DSW: msg("status-col-dsw"),
  SERVING: msg("status-col-serving"),
}

interface SpecRow {
  readonly group: string
  readonly type: DiscoveredType
  readonly spec: NonNullable<NonNullable<StatusGroup["specs"]>[DiscoveredType]>[number]
}

const specRows = (w: StatusWorkspace, types: ReadonlyArray<DiscoveredType>): ReadonlyArray<SpecRow> =>
  w.groups.flatMap((g) =>
    types.flatMap((type) => (g.specs?.[type] ?? []).map((spec) => ({ group: g.name, type, spec }))),
  )

const renderWorkspace = (w: StatusWorkspace, types: ReadonlyArray<DiscoveredType>): Text => {
  const args = { name: w.name, id: w.id, network: w.network, registry: w.registry }
  const head = w.policyKnown ? msg("status-workspace-head", args) : msg("status-workspace-head-unknown", args)
  if (!w.enabled || w.groups.length === 0)
    return joinText(
      [head, ...(w.groups.length === 0 ? [msg("status-no-groups")] : []), ...w.problems.map((p) => text`! ${p}`)],
      "\n",
    )
  const groups = renderTable(w.groups, [
    { header: msg("status-col-group"), cell: (g) => g.name },
    { header: msg("jobs-col-id"), cell: (g) => g.id },
    {
      header: msg("status-col-gpu"),
      cell: (g) => (g.gpus?.total === 0 ? NO_GPU : g.gpuDisplay || g.gpuType || NO_GPU),
    },
    { header: msg("status-col-free-total"), cell: gpuCell, align: "right" },
    // Without a schedule type the specs are counted here; with one they are listed below.
    ...(types.length > 0 ? [] : DISCOVERED_TYPES).map((type) => ({
      header: TYPE_HEADERS[type],
      cell: (g: StatusGroup) => g.specCounts[type] ?? NO_GPU,
      align: "right" as const,
    })),
  ])
  if (types.length === 0) return joinText([head, groups, ...w.problems.map((p) => text`! ${p}`)], "\n")
  const specs = renderTable(
    specRows(w, types),
    [
      { header: msg("status-col-group"), cell: (r) => r.group },
      { header: msg("jobs-col-type"), cell: (r) => r.type },
      { header: msg("status-col-spec-id"), cell: (r) => r.spec.id },
      {
        header: msg("status-col-gpu"),
        cell: (r) => (r.spec.gpuCount > 0 ? r.spec.gpuDisplay || NO_GPU : NO_GPU),
      },
      { header: msg("status-col-count"), cell: (r) => r.spec.gpuCount, align: "right" },
      { header: msg("status-col-cpu"), cell: (r) => r.spec.cpuCount, align: "right" },
      { header: msg("status-col-memory"), cell: (r) => r.spec.memoryGi, align: "right" },
      { header: msg("status-col-price"), cell: (r) => formatPoints(r.spec.pricePerHour), align: "right" },
    ],
    msg("status-no-specs"),
  )
  return joinText([head, groups, specs, ...w.problems.map((p) => text`! ${p}`)], "\n")
}

/** The overview people read: projects, workspaces, then each workspace's groups and specs. */
export const renderStatus = (r: StatusResult): Text => {
  const projects = renderTable(r.projects, [
    { header: msg("status-col-project"), cell: (p) => p.name },
    { header: msg("status-col-en-name"), cell: (p) => p.enName },
    { header: msg("status-col-budget"), cell: (p) => formatPoints(p.budget), align: "right" },
    { header: msg("status-col-remaining"), cell: (p) => formatPoints(p.remainBudget), align: "right" },
    {
      header: msg("status-col-max-priority"),
      cell: (p) => (p.priorityCapKnown ? `${p.priorityCap}` : msg("status-assumed", { value: p.priorityCap })),
    },
    { header: msg("status-col-storage"), cell: (p) => p.storage.projectHdd },
  ])
  const workspaces = renderTable(r.workspaces, [
    { header: msg("jobs-col-workspace"), cell: (w) => w.name },
    {
      header: msg("status-col-network"),
      cell: (w) => (w.enabled ? w.network : msg("status-disabled", { network: w.network })),
    },
    { header: msg("status-col-registry"), cell: (w) => w.registry },
    { header: msg("status-col-groups"), cell: (w) => w.groups.length, align: "right" },
    { header: msg("status-col-projects"), cell: (w) => w.projects.map((p) => p.name).join(", ") },
  ])
  const personal = r.projects.find((p) => p.storage.globalUser !== undefined)?.storage.globalUser
  return joinText(
    [
      renderFields([
        [msg("status-label-user"), `${r.user.name} (${r.user.loginName})`],
        [msg("status-label-personal-storage"), personal],
        [msg("status-label-discovered"), formatTime(r.discoveredAt)],
      ]),
      "",
      projects,
      "",
      workspaces,
      ...r.workspaces.flatMap((w) => ["", renderWorkspace(w, r.scheduleTypes)]),
      ...(r.scheduleTypes.length === 0
        ? ["", msg("status-specs-hint", { example: fieldWord("schedule_type", "TRAIN") })]
        : []),
      ...(r.warnings.length > 0 ? ["", ...asides("warning", r.warnings)] : []),
    ],
    "\n",
  )
}
