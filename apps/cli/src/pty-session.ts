import { STATUS_SETUP, shellStatusFilter } from "./shell-status.js"

/** A live terminal socket as core hands it: a notebook's terminal or a job pod's PTY. */
export interface LiveTerminal {
  readonly send: (text: string) => void
  readonly resize: (rows: number, cols: number) => void
  /** The size is typed into the shell as a command, so it waits for a prompt with nothing typed on it. */
  readonly sizeTyped: boolean
  readonly close: () => void
  readonly closed: Promise<"ended" | "closed" | "dropped">
}

/**
 * An interactive terminal: the local one in raw mode (every key, Ctrl-C included, goes to the remote
 * shell), its size sent at the start and on every resize, and restored however the session ends; the
 * remote shell's exit status as its trap printed it (shell-status.ts). A size that is typed is sent at
 * once only at a clean prompt (the one that ends the last line typed, nothing typed on it since);
 * otherwise it waits for the next one, so it does not reach a running program or join a half-typed line. A shell
 * whose prompt carries no mark (its PS1 set anew each time) gets the size at once, as it always did.
 */
export const interact = async (
  open: (onOutput: (text: string) => void) => Promise<LiveTerminal>,
): Promise<{ readonly end: "ended" | "closed" | "dropped"; readonly status: number | undefined }> => {
  const stdin = process.stdin
  const stdout = process.stdout
  let marks = false // the shell's prompt carries a mark
  let clean = false // at a prompt with nothing typed on it
  let lines = 1 // lines ended since the last prompt came; the first is the set-up line
  let partLine = false // something typed after the last line end
  let waiting = false // a size waits for a clean prompt
  const resize = () => {
    waiting = socket.sizeTyped && marks && !clean
    if (waiting) return
    socket.resize(stdout.rows || 24, stdout.columns || 80)
    if (socket.sizeTyped) clean = false
  }
  // Two lines ended before a prompt came means the second was typed ahead: the shell runs it now, so
  // this prompt is not clean (the next one is). Lines typed into a program count the same way. A line
  // typed ahead at every prompt cannot be told from one read by a program, and is not caught.
  const prompt = () => {
    marks = true
    clean = !partLine && lines <= 1
    lines = 0
    if (clean && waiting) resize()
  }
  const filter = shellStatusFilter((text) => void stdout.write(text), prompt)
  const socket = await open(filter.feed)
  const input = (data: Buffer) => {
    const text = data.toString("utf8")
    clean = false
    // Ctrl-C discards what was typed ahead and ends the running line: one prompt follows.
    const cut = text.lastIndexOf("\u0003")
    if (cut >= 0) lines = 1
    lines += text.slice(cut + 1).match(/[\r\n]/g)?.length ?? 0
    const last = text.slice(-1)
    partLine = last !== "\r" && last !== "\n" && last !== "\u0003" && last !== "\u0004"
    socket.send(text)
  }
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
