import type { WordOperation } from "../words/text.js"
import { availabilityOperation } from "./availability/index.js"
import type { Operation } from "./catalogue/operation.js"
import { configOperation } from "./config.js"
import { eventsOperation } from "./events.js"
import { imagePushOperation, imagesOperation } from "./images/index.js"
import { inferenceOperation } from "./inference/index.js"
import { jobDetailOperation } from "./job-detail/index.js"
import { jobExecOperation } from "./job-exec/index.js"
import { jobsOperation } from "./jobs.js"
import { loginOperation } from "./login.js"
import { logsOperation } from "./logs/index.js"
import { metricsOperation } from "./metrics/index.js"
import { modelsOperation } from "./models.js"
import { notebookOperation } from "./notebook/index.js"
import { notebookExecOperation } from "./notebook-exec/index.js"
import { notebookFilesOperation } from "./notebook-files/index.js"
import { notebookShellOperation } from "./notebook-shell/index.js"
import { resubmitOperation } from "./resubmit.js"
import { statusOperation } from "./status/index.js"
import { stopOperation } from "./stop/index.js"
import { storageOperation } from "./storage/index.js"
import { submitOperation } from "./submit.js"
import { submitHpcOperation } from "./submit-hpc.js"
import { submitRayOperation } from "./submit-ray.js"
import { sweepOperation } from "./sweep/index.js"
import { usageOperation } from "./usage/index.js"
import { waitOperation } from "./wait.js"

/**
 * Every operation with its exact input, result and name types, in the fixed order frontends list them:
 * the manual's order, then the tools added beside it. The facade's methods are typed from this list.
 */
export const CATALOGUE = [
  configOperation,
  loginOperation,
  statusOperation,
  submitOperation,
  submitHpcOperation,
  inferenceOperation,
  jobsOperation,
  jobDetailOperation,
  logsOperation,
  metricsOperation,
  stopOperation,
  imagesOperation,
  imagePushOperation,
  notebookOperation,
  modelsOperation,
  waitOperation,
  resubmitOperation,
  eventsOperation,
  jobExecOperation,
  availabilityOperation,
  usageOperation,
  notebookExecOperation,
  notebookFilesOperation,
  notebookShellOperation,
  sweepOperation,
  submitRayOperation,
  storageOperation,
] as const

/**
 * Every operation, in the fixed order frontends list them: CATALOGUE typed as plain operations.
 * @alias
 */
export const OPERATIONS: ReadonlyArray<Operation> = CATALOGUE

/** The operation of a name (without the `inspire_` prefix), or undefined. */
export const findOperation = (name: string): Operation | undefined =>
  OPERATIONS.find((op) => op.name === name.replace(/^inspire_/, ""))

// Texts call operations by name (words/token.ts): this fails the build when a word names an operation the
// registry does not have. A new operation need not be named there until some text calls it.
const wordsNameOperations: [WordOperation] extends [(typeof CATALOGUE)[number]["name"]] ? true : false = true
void wordsNameOperations
