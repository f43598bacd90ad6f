import { inferenceOperation, jobsOperation, notebookOperation } from "@holos-inspire/core"
import { watchable } from "../watch.js"
import { type Extension, extend } from "./catalogue.js"

/**
 * What the lists a user keeps an eye on add: `--watch` redraws `job list`, `notebook list` and `serve list`
 * on a terminal every `--interval` seconds until Ctrl-C (the account's rate limit paces the requests).
 */
export const listExtensions: ReadonlyArray<Extension> = [
  extend(
    jobsOperation,
    watchable(jobsOperation, { defaultInterval: 30, minInterval: 5, scriptCommand: "inspire job list --json" }),
  ),
  extend(
    notebookOperation,
    watchable(notebookOperation, {
      defaultInterval: 15,
      minInterval: 2,
      scriptCommand: "inspire notebook list --json",
    }),
    "list",
  ),
  extend(
    inferenceOperation,
    watchable(inferenceOperation, { defaultInterval: 15, minInterval: 2, scriptCommand: "inspire serve list --json" }),
    "list",
  ),
]
