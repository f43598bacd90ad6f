# inspire help exit-codes (exit-codes.ts).

cli-exit-heading = Exit codes of inspire:
cli-exit-ok = success
cli-exit-error = the command failed (platform, network, store or input error)
cli-exit-usage = usage error: unknown command or flag, invalid flag or argument value (including a name that matches nothing), or a confirmation that was needed but cannot be asked (no terminal, no --yes)
cli-exit-cancelled = cancelled: a confirmation prompt was declined (or a password prompt left with Ctrl-C); nothing was changed
cli-exit-login-needed = login needed: no saved credentials, or the platform or Harbor rejected them (run `inspire login`)
cli-exit-task-failed = job wait / job show --exit-status: the task failed (or ended without reaching the awaited state); serve health --wait: the serving crashed or stopped
cli-exit-task-not-finished = job wait / job show --exit-status: the task has not finished yet (wait timed out); serve health --wait: not answering in time
cli-exit-task-not-found = not found: no task (job, notebook, serving) or other object has that id or name, in every command
cli-exit-task-stopped = job wait / job show --exit-status: the task was stopped
cli-exit-interrupted = interrupted (Ctrl-C)
cli-exit-notes =
    `job wait` (until finished, the default), `job submit --wait` and `job submit -f` (following its log) exit with the task's end state: 0, 10 or 13.
    `notebook exec`, `job exec` and `serve exec` exit with the command's own exit code (124 after --timeout, 130 after Ctrl-C); `notebook shell`, `job shell` and `serve shell` with the shell's (`exit 5` → 5).
    A declined prompt exits 3 and says "Cancelled; nothing was changed." (no error); an unknown task id exits 12 in every command.
    {""}
    With --json, a failure prints {"{"}"error": {"{"}reason, message, hint, candidates?, fix?, created?{"}"}{"}"} on stderr;
    stdout stays empty, so it only ever holds a result.
