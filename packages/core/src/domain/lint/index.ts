export { Finding, FindingLevel, type FindingSummary, hasErrors, summarizeFindings } from "./finding.js"
export { type HpcLintInput, lintHpcEntrypoint } from "./hpc.js"

export { lintTrainingCommand, type TrainingLintInput } from "./training.js"
