/** A shell word: its unquoted value, its source span, and the bodies of the command substitutions inside it. */
export interface WordToken {
  readonly kind: "word"
  readonly value: string
  readonly raw: string
  readonly start: number
  readonly end: number
  /** True when any part was quoted or escaped, so it can never be a reserved word. */
  readonly quoted: boolean
  /** Bodies of `$(...)`, backticks and `<(...)`/`>(...)` in the word, to be parsed as commands. */
  readonly subs: ReadonlyArray<string>
}

/** A control operator (`&&`, `||`, `;`, `;;`, `&`, `|`, `|&`, `(`, `)` or a newline). */
export interface OpToken {
  readonly kind: "op"
  readonly op: string
  readonly start: number
  readonly end: number
}

/** A redirection operator; `fd` is the explicit descriptor number before it, if any. */
export interface RedirToken {
  readonly kind: "redir"
  readonly op: string
  readonly fd: number | undefined
  readonly start: number
  readonly end: number
}

export type Token = WordToken | OpToken | RedirToken

const REDIRS = ["&>>", "<<<", "<<-", "&>", ">>", ">|", ">&", "<<", "<&", "<>", ">", "<"]
const CONTROLS = ["&&", "||", ";;", "|&", ";", "&", "|", "(", ")"]
const BREAKS = new Set([" ", "\t", "\r", "\n", ";", "&", "|", "<", ">", "(", ")"])

/** Index just past the `)` matching the `(` at `open`, skipping quoted text; the end of input if unbalanced. */
const matchParen = (src: string, open: number): number => {
  let depth = 0
  let i = open
  while (i < src.length) {
    const c = src[i]
    if (c === "\\") i += 2
    else if (c === "'") i = src.indexOf("'", i + 1) + 1 || src.length
    else if (c === '"') i = skipDouble(src, i)
    else if (c === "`") i = skipBacktick(src, i)
    else {
      if (c === "(") depth++
      if (c === ")") depth--
      i++
      if (depth === 0) return i
    }
  }
  return src.length
}

const skipDouble = (src: string, open: number): number => {
  let i = open + 1
  while (i < src.length && src[i] !== '"') {
    if (src[i] === "\\") i += 2
    else if (src.startsWith("$(", i)) i = matchParen(src, i + 1)
    else if (src[i] === "`") i = skipBacktick(src, i)
    else i++
  }
  return Math.min(i + 1, src.length)
}

const skipBacktick = (src: string, open: number): number => {
  let i = open + 1
  while (i < src.length && src[i] !== "`") i += src[i] === "\\" ? 2 : 1
  return Math.min(i + 1, src.length)
}

const unescapeBacktick = (body: string): string => body.replace(/\\([\\`$])/g, "$1")

/** Reads the `$...` expansion at `i`, appending its literal text; returns the index after it. */
const readDollar = (src: string, i: number, subs: Array<string>): { readonly text: string; readonly next: number } => {
  if (src.startsWith("$((", i)) {
    const next = matchParen(src, i + 1)
    return { text: src.slice(i, next), next }
  }
  if (src.startsWith("$(", i)) {
    const next = matchParen(src, i + 1)
    subs.push(src.slice(i + 2, next - 1))
    return { text: src.slice(i, next), next }
  }
  if (src.startsWith("${", i)) {
    const close = src.indexOf("}", i)
    const next = close < 0 ? src.length : close + 1
    return { text: src.slice(i, next), next }
  }
  return { text: "$", next: i + 1 }
}

const readBacktick = (
  src: string,
  i: number,
  subs: Array<string>,
): { readonly text: string; readonly next: number } => {
  const next = skipBacktick(src, i)
  subs.push(unescapeBacktick(src.slice(i + 1, next - 1)))
  return { text: src.slice(i, next), next }
}

const readWord = (src: string, start: number): WordToken => {
  const subs: Array<string> = []
  let value = ""
  let quoted = false
  let i = start
  if ((src[i] === "<" || src[i] === ">") && src[i + 1] === "(") {
    const next = matchParen(src, i + 1)
    subs.push(src.slice(i + 2, next - 1))
    value = src.slice(i, next)
    i = next
  }
  while (i < src.length && !BREAKS.has(src[i] ?? "")) {
    const c = src[i] ?? ""
    if (c === "\\") {
      if (src[i + 1] !== "\n") value += src[i + 1] ?? ""
      quoted = true
      i += 2
    } else if (c === "'") {
      const close = src.indexOf("'", i + 1)
      const end = close < 0 ? src.length : close
      value += src.slice(i + 1, end)
      quoted = true
      i = end + 1
    } else if (c === "$" && src[i + 1] === "'") {
      let j = i + 2
      while (j < src.length && src[j] !== "'") j += src[j] === "\\" ? 2 : 1
      value += src
        .slice(i + 2, j)
        .replace(/\\n/g, "\n")
        .replace(/\\t/g, "\t")
        .replace(/\\(.)/g, "$1")
      quoted = true
      i = j + 1
    } else if (c === '"') {
      quoted = true
      i++
      while (i < src.length && src[i] !== '"') {
        const d = src[i] ?? ""
        if (d === "\\" && '$`"\\\n'.includes(src[i + 1] ?? "x")) {
          if (src[i + 1] !== "\n") value += src[i + 1] ?? ""
          i += 2
        } else if (d === "$") {
          const read = readDollar(src, i, subs)
          value += read.text
          i = read.next
        } else if (d === "`") {
          const read = readBacktick(src, i, subs)
          value += read.text
          i = read.next
        } else {
          value += d
          i++
        }
      }
      i++
    } else if (c === "$") {
      const read = readDollar(src, i, subs)
      value += read.text
      i = read.next
    } else if (c === "`") {
      const read = readBacktick(src, i, subs)
      value += read.text
      i = read.next
    } else {
      value += c
      i++
    }
  }
  const end = Math.min(i, src.length)
  return { kind: "word", value, raw: src.slice(start, end), start, end, quoted, subs }
}

