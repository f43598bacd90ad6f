import { STATUS_SETUP, shellStatusFilter } from "./shell-status.js"

/** A live terminal socket as core hands it: a notebook's terminal or a job pod's PTY. */
export interface LiveTerminal {
  readonly send: (text: string) => void
  readonly resize: (rows: number, cols: number) => void
  readonly close: () => void
  readonly closed: Promise<"ended" | "closed" | "dropped">
}

/**
 * An interactive terminal: the local one in raw mode (every key, Ctrl-C included, goes to the remote
 * shell), its size sent at the start and on every resize, and restored however the session ends; the
 * remote shell's exit status as its trap printed it (shell-status.ts).
 */
export const interact = async (
  open: (onOutput: (text: string) => void) => Promise<LiveTerminal>,
): Promise<{ readonly end: "ended" | "closed" | "dropped"; readonly status: number | undefined }> => {
  const stdin = process.stdin
  const stdout = process.stdout
  const filter = shellStatusFilter((text) => void stdout.write(text))
  const socket = await open(filter.feed)
  const resize = () => socket.resize(stdout.rows || 24, stdout.columns || 80)
  const input = (data: Buffer) => socket.send(data.toString("utf8"))
  resize()
  socket.send(STATUS_SETUP)
  stdout.on("resize", resize)
  stdin.setRawMode(true)
  stdin.on("data", input)
  stdin.resume()
  try {
    const end = await socket.closed
    return { end, status: filter.status() }
  } finally {
    stdin.off("data", input)
    stdout.off("resize", resize)
    stdin.setRawMode(false)
    stdin.pause()
    socket.close()
  }
}
