import type { DiscoveredType } from "../../api/resources/discover.js"
import { formatTime, renderFields, renderTable } from "../common/render.js"
import type { StatusGroup, StatusResult, StatusWorkspace } from "./result.js"

const money = (n: number | undefined): string | undefined => (n === undefined ? undefined : n.toLocaleString("en-US"))

const gpuCell = (g: StatusGroup): string =>
  g.gpus === undefined ? "?" : g.gpus.total === 0 ? "CPU" : `${g.gpus.free}/${g.gpus.total}`

interface SpecRow {
  readonly group: string
  readonly type: DiscoveredType
  readonly spec: NonNullable<StatusGroup["specs"][DiscoveredType]>[number]
}

const specRows = (w: StatusWorkspace, types: ReadonlyArray<DiscoveredType>): ReadonlyArray<SpecRow> =>
  w.groups.flatMap((g) => types.flatMap((type) => (g.specs[type] ?? []).map((spec) => ({ group: g.name, type, spec }))))

const renderWorkspace = (w: StatusWorkspace, types: ReadonlyArray<DiscoveredType>): string => {
  const head = `== ${w.name} (${w.id}) — ${w.network}${w.policyKnown ? "" : " (not in the policy table)"}, registry ${w.registry}`
  if (!w.enabled || w.groups.length === 0)
    return [head, ...(w.groups.length === 0 ? ["(no compute groups)"] : []), ...w.problems.map((p) => `! ${p}`)].join(
      "\n",
    )
  const groups = renderTable(w.groups, [
    { header: "GROUP", cell: (g) => g.name },
    { header: "ID", cell: (g) => g.id },
    { header: "GPU", cell: (g) => g.gpuDisplay || g.gpuType || "CPU" },
    { header: "FREE/TOTAL", cell: gpuCell, align: "right" },
  ])
  const specs = renderTable(
    specRows(w, types),
    [
      { header: "GROUP", cell: (r) => r.group },
      { header: "TYPE", cell: (r) => r.type },
      { header: "SPEC ID", cell: (r) => r.spec.id },
      { header: "GPU", cell: (r) => (r.spec.gpuCount > 0 ? r.spec.gpuDisplay || r.spec.gpuType : "CPU") },
      { header: "COUNT", cell: (r) => r.spec.gpuCount, align: "right" },
      { header: "CPU", cell: (r) => r.spec.cpuCount, align: "right" },
      { header: "MEM GiB", cell: (r) => r.spec.memoryGi, align: "right" },
      { header: "PRICE/H", cell: (r) => r.spec.pricePerHour, align: "right" },
    ],
    "(no specs)",
  )
  return [head, groups, specs, ...w.problems.map((p) => `! ${p}`)].join("\n")
}

/** The overview people read: projects, workspaces, then each workspace's groups and specs. */
export const renderStatus = (r: StatusResult): string => {
  const projects = renderTable(r.projects, [
    { header: "PROJECT", cell: (p) => p.name },
    { header: "EN_NAME", cell: (p) => p.enName },
    { header: "BUDGET", cell: (p) => money(p.budget), align: "right" },
    { header: "REMAINING", cell: (p) => money(p.remainBudget), align: "right" },
    { header: "MAX PRIORITY", cell: (p) => `${p.priorityCap}${p.priorityCapKnown ? "" : " (assumed)"}` },
    { header: "STORAGE", cell: (p) => p.storage.projectHdd },
  ])
  const workspaces = renderTable(r.workspaces, [
    { header: "WORKSPACE", cell: (w) => w.name },
    { header: "NETWORK", cell: (w) => (w.enabled ? w.network : `${w.network}, disabled`) },
    { header: "REGISTRY", cell: (w) => w.registry },
    { header: "GROUPS", cell: (w) => w.groups.length, align: "right" },
    { header: "PROJECTS", cell: (w) => w.projects.map((p) => p.name).join(", ") },
  ])
  const personal = r.projects.find((p) => p.storage.globalUser !== undefined)?.storage.globalUser
  return [
    renderFields([
      ["User", `${r.user.name} (${r.user.loginName})`],
      ["Personal storage", personal],
      ["Discovered", formatTime(r.discoveredAt)],
    ]),
    "",
    projects,
    "",
    workspaces,
    ...r.workspaces.flatMap((w) => ["", renderWorkspace(w, r.scheduleTypes)]),
    ...(r.warnings.length > 0 ? ["", ...r.warnings.map((w) => `warning: ${w}`)] : []),
  ].join("\n")
}
