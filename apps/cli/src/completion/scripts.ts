// The completion scripts `inspire completion bash|zsh|fish` prints. Each is a thin function that
// passes the words typed so far to `inspire __complete` and offers what it prints, one candidate a
// line (as gh and other cobra CLIs do): what to complete is decided in one place (candidates.ts),
// so flag values, global flags before the command and names from the discovery work in every shell.

/** The hidden command the scripts call. */
export const COMPLETE_COMMAND = "__complete"

// mapfile keeps each line whole (no word splitting or globbing); %q quotes what bash needs quoted
// (spaces, parentheses), and leaves Chinese as it is in a UTF-8 locale. A word the user opened a
// quote in gets the name in that quote, closed.
const bash = `# bash completion for inspire; load with: source <(inspire completion bash)
_inspire() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" c
  local -a found
  mapfile -t found < <(inspire ${COMPLETE_COMMAND} "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
  COMPREPLY=()
  for c in "\${found[@]}"; do
    [[ -z "$c" ]] && continue
    case "$cur" in
      \\'*) COMPREPLY+=("'$c'") ;;
      \\"*) COMPREPLY+=("\\"$c\\"") ;;
      *) COMPREPLY+=("$(printf '%q' "$c")") ;;
    esac
  done
}
complete -o nosort -F _inspire inspire`

// compadd quotes what zsh needs quoted; (Q) takes the user's quoting off the words passed on.
const zsh = `#compdef inspire
# zsh completion for inspire; load with: source <(inspire completion zsh)
_inspire() {
  local -a found
  found=("\${(@f)$(inspire ${COMPLETE_COMMAND} "\${(@Q)words[2,CURRENT]}" 2>/dev/null)}")
  found=("\${(@)found:#}")
  (( \${#found} )) && compadd -- "\${found[@]}"
}
(( $+functions[compdef] )) || { autoload -Uz compinit && compinit -i }
compdef _inspire inspire`

// fish filters and escapes the candidates itself; -f: no file names where inspire offers none.
const fish = `# fish completion for inspire; load with: inspire completion fish | source
function __inspire_complete
    set -l words (commandline -opc)
    set -e words[1]
    inspire ${COMPLETE_COMMAND} $words (commandline -ct) 2>/dev/null
end
complete -c inspire -f -a '(__inspire_complete)'`

/** The completion script for a shell, or undefined for one it does not know. */
export const completionScript = (shell: string): string | undefined =>
  shell === "bash" ? bash : shell === "zsh" ? zsh : shell === "fish" ? fish : undefined
