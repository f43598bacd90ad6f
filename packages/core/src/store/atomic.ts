import { renameSync, rmSync, writeFileSync } from "node:fs"
import { tempFileFor } from "./temps.js"

export { isDiskFull, sweepOrphanTemps } from "./temps.js"

/**
 * Writes `data` to `file` whole or not at all: into a temporary file beside it, then renamed over it.
 * On failure (a full disk included) the temporary file is removed and the error is thrown on; `file`
 * is left as it was. `mode` is that of a new file (private by default).
 */
export const writeFileAtomicSync = (file: string, data: string | Uint8Array, mode = 0o600): void => {
  const temp = tempFileFor(file)
  try {
    writeFileSync(temp, data, { mode, flag: "wx" })
    renameSync(temp, file)
  } catch (e) {
    try {
      rmSync(temp, { force: true })
    } catch {
      // The temporary file could not even be named (ENAMETOOLONG): there is nothing to remove.
    }
    throw e
  }
}
