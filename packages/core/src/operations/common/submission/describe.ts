import type { SpecCandidate } from "../../../domain/specs.js"
import { msg } from "../../../words/message.js"
import { type Text, tableWord, text } from "../../../words/text.js"

/** A spec candidate (or a result's spec, whose price may be left out) as one phrase: `8 × H100, 160 CPU, 1800 GiB, 80/h`. */
export const describeSpecCandidate = (
  c: Omit<SpecCandidate, "pricePerHour"> & { readonly pricePerHour?: number | undefined },
): Text =>
  text`${c.gpuCount > 0 ? `${c.gpuCount} × ${c.gpu}, ` : ""}${c.cpuCount} CPU, ${c.memoryGi} GiB${
    c.pricePerHour !== undefined ? text`, ${msg("submission-price-per-hour", { price: c.pricePerHour })}` : ""
  }`

const cell = (v: string | number | undefined): string => (v === undefined || v === "" ? "-" : String(v))

/**
 * The candidates table people read in a spec error. An error is worded after it is made, so the table
 * travels as a reference and is laid out then, its headings in the reader's language.
 */
export const renderSpecCandidates = (candidates: ReadonlyArray<SpecCandidate>): Text =>
  candidates.length === 0
    ? msg("common-none")
    : tableWord({
        headers: [
          msg("submission-col-spec-id"),
          msg("submission-col-gpu"),
          msg("submission-col-count"),
          msg("submission-col-cpu"),
          msg("submission-col-memory"),
          msg("submission-col-price"),
        ],
        aligns: ["left", "left", "right", "right", "right", "right"],
        rows: candidates.map((c) => [c.id, c.gpu, c.gpuCount, c.cpuCount, c.memoryGi, c.pricePerHour].map(cell)),
      })
