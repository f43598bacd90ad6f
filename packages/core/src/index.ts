// `@holos-inspire/core`: what a library user may rely on. Every name here is recorded with its type in
// api/public-api.md, and core's tests fail when the two differ, so a change to this surface is always
// seen in review (`npm run generate` rewrites the record). The project's own apps reach the rest of
// core through `@holos-inspire/core/internal`, which promises nothing (api/internal-api.md records it).

// Port forwarding (run with `client.run`): a local listener relaying to a notebook's port or a serving.
export type { Relay } from "./api/forward/relay.js"
// The low-level calls of the facade (`discover`, `createTrainingJob`, …): their inputs and results.
export type { CreatedJob, CreateTrainingJobInput } from "./api/jobs/create.js"
export type { LogLine } from "./api/jobs/log-query.js"
export type { JobMetrics } from "./api/jobs/metrics.js"
export type { TrainingJob } from "./api/jobs/schema.js"
export type { JobList, ListTrainingJobsInput, StopResult } from "./api/jobs/training.js"
export type { DiscoverOptions, Discovery } from "./api/resources/discover.js"
export type { ComputeGroupInfo } from "./api/resources/groups.js"
export type { Workspace } from "./api/resources/workspaces.js"
export { knownTaskPrefixes, shortPodName, TaskKind, type TaskRef, taskKindOf } from "./domain/ids.js"
export { formatImageRef, type ImageRef, parseImageRef } from "./domain/images.js"
export {
  Finding,
  FindingLevel,
  type FindingSummary,
  type HpcLintInput,
  hasErrors,
  lintHpcEntrypoint,
  lintTrainingCommand,
  summarizeFindings,
  type TrainingLintInput,
} from "./domain/lint/index.js"
export {
  type CheckedPriority,
  checkPriority,
  DEFAULT_PRIORITY_CAP,
  FIRST_NON_PREEMPTIBLE,
  PriorityLevel,
  priorityLevel,
  projectPriorityCap,
} from "./domain/priority.js"
export { MIN_DISTRIBUTED_SHM_GI, NAME_RULE, parseShm, validateName } from "./domain/resources.js"
export {
  chooseSpec,
  describeSpec,
  ScheduleType,
  type Spec,
  type SpecCandidate,
  type SpecListing,
  specsFor,
} from "./domain/specs.js"
// The platform's rules, usable without a client: statuses, priorities, ids, names, specs, images,
// workspaces and the command lint that submit runs.
export {
  matchesStatusFilter,
  type NormalizedStatus,
  normalizeStatus,
  StatusFamily,
  StatusFilter,
  type StatusSubject,
} from "./domain/status.js"
export {
  isOnline,
  NetworkPolicy,
  RegistryId,
  registryForWorkspace,
  type WorkspacePolicy,
  workspacePolicy,
} from "./domain/workspaces.js"
// The one error type: `reason` says which kind, `message` what happened, `hint` what to do next.
export type { ErrorReason, InspireErrorOf } from "./errors.js"
export { InspireError } from "./errors.js"
// The Promise facade: one client per profile, a typed method per operation, `call`, `run` and `close`.
export { type ClientOptions, createInspireClient, type InspireClient, type RunOptions } from "./facade.js"
export {
  type CatalogueMethods,
  type MethodName,
  methodName,
  type OperationCall,
  type OperationCallOptions,
  type OperationInput,
  type OperationMethod,
  type OperationMethods,
  type OperationName,
  type OperationResult,
} from "./facade-methods.js"
export { type AvailabilityResult, availabilityOperation } from "./operations/availability/index.js"
export { type CatalogueCommand, catalogueCommands, commandsOf } from "./operations/catalogue/commands.js"
export { type Invocation, invoke } from "./operations/catalogue/invoke.js"
export {
  type ActionSpec,
  type AgentHints,
  type Annotations,
  type CliPlacement,
  defineOperation,
  type Effects,
  type FileInput,
  type Operation,
  type OperationContext,
  type OperationOf,
  type OperationSpec,
  type Progress,
} from "./operations/catalogue/operation.js"
export {
  described,
  inputJsonSchema,
  type JsonSchema,
  outputJsonSchema,
  textOutput,
} from "./operations/catalogue/schema.js"
export type { ClientServices } from "./operations/catalogue/services.js"
export {
  forwardNotebookPort,
  forwardServing,
  forwardStarted,
  type PortForward,
} from "./operations/common/forward.js"
// Each operation, with the type of its result.
export { type ConfigResult, configOperation } from "./operations/config.js"
export { type EventsResult, eventsOperation } from "./operations/events.js"
export {
  type ImagePushResult,
  type ImagesResult,
  imagePushOperation,
  imagesOperation,
} from "./operations/images/index.js"
export { type InferenceResult, inferenceOperation } from "./operations/inference/index.js"
export { type JobDetailResult, jobDetailOperation } from "./operations/job-detail/index.js"
export { type JobExecResult, jobExecOperation } from "./operations/job-exec/index.js"
export { type JobsResult, jobsOperation } from "./operations/jobs.js"
export { type LoginOperationResult, loginOperation } from "./operations/login.js"
export { type LogsResult, logsOperation } from "./operations/logs/index.js"
export { type MetricsResult, metricsOperation } from "./operations/metrics/index.js"
export { type ModelsResult, modelsOperation } from "./operations/models.js"
export { type NotebookResult, notebookOperation } from "./operations/notebook/index.js"
export { type NotebookExecResult, notebookExecOperation } from "./operations/notebook-exec/index.js"
export { type NotebookFilesResult, notebookFilesOperation } from "./operations/notebook-files/index.js"
export { type NotebookShellResult, notebookShellOperation } from "./operations/notebook-shell/index.js"
export { WORKFLOW_PROMPTS, type WorkflowPrompt } from "./operations/prompts.js"
// The operation catalogue: every operation as data (schemas, effects, CLI placement), and its runner.
export { CATALOGUE, findOperation, OPERATIONS } from "./operations/registry.js"
export { resubmitOperation } from "./operations/resubmit.js"
export { statusOperation } from "./operations/status/index.js"
export type { StatusResult } from "./operations/status/result.js"
export { type StopOperationResult, stopOperation } from "./operations/stop/index.js"
export { type SubmitResult, submitOperation } from "./operations/submit.js"
export { submitHpcOperation } from "./operations/submit-hpc.js"
export { submitRayOperation } from "./operations/submit-ray.js"
export { type SweepResult, sweepOperation } from "./operations/sweep/index.js"
export {
  chooseToolsets,
  DEFAULT_TOOLSETS,
  isToolsetName,
  selectOperations,
  TOOLSET_NAMES,
  TOOLSETS,
  type ToolsetName,
  toolsetOf,
} from "./operations/toolsets.js"
export { type UsageResult, usageOperation } from "./operations/usage/index.js"
export { type WaitResult, waitOperation } from "./operations/wait.js"
export type { CallOptions } from "./platform/client.js"
export type { ActiveProfileShape, ProfileOptions } from "./profile.js"
// Text for people is a `Text`: messages and references to operations, fields and confirmation, as data;
// each frontend words it its own way, in the reader's language (en, zh-CN): `renderWords`, `renderDeep`.
export {
  type CallRef,
  callWord,
  cliCall,
  clipped,
  confirmWord,
  type Dialect,
  dryRunWord,
  fieldsWord,
  fieldWord,
  hasWords,
  isText,
  joinText,
  LANGUAGES,
  type Language,
  languageOf,
  loadLanguage,
  type MessageRef,
  parseWords,
  pickLanguage,
  plain,
  renderDeep,
  renderError,
  renderWords,
  shellWord,
  Text,
  text,
  type Worded,
  type WordPart,
  type WordRef,
} from "./words/index.js"
export { zodMessage } from "./words/issues.js"
