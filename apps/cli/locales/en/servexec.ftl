# `inspire serve shell`: an interactive shell in a running serving's pod.
cli-servexec-shell-dropped-hint = Connect again with `inspire serve shell`; run long work in the background (nohup).
cli-servexec-shell-no-terminal = serve shell is interactive and needs a terminal, but stdin or stdout is not one.
cli-servexec-shell-no-terminal-hint = Run it in a terminal; from a script, run commands with `inspire serve exec <serving> -- <command>`.
cli-servexec-help-shell = Open an interactive shell in a running serving's pod, as ssh would (needs a terminal)
cli-servexec-help-shell-serving = The serving: its id, name or a unique id prefix
cli-servexec-help-shell-pod = The pod: its number in the serving's list (0 is the first) or its name; needed when it has several
cli-servexec-help-workspace = Workspace a serving name or id prefix is looked up in
