// Size and reporting shared by the reliability suites. `npm test` runs them reduced (fast);
// `npm run bench` sets INSPIRE_SUITE_SCALE=full and INSPIRE_REPORT_DIR, and turns the reports
// into docs/RELIABILITY.md (the report shape is bench/report.mjs's).
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"

/** True when the suites run at the size the issue names (npm run bench). */
export const FULL = process.env.INSPIRE_SUITE_SCALE === "full"

/** `reduced` in npm test, `full` in npm run bench. */
export const size = (reduced: number, full: number): number => (FULL ? full : reduced)

export interface Row {
  readonly name: string
  readonly value: string
  readonly ratio?: string
  readonly target?: string
  readonly met?: boolean
}

export interface Report {
  readonly id: string
  readonly title: string
  readonly method: string
  readonly rows: ReadonlyArray<Row>
  readonly notes?: ReadonlyArray<string>
}

/** Writes the suite's figures for docs/RELIABILITY.md when INSPIRE_REPORT_DIR is set. */
export const report = (r: Report): void => {
  const dir = process.env.INSPIRE_REPORT_DIR
  if (dir === undefined || dir === "") return
  mkdirSync(dir, { recursive: true })
  const scale = FULL ? "full" : "reduced"
  writeFileSync(join(dir, `${r.id}.json`), `${JSON.stringify({ ...r, kind: "reliability", scale }, null, 2)}\n`)
}
