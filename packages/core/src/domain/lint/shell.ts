import { tokenize, type WordToken } from "./lexer.js"
import { type CommandNode, type Pipeline, parse, type Redirect, type SimpleNode } from "./parser.js"
import { basename, shellBody, unwrapCommand } from "./wrappers.js"

/**
 * Where a stream of a command ends up: the job's own log (the platform's log view), a file, `/dev/null`,
 * another program through a pipe, or a `$(...)` substitution.
 */
export type OutputSink = "log" | "file" | "discarded" | "pipe" | "substitution"

/** One simple command of a script, with where its output goes once redirections and pipes are resolved. */
export interface SimpleCommand {
  /** Unquoted words, without leading `VAR=value` assignments and redirections. */
  readonly words: ReadonlyArray<string>
  readonly assignments: ReadonlyArray<string>
  /** The command's source text. */
  readonly text: string
  readonly stdout: OutputSink
  readonly stderr: OutputSink
  /** True when it runs in a child process (subshell, pipeline stage, `$(...)`, `sh -c`), not the platform's shell. */
  readonly subshell: boolean
  /** True when it was found inside `$(...)`, backticks or a `sh -c` body. */
  readonly nested: boolean
}

interface Context {
  readonly out: OutputSink
  readonly err: OutputSink
  readonly subshell: boolean
  readonly nested: boolean
  readonly depth: number
}

const MAX_DEPTH = 8

const sinkOf = (target: WordToken | undefined): OutputSink => (target?.value === "/dev/null" ? "discarded" : "file")

/** Applies redirections left to right, as the shell does, to a command's stdout and stderr. */
const redirect = (out: OutputSink, err: OutputSink, redirects: ReadonlyArray<Redirect>) => {
  let stdout = out
  let stderr = err
  for (const r of redirects) {
    const target = r.target?.value ?? ""
    const fd = r.fd ?? (r.op.startsWith("<") ? 0 : 1)
    if (r.op === "&>" || r.op === "&>>" || (r.op === ">&" && r.fd === undefined && !/^(\d+|-)$/.test(target))) {
      stdout = sinkOf(r.target)
      stderr = stdout
    } else if (r.op === ">&") {
      const copied = target === "1" ? stdout : target === "2" ? stderr : target === "-" ? "discarded" : undefined
      if (copied !== undefined && fd === 1) stdout = copied
      if (copied !== undefined && fd === 2) stderr = copied
    } else if (r.op === ">" || r.op === ">>" || r.op === ">|") {
      if (fd === 1) stdout = sinkOf(r.target)
      if (fd === 2) stderr = sinkOf(r.target)
    }
  }
  return { stdout, stderr }
}

/** Where the data piped into `stage` finally lands: a file when it is saved (`| tee log`, `| cat > log`). */
const pipeSink = (stage: CommandNode | undefined, downstream: OutputSink): OutputSink => {
  if (stage === undefined) return "pipe"
  if (stage.kind === "simple") {
    const words = unwrapCommand(stage.words.map((w) => w.value)).words
    const files = words.slice(1).filter((w) => !w.startsWith("-") && w !== "/dev/null")
    if (basename(words[0] ?? "") === "tee" && files.length > 0) return "file"
  }
  return redirect(downstream, "log", stage.redirects).stdout === "file" ? "file" : "pipe"
}

const flattenList = (pipelines: ReadonlyArray<Pipeline>, ctx: Context, found: Array<SimpleCommand>): void => {
  for (const p of pipelines) {
    const piped = p.stages.length > 1
    const sinks: Array<OutputSink> = []
    for (let i = p.stages.length - 1; i >= 0; i--) {
      sinks[i] = i === p.stages.length - 1 ? ctx.out : pipeSink(p.stages[i + 1], sinks[i + 1] ?? ctx.out)
    }
    p.stages.forEach((stage, i) => {
      const resolved = redirect(sinks[i] ?? ctx.out, ctx.err, stage.redirects)
      const stderr = p.stderrPiped[i] === true ? resolved.stdout : resolved.stderr
      const inner = { ...ctx, out: resolved.stdout, err: stderr, subshell: ctx.subshell || piped }
      if (stage.kind === "group")
        flattenList(stage.body, { ...inner, subshell: inner.subshell || stage.subshell }, found)
      else flattenSimple(stage, inner, found)
    })
  }
}

const flattenSimple = (node: SimpleNode, ctx: Context, found: Array<SimpleCommand>): void => {
  const words = node.words.map((w) => w.value)
  const unwrapped = unwrapCommand(words)
  const body = shellBody(unwrapped.words)
  const bodyIndex = body === undefined ? -1 : unwrapped.offset + body.index
  const subCtx: Context = { ...ctx, out: "substitution", subshell: true, nested: true, depth: ctx.depth + 1 }
  const carriers = [...node.assignments, ...node.words.filter((_, i) => i !== bodyIndex)]
  for (const word of [...carriers, ...node.redirects.flatMap((r) => (r.target === undefined ? [] : [r.target]))]) {
    for (const sub of word.subs) flattenScript(sub, subCtx, found)
  }
  found.push({
    words,
    assignments: node.assignments.map((w) => w.value),
    text: node.text,
    stdout: ctx.out,
    stderr: ctx.err,
    subshell: ctx.subshell,
    nested: ctx.nested,
  })
  if (body !== undefined)
    flattenScript(body.body, { ...ctx, subshell: true, nested: true, depth: ctx.depth + 1 }, found)
}

const flattenScript = (script: string, ctx: Context, found: Array<SimpleCommand>): void => {
  if (ctx.depth > MAX_DEPTH) return
  flattenList(parse(script, tokenize(script)), ctx, found)
}

/**
 * Splits a shell script into the simple commands it may run, in source order, including those inside
 * `$(...)`, backticks, subshells, `if`/`for`/`while` bodies and `bash -c '...'` scripts.
 */
export const parseCommands = (script: string): ReadonlyArray<SimpleCommand> => {
  const found: Array<SimpleCommand> = []
  flattenScript(script, { out: "log", err: "log", subshell: false, nested: false, depth: 0 }, found)
  return found
}
