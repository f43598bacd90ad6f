import { availabilityOperation } from "@holos-inspire/core"
import { watchable } from "../watch.js"
import { type Extension, extend } from "./catalogue.js"

/** What `inspire avail` adds: `--watch` redraws the table on a terminal every `--interval` seconds until Ctrl-C. */
export const availExtensions: ReadonlyArray<Extension> = [
  extend(
    availabilityOperation,
    watchable(availabilityOperation, {
      defaultInterval: 10,
      minInterval: 2,
      scriptCommand: "inspire avail --json",
    }),
  ),
]
