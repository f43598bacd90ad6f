export * from "./health.js"
export * from "./report.js"

export * from "./thresholds.js"
export * from "./verdict.js"
