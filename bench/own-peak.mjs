// The peak of this process's own memory, in bytes: VmHWM from /proc. Not process.resourceUsage().maxRSS:
// Linux carries the forking parent's RSS into it across exec, so in a child of a bench it would read the
// bench's own RSS at the spawn, emulator and all, whenever that is the larger. Where there is no /proc,
// maxRSS, with that caveat.
import { readFileSync } from "node:fs"

export const ownPeak = () => {
  try {
    const hwm = /^VmHWM:\s*(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"))
    if (hwm !== null) return Number(hwm[1]) * 1024
  } catch {
    // no /proc: getrusage below
  }
  return process.resourceUsage().maxRSS * 1024
}
