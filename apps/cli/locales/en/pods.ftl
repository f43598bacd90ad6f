# `inspire job shell`: an interactive shell in a running job's pod.
cli-pods-shell-connected = Connected to pod { $pod }; type exit to leave.
cli-pods-shell-dropped = The platform closed the connection to the pod.
cli-pods-shell-dropped-hint = Connect again with `inspire job shell`; run long work in the background (nohup).
cli-pods-shell-no-terminal = job shell is interactive and needs a terminal, but stdin or stdout is not one.
cli-pods-shell-no-terminal-hint = Run it in a terminal; from a script, run commands with `inspire job exec <job> -- <command>`.
cli-pods-help-shell = Open an interactive shell in a running job's pod, as ssh would (needs a terminal)
cli-pods-help-shell-job = The job: its id, name or a unique id prefix
cli-pods-help-shell-pod = The pod: its number in the job's list (0 is the first) or its name; needed when the job has several
cli-pods-help-workspace = Workspace a job name or id prefix is looked up in
