import { statRemote } from "../../api/jupyter/contents.js"
import type { Lab } from "../../api/jupyter/lab.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import type { Transport } from "../../platform/transport.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"

// The notebook's side of a path: a path starts at the Jupyter root (the contents API reaches nothing
// above it), missing folders are made only when the call allows it, and sizes are said in binary units.

/**
 * Refuses an absolute path (`/tmp/x`) whose first folder is not in the Jupyter root: it means a place on the
 * notebook's machine outside the root, which the contents API cannot reach, and making `tmp/` inside the
 * root instead would only hide that. An absolute path whose first part is there is read from the root.
 */
export const checkInsideRoot = (lab: Lab, raw: string, path: string): Effect.Effect<void, InspireError, Transport> =>
  Effect.gen(function* () {
    if (!/^\s*[/\\]/.test(raw) || path === "") return
    const top = path.split("/")[0] ?? path
    if ((yield* statRemote(lab, top)) !== undefined) return
    return yield* Effect.fail(
      invalidInput(
        msg("notebook-files-outside-root", {
          path: raw.trim(),
          top,
          call: callWord("notebook_files", { action: "list", notebook: lab.notebook.name || lab.notebook.id }),
        }),
        msg("notebook-files-outside-root-fix", { inside: path }),
      ),
    )
  })

/** Refuses a write when folders above it are missing and the call asked for none to be made. */
export const checkParents = (missing: ReadonlyArray<string>, parents: boolean): Effect.Effect<void, InspireError> => {
  const first = missing[0]
  return parents || first === undefined
    ? Effect.void
    : Effect.fail(invalidInput(msg("notebook-files-no-parent", { folder: first }), msg("notebook-files-no-parent-fix")))
}

const UNITS = [
  (size: string) => msg("notebook-files-size-kib", { size }),
  (size: string) => msg("notebook-files-size-mib", { size }),
  (size: string) => msg("notebook-files-size-gib", { size }),
] as const

/** A size as people read it: `512 B`, `4.0 KiB`, `1.2 MiB`, `3.0 GiB`. */
export const formatSize = (bytes: number): Text => {
  if (bytes < 1024) return msg("notebook-files-size-b", { size: String(bytes) })
  let size = bytes / 1024
  let unit = 0
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024
    unit++
  }
  return (UNITS[unit] ?? UNITS[2])(size.toFixed(1))
}
