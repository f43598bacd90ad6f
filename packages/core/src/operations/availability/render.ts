import { msg } from "../../words/message.js"
import { joinText, plain, type Text, text } from "../../words/text.js"
import { asides, formatTime, renderTable } from "../common/render.js"
import type { AvailabilityGroup, AvailabilityResult, AvailabilityWorkspace } from "./result.js"

const outOfService = (g: AvailabilityGroup): Text => {
  const u = g.unschedulable
  const parts = [
    u.cordoned > 0 ? msg("availability-cordoned", { count: u.cordoned }) : undefined,
    u.maintenance > 0 ? msg("availability-maintenance", { count: u.maintenance }) : undefined,
    u.faulty > 0 ? msg("availability-faulty", { count: u.faulty }) : undefined,
    u.notReady > 0 ? msg("availability-not-ready", { count: u.notReady }) : undefined,
  ].filter((p): p is Text => p !== undefined)
  return parts.length === 0 ? plain("-") : joinText(parts, msg("availability-list-sep"))
}

const renderWorkspace = (w: AvailabilityWorkspace): Text => {
  const head = `== ${w.name} (${w.id})`
  const table = renderTable(
    w.groups,
    [
      { header: msg("status-col-group"), cell: (g) => g.name },
      { header: msg("status-col-gpu"), cell: (g) => (g.gpus.total === 0 ? "-" : g.gpu) },
      // On a narrow terminal the columns go in turn: out of service, then the node counts, then pre-emptible
      // GPUs; the group, its GPU model, its free GPUs and how they spread over nodes (cut if need be) stay.
      { header: msg("availability-col-nodes"), cell: (g) => g.schedulableNodes, align: "right", drop: 2 },
      { header: msg("availability-col-fully-free"), cell: (g) => g.fullyFreeNodes, align: "right", drop: 2 },
      { header: msg("status-col-free-total"), cell: (g) => `${g.gpus.free}/${g.gpus.total}`, align: "right" },
      { header: msg("availability-col-preemptible"), cell: (g) => g.gpus.preemptible, align: "right", drop: 3 },
      { header: msg("availability-col-free-per-node"), cell: (g) => (g.gpus.total === 0 ? "-" : g.fragmentation) },
      { header: msg("availability-col-out-of-service"), cell: outOfService, drop: 1 },
    ],
    msg("status-no-groups"),
  )
  return joinText([head, table, ...w.problems.map((p) => text`! ${p}`)], "\n")
}

const renderFit = (fit: NonNullable<AvailabilityResult["fit"]>): Text => {
  const asked =
    fit.spec !== undefined
      ? msg("availability-asked-spec", { spec: fit.spec })
      : msg("availability-asked-gpus", { gpus: fit.gpus ?? 0 })
  const table = renderTable(
    fit.ranked.map((f, i) => ({ ...f, rank: i + 1 })),
    [
      { header: plain("#"), cell: (f) => f.rank, align: "right" },
      { header: msg("jobs-col-workspace"), cell: (f) => f.workspace.name },
      { header: msg("status-col-group"), cell: (f) => f.computeGroup.name },
      { header: msg("availability-col-starts"), cell: (f) => msg(`availability-starts-${f.verdict}`) },
      { header: msg("availability-col-ahead"), cell: (f) => f.queuedAhead, align: "right" },
      { header: msg("availability-col-why"), cell: (f) => f.reason },
    ],
    msg("availability-none-offers"),
  )
  return joinText(
    [msg("availability-fit-head", { instances: fit.instances, asked, priority: fit.priority }), table],
    "\n",
  )
}

/** The availability table people read: per workspace its groups, then the fit when one was asked for. */
export const renderAvailability = (r: AvailabilityResult): Text =>
  joinText(
    [
      msg("availability-read-at", { time: formatTime(r.readAt) }),
      ...r.workspaces.flatMap((w) => ["", renderWorkspace(w)]),
      ...(r.fit !== undefined ? ["", renderFit(r.fit)] : []),
      ...(r.warnings.length > 0 ? ["", ...asides("warning", r.warnings)] : []),
    ],
    "\n",
  )
