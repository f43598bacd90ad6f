import type { SpecCandidate } from "../../../domain/specs.js"
import { msg } from "../../../words/message.js"
import { renderTable } from "../render.js"

/** A spec candidate (or a result's spec, whose price may be left out) as one phrase: `8 × H100, 160 CPU, 1800 GiB, 80/h`. */
export const describeSpecCandidate = (
  c: Omit<SpecCandidate, "pricePerHour"> & { readonly pricePerHour?: number | undefined },
): string =>
  `${c.gpuCount > 0 ? `${c.gpuCount} × ${c.gpu}, ` : ""}${c.cpuCount} CPU, ${c.memoryGi} GiB${
    c.pricePerHour !== undefined ? `, ${msg("submission-price-per-hour", { price: c.pricePerHour })}` : ""
  }`

/**
 * The candidates table people read in a spec error. Its headings stay as they are: an error is worded
 * after it is made, and a heading worded then would no longer line up with its column.
 */
export const renderSpecCandidates = (candidates: ReadonlyArray<SpecCandidate>): string =>
  renderTable(candidates, [
    { header: "ID", cell: (c) => c.id },
    { header: "GPU", cell: (c) => c.gpu },
    { header: "COUNT", cell: (c) => c.gpuCount, align: "right" },
    { header: "CPU", cell: (c) => c.cpuCount, align: "right" },
    { header: "MEM GiB", cell: (c) => c.memoryGi, align: "right" },
    { header: "PRICE/H", cell: (c) => c.pricePerHour, align: "right" },
  ])
