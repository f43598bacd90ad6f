// How help is laid out beyond commander's defaults. Commander counts one column per character and
// breaks lines only at spaces; Chinese takes two columns and has no spaces, so a description with
// Chinese ran past the terminal (80 columns off a terminal). Here widths are display widths and a
// line may break between two Chinese characters, never before closing punctuation.
import { displayWidth } from "@holos-inspire/core/internal"
import { Command, Help, Option } from "commander"
import { withGlobals } from "./command.js"
import { helpTitle, optionHelp } from "./help-words.js"
import { msg } from "./language.js"

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts a colour code
const COLOUR = /\x1b\[[0-9;]*m/g

/** The terminal columns `text` takes: colour codes take none, Chinese characters two. */
export const columns = (text: string): number => displayWidth(text.replace(COLOUR, ""))

// Punctuation that stays with the character before it, and punctuation that stays with the one after.
const CLOSING = /[，。、；：！？）」』】》〉,.;:!?)\]]/
const OPENING = /[（「『【《〈(]/

// A line's pieces, each with the whitespace before it: a run of narrow characters, or one wide
// character with the punctuation that must stay with it.
const piecesOf = (line: string): string[] => {
  const pieces: string[] = []
  let piece = ""
  const push = (ch: string) => {
    if (piece.trim() !== "") pieces.push(piece)
    piece = ch
  }
  for (const ch of line) {
    const last = piece.at(-1) ?? ""
    const started = piece.trim() !== ""
    if (/\s/.test(ch)) {
      if (started) push(ch)
      else piece += ch
    } else if (!started || CLOSING.test(ch) || OPENING.test(last)) piece += ch
    else if (columns(ch) === 2 || columns(last) === 2) push(ch)
    else piece += ch
  }
  if (piece !== "") pieces.push(piece)
  return pieces
}

// Cuts a piece wider than the whole line (a long path or URL) where the line ends.
const cut = (text: string, width: number): string[] => {
  const lines: string[] = []
  let line = ""
  for (const ch of text) {
    if (line !== "" && columns(line + ch) > width) {
      // Chinese closing punctuation never starts a line: the character before it goes down with it.
      const chars = [...line]
      const down = CLOSING.test(ch) && columns(ch) === 2 && chars.length > 1 ? 1 : 0
      lines.push(chars.slice(0, chars.length - down).join(""))
      line = chars.slice(chars.length - down).join("")
    }
    line += ch
  }
  return [...lines, line]
}

/** Wraps one line of text at `width` display columns. */
export const wrapLine = (text: string, width: number): string[] => {
  const lines: string[] = []
  let line = ""
  for (const piece of piecesOf(text)) {
    if (line === "" || columns(line + piece) <= width) line += piece
    else {
      lines.push(line.trimEnd())
      line = piece.trimStart()
    }
    if (columns(line) > width) {
      const parts = cut(line, width)
      lines.push(...parts.slice(0, -1))
      line = parts.at(-1) ?? ""
    }
  }
  return [...lines, line.trimEnd()]
}

/** Text for `addHelpText`, wrapped at the width help is printed at: the terminal's, else 80 columns. */
export const wrappedHelpText =
  (text: string) =>
  ({ error }: { readonly error: boolean }): string => {
    const stream = error ? process.stderr : process.stdout
    const width = stream.isTTY && stream.columns > 0 ? stream.columns : 80
    return text
      .split("\n")
      .flatMap((line) => wrapLine(line, width))
      .join("\n")
  }

// Shown in `inspire --help` only: main.ts moves them from before the command to behind it, where
// each command that takes them has them.
const globalOptions = (): Option[] =>
  withGlobals(new Command()).options.map((o) =>
    new Option(o.flags, o.description).helpGroup(msg("cli-help-global-options")),
  )

/** The options help shows for `command`: its own, and for the program the flags every command takes. */
export const withGlobalOptions = (command: Command, options: Option[]): Option[] =>
  command.parent === null ? [...options, ...globalOptions()] : options

/** Help settings that measure and wrap text by display width (see above). */
export const displayWidthHelp = {
  // Narrower than this beside its term, a description goes below the term (formatItem), never past the edge.
  minWidthToWrap: 24,
  displayWidth(this: Help, text: string): number {
    return columns(text)
  },
  // Headings and flags' descriptions in the CLI's language (help-words.ts).
  styleTitle(this: Help, title: string): string {
    return helpTitle(title)
  },
  optionDescription(this: Help, option: Option): string {
    return optionHelp(this, option, Help.prototype.optionDescription)
  },
  // The usage line follows "Usage: " (7 columns), and its continuation lines line up after it.
  styleUsage(this: Help, usage: string): string {
    return wrapLine(usage, Math.max(20, (this.helpWidth ?? 80) - 7)).join(`\n${" ".repeat(7)}`)
  },
  // Where the description would be squeezed beside a long term, it goes below it instead.
  formatItem(this: Help, term: string, termWidth: number, description: string, helper: Help): string {
    const width = this.helpWidth ?? 80
    if (description === "" || width - termWidth - 4 >= this.minWidthToWrap)
      return Help.prototype.formatItem.call(this, term, termWidth, description, helper)
    const indent = " ".repeat(6)
    const lines = description.split("\n").flatMap((line) => wrapLine(line, width - indent.length))
    return [`  ${term}`, ...lines.map((line) => indent + line)].join("\n")
  },
  boxWrap(this: Help, text: string, width: number): string {
    if (width < this.minWidthToWrap) return text
    return text
      .split(/\r\n|\n/)
      .flatMap((line) => wrapLine(line, width))
      .join("\n")
  },
}
