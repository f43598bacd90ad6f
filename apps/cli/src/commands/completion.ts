import type { Command } from "commander"
import { materialize } from "../command.js"
import { usageError } from "../output.js"

interface Node {
  readonly path: ReadonlyArray<string>
  readonly subcommands: ReadonlyArray<string>
  readonly flags: ReadonlyArray<string>
}

const walk = (command: Command, path: ReadonlyArray<string>, out: Node[]): Node[] => {
  const flags = materialize(command).options.flatMap((o) =>
    [o.long, o.short].filter((f): f is string => f !== undefined),
  )
  out.push({ path, subcommands: command.commands.map((c) => c.name()), flags: [...flags, "--help"] })
  for (const c of command.commands) walk(c, [...path, c.name()], out)
  return out
}

const bash = (nodes: ReadonlyArray<Node>): string =>
  [
    "# bash completion for inspire; load with: source <(inspire completion bash)",
    "_inspire() {",
    '  local cur="${COMP_WORDS[COMP_CWORD]}" path="" w',
    '  for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do [[ "$w" != -* ]] && path="$path $w"; done',
    '  case "${path# }" in',
    ...nodes.map((n) => `    "${n.path.join(" ")}") words="${[...n.subcommands, ...n.flags].join(" ")}" ;;`),
    '    *) words="" ;;',
    "  esac",
    '  COMPREPLY=($(compgen -W "$words" -- "$cur"))',
    "}",
    "complete -F _inspire inspire",
  ].join("\n")

const zsh = (nodes: ReadonlyArray<Node>): string =>
  [
    "#compdef inspire",
    "# zsh completion for inspire; load with: source <(inspire completion zsh)",
    "_inspire() {",
    "  local -a path_words; local w",
    '  for w in "${(@)words[2,CURRENT-1]}"; do [[ "$w" != -* ]] && path_words+=("$w"); done',
    '  case "${path_words[*]}" in',
    ...nodes.map((n) => `    "${n.path.join(" ")}") compadd -- ${[...n.subcommands, ...n.flags].join(" ")} ;;`),
    "  esac",
    "}",
    "compdef _inspire inspire",
  ].join("\n")

const fish = (nodes: ReadonlyArray<Node>): string =>
  [
    "# fish completion for inspire; load with: inspire completion fish | source",
    "complete -c inspire -f",
    ...nodes.flatMap((n) => {
      const cond =
        n.path.length === 0 ? "__fish_use_subcommand" : `__fish_seen_subcommand_from ${n.path[n.path.length - 1]}`
      return [
        ...n.subcommands.map((s) => `complete -c inspire -n '${cond}' -a ${s}`),
        ...n.flags.filter((f) => f.startsWith("--")).map((f) => `complete -c inspire -n '${cond}' -l ${f.slice(2)}`),
      ]
    }),
  ].join("\n")

/** `inspire completion bash|zsh|fish`: a completion script generated from the command tree. */
export const addCompletionCommand = (program: Command): void => {
  program
    .command("completion")
    .description("Print a shell completion script (bash, zsh or fish)")
    .argument("<shell>", "bash, zsh or fish")
    .action((shell: string) => {
      const nodes = walk(program, [], [])
      const script =
        shell === "bash" ? bash(nodes) : shell === "zsh" ? zsh(nodes) : shell === "fish" ? fish(nodes) : undefined
      if (script === undefined) throw usageError(`No completion for "${shell}".`, "Use bash, zsh or fish.")
      process.stdout.write(`${script}\n`)
    })
}