/** Skips the bodies of pending here-documents, which start after the newline at `i - 1`. */
const skipHeredocs = (src: string, from: number, pending: ReadonlyArray<{ delim: string; strip: boolean }>): number => {
  let i = from
  for (const doc of pending) {
    while (i < src.length) {
      const eol = src.indexOf("\n", i)
      const lineEnd = eol < 0 ? src.length : eol
      const line = src.slice(i, lineEnd).replace(/\r$/, "")
      i = lineEnd + 1
      if ((doc.strip ? line.replace(/^\t+/, "") : line) === doc.delim) break
    }
  }
  return Math.min(i, src.length)
}

/** Splits a shell script into words and operators, honouring quotes, escapes, comments and here-documents. */
export const tokenize = (src: string): ReadonlyArray<Token> => {
  const tokens: Array<Token> = []
  const pending: Array<{ delim: string; strip: boolean }> = []
  let heredocOp: string | undefined
  let i = 0
  while (i < src.length) {
    const c = src[i] ?? ""
    if (c === " " || c === "\t" || c === "\r") {
      i++
      continue
    }
    if (c === "\\" && src[i + 1] === "\n") {
      i += 2
      continue
    }
    if (c === "\n") {
      tokens.push({ kind: "op", op: "\n", start: i, end: i + 1 })
      i = skipHeredocs(src, i + 1, pending)
      pending.length = 0
      continue
    }
    if (c === "#") {
      const eol = src.indexOf("\n", i)
      i = eol < 0 ? src.length : eol
      continue
    }
    const digits = /^\d+(?=[<>](?!\())/.exec(src.slice(i))?.[0]
    const at = i + (digits?.length ?? 0)
    const isProcSub = (src[at] === "<" || src[at] === ">") && src[at + 1] === "("
    const redir = isProcSub ? undefined : REDIRS.find((op) => src.startsWith(op, at))
    if (redir !== undefined) {
      const fd = digits === undefined ? undefined : Number(digits)
      tokens.push({ kind: "redir", op: redir, fd, start: i, end: at + redir.length })
      heredocOp = redir === "<<" || redir === "<<-" ? redir : undefined
      i = at + redir.length
      continue
    }
    const control = isProcSub ? undefined : CONTROLS.find((op) => src.startsWith(op, i))
    if (control !== undefined) {
      tokens.push({ kind: "op", op: control, start: i, end: i + control.length })
      heredocOp = undefined
      i += control.length
      continue
    }
    const word = readWord(src, i)
    tokens.push(word)
    if (heredocOp !== undefined) pending.push({ delim: word.value, strip: heredocOp === "<<-" })
    heredocOp = undefined
    i = Math.max(word.end, i + 1)
  }
  return tokens
}
