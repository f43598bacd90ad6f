import { sweepOperation } from "@holos-inspire/core"
import { watchable } from "../watch.js"
import { type Extension, extend } from "./catalogue.js"

/** What `inspire sweep status` adds: `--watch` redraws the sweep's table on a terminal until Ctrl-C. */
export const sweepExtensions: ReadonlyArray<Extension> = [
  extend(
    sweepOperation,
    watchable(sweepOperation, {
      defaultInterval: 30,
      minInterval: 5,
      scriptCommand: "inspire sweep status NAME --json",
    }),
    "status",
  ),
]
