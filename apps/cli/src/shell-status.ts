// A notebook's terminal (Jupyter's terminado) says only that its shell ended, never with what status. So
// the first line typed into it sets an EXIT trap that prints the status inside an escape sequence (OSC
// 7770, which terminals ignore), puts a prompt mark of the same kind in front of the shell's prompt, then
// prints a ready mark; what the terminal shows up to that mark (the echo of that line) is held back, and
// the status and prompt marks are cut out of the output: the status is kept, each prompt is reported
// (a pod's shell takes its window size typed, which is right only at a prompt). The line starts with a
// space: shells that honour ignorespace keep it out of the history. Bash is told the prompt mark takes
// no room on the line (`\[ \]`), or its line editing would count it.

const OSC = "\u001b]7770;inspire-"
const BEL = "\u0007"
const READY = `${OSC}ready${BEL}`
const STATUS = `${OSC}exit=`
const PROMPT = `${OSC}prompt${BEL}`

/** The line to type first: the EXIT trap, the prompt mark, then the ready mark (all as printf escapes, so its echo holds none). */
export const STATUS_SETUP =
  ` trap 'printf "\\033]7770;inspire-exit=%d\\007" "$?"' EXIT;` +
  ` m=$(printf '\\033]7770;inspire-prompt\\007'); case "$BASH_VERSION" in "") PS1="$m$PS1";; *) PS1="\\[$m\\]$PS1";; esac; unset m;` +
  ` printf '\\033]7770;inspire-ready\\007'\r`

/** The length of the longest end of `text` that may begin a mark (completed by what comes next). */
const heldBack = (text: string): number => {
  const at = text.lastIndexOf("\u001b")
  if (at < 0) return 0
  const tail = text.slice(at)
  const partial =
    OSC.startsWith(tail) ||
    (tail.startsWith(OSC) &&
      /^(r(e(a(d(y)?)?)?)?|e(x(i(t(=\d*)?)?)?)?|p(r(o(m(p(t)?)?)?)?)?)$/.test(tail.slice(OSC.length)))
  return partial ? tail.length : 0
}

/**
 * Filters a terminal's output: writes what the user should see, keeps the status the shell ended with,
 * and calls `onPrompt` after writing the output that held a prompt.
 */
export const shellStatusFilter = (write: (text: string) => void, onPrompt: () => void = () => {}) => {
  let ready = false
  let pending = ""
  let status: number | undefined
  return {
    feed: (text: string): void => {
      pending += text
      if (!ready) {
        const at = pending.indexOf(READY)
        if (at < 0) {
          pending = pending.slice(-(READY.length - 1))
          return
        }
        ready = true
        pending = pending.slice(at + READY.length)
      }
      const at = pending.indexOf(STATUS)
      const end = at < 0 ? -1 : pending.indexOf(BEL, at)
      const digits = end < 0 ? "" : pending.slice(at + STATUS.length, end)
      if (/^\d+$/.test(digits)) {
        status = Number(digits)
        pending = pending.slice(0, at) + pending.slice(end + BEL.length)
      }
      const prompted = pending.includes(PROMPT)
      if (prompted) pending = pending.split(PROMPT).join("")
      const keep = heldBack(pending)
      const shown = pending.slice(0, pending.length - keep)
      pending = pending.slice(pending.length - keep)
      if (shown !== "") write(shown)
      if (prompted) onPrompt()
    },
    /** The shell's exit status, when its trap printed one. */
    status: (): number | undefined => status,
  }
}
