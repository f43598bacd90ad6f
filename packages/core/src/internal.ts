// `@holos-inspire/core/internal`: what the project's own apps, tests, benches and scripts use of core
// beyond its public entry, name by name. It promises library users nothing (names and shapes change with
// any release); api/internal-api.md records it so that a change still shows in review. A name is here
// because something outside core imports it; library users import `@holos-inspire/core` (src/index.ts).
export { MAX_FILE_BYTES } from "./api/jupyter/contents.js"
export { connectTerminal, createTerminal, deleteTerminal } from "./api/jupyter/terminal.js"
export { forgetProfileResources } from "./api/resources/cache.js"
export { fetchCurrentUser } from "./api/resources/user.js"
export { checkHarborLoginUrl, checkPlatformLoginUrl } from "./auth/login-url.js"
export { IDLE_GPU_BELOW_PERCENT } from "./domain/metrics/thresholds.js"
export { formatClockTime, formatInstant, isoInstant } from "./domain/time.js"
export { notifyEndNow, notifyNote, notifyTargetOf, recoverAttemptsOf, recoveryNote } from "./notify/agent.js"
export {
  notifyAfter,
  recoverOf,
  runWaiterProcess,
  takeNotify,
  withNotifyField,
} from "./notify/agent-call.js"
export { maskTarget, type NotifyTarget, parseNotifyTarget } from "./notify/target.js"
export { notifyTaskEnd } from "./notify/task.js"
export {
  attemptsOf,
  leaveWaiter,
  listWaiters,
  readWaiter,
  stopWaiter,
  type WaiterCommand,
  type WaiterView,
  writeWaiterPid,
} from "./notify/waiters.js"
export { runWaiter } from "./notify/watch.js"
export { fieldHelpKey, helpMessage, helpTexts, summaryHelpKey } from "./operations/catalogue/help.js"
export { checkOperationInput, invokeParsed, type ParsedInput, safeParseInput } from "./operations/catalogue/invoke.js"
export { callWrites } from "./operations/catalogue/operation.js"
export { idFieldsOf } from "./operations/catalogue/refs.js"
export { checkInput } from "./operations/catalogue/strict.js"
export { defaultOf } from "./operations/common/defaults.js"
export { confirmationOf, type Plan } from "./operations/common/plan.js"
export { renderTable } from "./operations/common/render.js"
export { writeDownload } from "./operations/common/tasks/output-file.js"
export { podShell } from "./operations/job-exec/pods.js"
export { followEndLine, followTaskLogs } from "./operations/logs/follow.js"
export { renderLogLines } from "./operations/logs/index.js"
export type { ShownLine } from "./operations/logs/read.js"
export { openNotebookLab } from "./operations/notebook-exec/run.js"
export { promptMessage } from "./operations/prompts.js"
export { OPERATIONS } from "./operations/registry.js"
export { type JobSpec, readJobSpec, taskSpecYaml } from "./operations/spec-file.js"
export { Harbor } from "./platform/harbor.js"
export {
  isConfinedFile,
  placeUnder,
  type Root,
  removeConfinedFileSync,
  writeConfinedFileSync,
} from "./store/confined.js"
export { untrustedError } from "./store/files.js"
export { resolveStorePaths } from "./store/paths.js"
export {
  addProfile,
  forgetLogin,
  listProfiles,
  type ProfileEndpointOptions,
  type ProfileSummary,
  profileEndpoints,
  removeProfile,
  useProfile,
} from "./store/profiles.js"
export { ConfigFile, CredentialsFile, SessionFile } from "./store/schema.js"
export { SETTING_KEYS } from "./store/settings.js"
export { Store } from "./store/store.js"
export { Untrusted } from "./store/trust.js"
export { issueWord, type ZodIssue } from "./words/issues.js"
export {
  addMessages,
  formatMessage,
  type Language,
  languageOf,
  loadLanguage,
  type MessageArgs,
  msg,
  pickLanguage,
} from "./words/message.js"
export { renderWords } from "./words/render.js"
export { displayWidth } from "./words/table.js"
