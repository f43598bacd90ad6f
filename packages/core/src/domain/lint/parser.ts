import type { Token, WordToken } from "./lexer.js"

/** A redirection with its target word (absent when the script ends after the operator). */
export interface Redirect {
  readonly op: string
  readonly fd: number | undefined
  readonly target: WordToken | undefined
}

/** A simple command: assignments, words and redirections, with its source text. */
export interface SimpleNode {
  readonly kind: "simple"
  readonly words: ReadonlyArray<WordToken>
  readonly assignments: ReadonlyArray<WordToken>
  readonly redirects: ReadonlyArray<Redirect>
  readonly text: string
}

/** A compound command (`( )`, `{ }`, `if`, `for`, `while`, `case`) whose redirections apply to its whole body. */
export interface GroupNode {
  readonly kind: "group"
  readonly body: ReadonlyArray<Pipeline>
  readonly redirects: ReadonlyArray<Redirect>
  readonly subshell: boolean
}

/** One stage of a pipeline. */
export type CommandNode = SimpleNode | GroupNode

/** Commands joined by `|` or `|&`; `&&`, `||` and `;` only separate pipelines. */
export interface Pipeline {
  readonly stages: ReadonlyArray<CommandNode>
  /** `stderrPiped[i]` is true when stage i is followed by `|&`. */
  readonly stderrPiped: ReadonlyArray<boolean>
}

type Stop = (token: Token) => boolean

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/

const isWord = (token: Token | undefined, ...values: ReadonlyArray<string>): boolean =>
  token?.kind === "word" && !token.quoted && values.includes(token.value)

const isOp = (token: Token | undefined, ...ops: ReadonlyArray<string>): boolean =>
  token?.kind === "op" && ops.includes(token.op)

/** Parses tokens into pipelines of commands; lenient: malformed input is skipped over, never rejected. */
export const parse = (src: string, tokens: ReadonlyArray<Token>): ReadonlyArray<Pipeline> => {
  let pos = 0
  const skipNewlines = () => {
    while (isOp(tokens[pos], "\n")) pos++
  }
  const expectWord = (value: string) => {
    if (isWord(tokens[pos], value)) pos++
  }
  const redirects = (): Array<Redirect> => {
    const found: Array<Redirect> = []
    for (let t = tokens[pos]; t?.kind === "redir"; t = tokens[pos]) {
      const target = tokens[pos + 1]
      found.push({ op: t.op, fd: t.fd, target: target?.kind === "word" ? target : undefined })
      pos += target?.kind === "word" ? 2 : 1
    }
    return found
  }

  const list = (stop: Stop): Array<Pipeline> => {
    const pipelines: Array<Pipeline> = []
    while (pos < tokens.length) {
      const t = tokens[pos]
      if (t === undefined || stop(t)) break
      if (isOp(t, ";", "&", "\n")) {
        pos++
        continue
      }
      const before = pos
      pipelines.push(...andOr(stop))
      if (pos === before) pos++
    }
    return pipelines
  }

  const andOr = (stop: Stop): Array<Pipeline> => {
    const pipelines: Array<Pipeline> = []
    for (;;) {
      const p = pipeline(stop)
      if (p !== undefined) pipelines.push(p)
      if (!isOp(tokens[pos], "&&", "||")) return pipelines
      pos++
      skipNewlines()
    }
  }

  const pipeline = (stop: Stop): Pipeline | undefined => {
    while (isWord(tokens[pos], "!", "time")) pos++
    const stages: Array<CommandNode> = []
    const stderrPiped: Array<boolean> = []
    for (;;) {
      const node = command(stop)
      if (node === undefined) break
      stages.push(node)
      stderrPiped.push(isOp(tokens[pos], "|&"))
      if (!isOp(tokens[pos], "|", "|&")) break
      pos++
      skipNewlines()
    }
    return stages.length === 0 ? undefined : { stages, stderrPiped }
  }

  const group = (body: Array<Pipeline>, subshell: boolean): GroupNode => ({
    kind: "group",
    body,
    subshell,
    redirects: redirects(),
  })

  const untilWord =
    (...values: ReadonlyArray<string>): Stop =>
    (t) =>
      isWord(t, ...values)

  const command = (stop: Stop): CommandNode | undefined => {
    const t = tokens[pos]
    if (t === undefined || stop(t)) return undefined
    if (isOp(t, "(")) {
      pos++
      const body = list((u) => isOp(u, ")"))
      if (isOp(tokens[pos], ")")) pos++
      return group(body, true)
    }
    if (t.kind !== "word" || t.quoted) return simple()
    if (t.value === "{") {
      pos++
      const body = list(untilWord("}"))
      expectWord("}")
      return group(body, false)
    }
    if (t.value === "if") {
      pos++
      const body: Array<Pipeline> = []
      while (pos < tokens.length) {
        body.push(...list(untilWord("then", "elif", "else", "fi")))
        if (isWord(tokens[pos], "fi")) {
          pos++
          break
        }
        if (pos < tokens.length) pos++
      }
      return group(body, false)
    }
    if (t.value === "while" || t.value === "until" || t.value === "for" || t.value === "select") {
      pos++
      const body = t.value === "while" || t.value === "until" ? list(untilWord("do")) : []
      while (pos < tokens.length && !isWord(tokens[pos], "do")) pos++
      expectWord("do")
      body.push(...list(untilWord("done")))
      expectWord("done")
      return group(body, false)
    }
    if (t.value === "case") {
      pos++
      while (pos < tokens.length && !isWord(tokens[pos], "in")) pos++
      expectWord("in")
      const body: Array<Pipeline> = []
      while (pos < tokens.length && !isWord(tokens[pos], "esac")) {
        while (pos < tokens.length && !isOp(tokens[pos], ")") && !isWord(tokens[pos], "esac")) pos++
        if (isOp(tokens[pos], ")")) pos++
        body.push(...list((u) => isOp(u, ";;") || isWord(u, "esac")))
        if (isOp(tokens[pos], ";;")) pos++
      }
      expectWord("esac")
      return group(body, false)
    }
    if (t.value === "function") {
      pos += isOp(tokens[pos + 2], "(") ? 4 : 2
      skipNewlines()
      return command(stop)
    }
    return simple()
  }

  const simple = (): CommandNode | undefined => {
    const words: Array<WordToken> = []
    const assignments: Array<WordToken> = []
    const found: Array<Redirect> = []
    const start = tokens[pos]?.start ?? 0
    let end = start
    for (let t = tokens[pos]; t !== undefined && t.kind !== "op"; t = tokens[pos]) {
      if (t.kind === "redir") {
        found.push(...redirects())
      } else {
        if (words.length === 0 && ASSIGNMENT.test(t.raw)) assignments.push(t)
        else words.push(t)
        pos++
      }
      end = tokens[pos - 1]?.end ?? end
    }
    // `name() { ...; }` defines a function: its body is what may run.
    if (words.length === 1 && isOp(tokens[pos], "(") && isOp(tokens[pos + 1], ")")) {
      pos += 2
      skipNewlines()
      return command(() => false)
    }
    if (words.length === 0 && assignments.length === 0 && found.length === 0) return undefined
    return { kind: "simple", words, assignments, redirects: found, text: src.slice(start, end).trim() }
  }

  return list(() => false)
}
