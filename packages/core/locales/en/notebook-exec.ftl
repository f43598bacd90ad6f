# Commands in a running notebook (operations/notebook-exec).

notebook-exec-output-cut = (the start of the output was cut)
notebook-exec-exit-code = exit code { $code }
notebook-exec-started = Started detached in notebook { $notebook }: { $id }
notebook-exec-label-detached = detached command
notebook-exec-label-notebook = notebook
notebook-exec-label-state = state
notebook-exec-label-command = command
notebook-exec-label-started = started
notebook-exec-label-output = output
notebook-exec-label-ran-for = ran for
notebook-exec-exited-with = exited with { $code }
notebook-exec-bytes = { $size ->
        [one] { $size } byte
       *[other] { $size } bytes
    }
notebook-exec-and = {" "}and{" "}
notebook-exec-combined = { $modes } cannot be combined.
notebook-exec-combined-fix = Start detached, attach or ask the status, one at a time.
notebook-exec-no-command = No command was given.
notebook-exec-no-command-fix = Pass the command line to run ({ $command }), or { $attach } / { $status } for a detached one.
notebook-exec-no-new-command = { $mode } reads a detached command; it takes no new command.
notebook-exec-no-new-command-fix = Drop the command, or drop attach/status.
notebook-exec-plan-run = Run `{ $command }` in notebook { $notebook }
notebook-exec-plan-detach = Start `{ $command }` detached in notebook { $notebook }
notebook-exec-plan-attach = Read the output of detached command { $id } in notebook { $notebook }
notebook-exec-plan-status = Read the status of detached command { $id } in notebook { $notebook }
notebook-exec-change-runs = runs { $command }
notebook-exec-change-terminal = a terminal is opened and closed
notebook-exec-timed-out = Stopped with Ctrl-C after { $seconds } s; exit code 124 as timeout(1) reports it.
notebook-exec-interrupted = Interrupted: Ctrl-C was passed to the command; exit code 130.
notebook-exec-kept-in = Its output and exit status are kept in { $folder } in the notebook.
notebook-exec-why-stream = streams its output until it ends
notebook-exec-why-read-on = reads on until it ends
notebook-exec-unknown-id = No detached command { $id } is known in this notebook.
notebook-exec-lost = Its process is gone without an exit status (the notebook restarted?).
notebook-exec-reconnects = The terminal connection dropped { $count ->
        [one] { $count } time
       *[other] { $count } times
    }; reading resumed each time.
notebook-exec-detached-for-caller = This call waits only so long, so the command runs on detached; its output and exit status are kept in { $folder } in the notebook.
notebook-exec-stopped-reading = Stopped reading; the command keeps running.
