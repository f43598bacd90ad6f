// `inspire __complete` as the installed binary answers it (launch.ts): from the spec the build wrote
// next to the bundle, without loading the bundle. Measured on a 2-core machine: about a Node start-up.
import { readFileSync } from "node:fs"
import { complete } from "./candidates.js"
import type { CommandSpec } from "./model.js"
import { keptNames } from "./names.js"

/** The file the build writes the spec to, beside the bundle (scripts/bundle.mjs). */
export const SPEC_FILE = "completion.json"

/** What `inspire __complete <words…>` prints, one candidate a line; undefined when `file` cannot be read. */
export const completeFromSpecFile = (
  file: string,
  words: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv,
): string | undefined => {
  let spec: CommandSpec
  try {
    spec = JSON.parse(readFileSync(file, "utf8")) as CommandSpec
  } catch {
    return undefined
  }
  return complete(spec, words, keptNames(env))
    .map((c) => `${c}\n`)
    .join("")
}
