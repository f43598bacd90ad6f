import { execFile } from "node:child_process"
import { accessSync, constants, readdirSync, readFileSync, readlinkSync } from "node:fs"

/**
 * How a terminal gets its pseudo-terminal without native modules: util-linux's `script` (Linux) or
 * the BSD one (macOS) runs the shell on a pty and relays it over pipes; without either, plain pipes
 * (no echo, no job control; Ctrl-C still interrupts by signalling the process group).
 */
export type PtyMode = "util-linux" | "bsd" | "pipes"

const onPath = (name: string): boolean => {
  for (const dir of ["/usr/bin", "/bin", "/usr/local/bin"]) {
    try {
      accessSync(`${dir}/${name}`, constants.X_OK)
      return true
    } catch {
      // not in this folder
    }
  }
  return false
}

let detected: PtyMode | undefined

export const ptyMode = (): PtyMode => {
  if (detected === undefined) {
    const script = onPath("script")
    detected =
      script && process.platform === "linux" ? "util-linux" : script && process.platform === "darwin" ? "bsd" : "pipes"
  }
  return detected
}

/** The command line that runs `/bin/sh` on a pty in this mode. */
export const shellCommand = (mode: PtyMode): [string, string[]] => {
  if (mode === "util-linux") return ["script", ["-qfec", "/bin/sh", "/dev/null"]]
  if (mode === "bsd") return ["script", ["-q", "/dev/null", "/bin/sh"]]
  return ["/bin/sh", ["-i"]]
}

const pids = (): number[] => {
  try {
    return readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
  } catch {
    return []
  }
}

/** Every live process whose environment carries `NAME=value` (Linux: /proc; elsewhere none). */
const processesWith = (entry: string): number[] => {
  const needle = Buffer.from(`${entry}\0`)
  const found: number[] = []
  for (const pid of pids()) {
    if (pid === process.pid) continue
    try {
      const env = readFileSync(`/proc/${pid}/environ`)
      if (env.indexOf(needle) === 0 || env.indexOf(Buffer.concat([Buffer.from([0]), needle])) >= 0) found.push(pid)
    } catch {
      // gone, or not ours
    }
  }
  return found
}

const signal = (pid: number, sig: NodeJS.Signals): void => {
  try {
    process.kill(pid, sig)
  } catch {
    // already gone
  }
}

/** SIGKILLs a process group and every process carrying the marker (setsid/nohup cannot escape it). */
export const killAll = (groupLeaders: number[], marker: string): void => {
  for (const pid of groupLeaders) signal(-pid, "SIGKILL")
  // Twice: a process forking while the first sweep runs is caught by the second.
  for (let round = 0; round < 2; round++) for (const pid of processesWith(marker)) signal(pid, "SIGKILL")
}

/** Hangs up a terminal's process group (as terminado does), then kills whatever is left after a moment. */
export const hangUp = (groupLeaders: number[]): void => {
  for (const pid of groupLeaders) signal(-pid, "SIGHUP")
  const later = setTimeout(() => {
    for (const pid of groupLeaders) signal(-pid, "SIGKILL")
  }, 1000)
  later.unref()
}

/** The shell that `script` started (its first child), or undefined. */
export const childOf = (pid: number): number | undefined => {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)
    const first = Number(kids[0])
    return Number.isInteger(first) && first > 0 ? first : undefined
  } catch {
    return undefined
  }
}

/** The pty device a process has as its stdin (`/dev/pts/N`), or undefined. */
export const ttyOf = (pid: number): string | undefined => {
  try {
    const link = readlinkSync(`/proc/${pid}/fd/0`)
    return link.startsWith("/dev/pts/") ? link : undefined
  } catch {
    return undefined
  }
}

/** Applies a window size to a pty (`stty rows R cols C`); the kernel then sends SIGWINCH. */
export const resizePty = (tty: string, rows: number, cols: number): Promise<void> =>
  new Promise((resolve) => {
    const flag = process.platform === "darwin" ? "-f" : "-F"
    execFile("stty", [flag, tty, "rows", String(rows), "cols", String(cols)], () => resolve())
  })
