import { formatTime, renderTable } from "../common/render.js"
import type { AvailabilityGroup, AvailabilityResult, AvailabilityWorkspace } from "./result.js"

const VERDICT_WORDS = { now: "now", preempt: "pre-empting", queue: "queues", never: "never" } as const

const outOfService = (g: AvailabilityGroup): string => {
  const u = g.unschedulable
  const parts = [
    u.cordoned > 0 ? `${u.cordoned} cordoned` : "",
    u.maintenance > 0 ? `${u.maintenance} maintenance` : "",
    u.faulty > 0 ? `${u.faulty} faulty` : "",
    u.notReady > 0 ? `${u.notReady} not ready` : "",
  ].filter((p) => p !== "")
  return parts.length === 0 ? "-" : parts.join(", ")
}

const renderWorkspace = (w: AvailabilityWorkspace): string => {
  const head = `== ${w.name} (${w.id})`
  const table = renderTable(
    w.groups,
    [
      { header: "GROUP", cell: (g) => g.name },
      { header: "GPU", cell: (g) => g.gpu },
      { header: "NODES", cell: (g) => g.schedulableNodes, align: "right" },
      { header: "FULLY FREE", cell: (g) => g.fullyFreeNodes, align: "right" },
      {
        header: "FREE/TOTAL",
        cell: (g) => (g.gpus.total === 0 ? "CPU" : `${g.gpus.free}/${g.gpus.total}`),
        align: "right",
      },
      { header: "PRE-EMPTIBLE", cell: (g) => g.gpus.preemptible, align: "right" },
      { header: "FREE PER NODE", cell: (g) => (g.gpus.total === 0 ? "-" : g.fragmentation) },
      { header: "OUT OF SERVICE", cell: outOfService },
    ],
    "(no compute groups)",
  )
  return [head, table, ...w.problems.map((p) => `! ${p}`)].join("\n")
}

const renderFit = (fit: NonNullable<AvailabilityResult["fit"]>): string => {
  const asked = fit.spec !== undefined ? `spec ${fit.spec}` : `${fit.gpus ?? 0} GPU(s) per instance`
  const table = renderTable(
    fit.ranked.map((f, i) => ({ ...f, rank: i + 1 })),
    [
      { header: "#", cell: (f) => f.rank, align: "right" },
      { header: "WORKSPACE", cell: (f) => f.workspace.name },
      { header: "GROUP", cell: (f) => f.computeGroup.name },
      { header: "STARTS", cell: (f) => VERDICT_WORDS[f.verdict] },
      { header: "AHEAD", cell: (f) => f.queuedAhead, align: "right" },
      { header: "WHY", cell: (f) => f.reason },
    ],
    "(no group offers it)",
  )
  return [`Fit: ${fit.instances} × ${asked}, priority ${fit.priority}`, table].join("\n")
}

/** The availability table people read: per workspace its groups, then the fit when one was asked for. */
export const renderAvailability = (r: AvailabilityResult): string =>
  [
    `Nodes read ${formatTime(r.readAt)}`,
    ...r.workspaces.flatMap((w) => ["", renderWorkspace(w)]),
    ...(r.fit !== undefined ? ["", renderFit(r.fit)] : []),
    ...(r.warnings.length > 0 ? ["", ...r.warnings.map((w) => `warning: ${w}`)] : []),
  ].join("\n")
