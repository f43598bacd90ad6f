# A shell session in a running notebook, kept across calls (operations/notebook-shell).

notebook-shell-opened = Opened terminal { $terminal } in notebook { $notebook }.
notebook-shell-closed = Closed terminal { $terminal } of notebook { $notebook }.
notebook-shell-quiet = (no new output)
notebook-shell-nothing-yet = (the terminal has printed nothing yet)
notebook-shell-no-terminal-given = { $action } needs the terminal's name.
notebook-shell-no-terminal-given-fix = Pass { $field } as open returned it, or open a terminal with { $call }.
notebook-shell-no-input = send needs the input to type.
notebook-shell-no-input-fix = Pass { $field }, e.g. a command line ending with a newline, or a control character such as Ctrl-C.
notebook-shell-what-terminal = terminal { $terminal }
notebook-shell-what-close = closing terminal { $terminal }
notebook-shell-gone = Notebook { $notebook } has no terminal { $terminal }: it was closed, its shell exited, or the notebook restarted.
notebook-shell-gone-fix = Open a new one with { $call }.
notebook-shell-already-gone = Terminal { $terminal } was already gone; nothing to close.
notebook-shell-plan-open = Open a terminal in notebook { $notebook }
notebook-shell-plan-send = Type { $input } into terminal { $terminal } of notebook { $notebook }
notebook-shell-plan-close = Close terminal { $terminal } of notebook { $notebook }
notebook-shell-change-open = a terminal is opened and kept open
notebook-shell-change-send = the input is typed into its shell
notebook-shell-change-close = its shell and everything running in it end
notebook-shell-why-send = types more
notebook-shell-why-read = shows its recent output
notebook-shell-why-close = ends it when done
notebook-shell-why-open = opens a new terminal
notebook-shell-output-cut = Only the last { $count ->
        [one] { $count } character
       *[other] { $count } characters
    } are shown.
notebook-shell-ended = The terminal's shell exited; the terminal is gone.
notebook-shell-dropped = The gateway cut the connection; the terminal keeps running: read or send again.
notebook-shell-until-unseen = "{ $until }" did not appear within { $seconds } s; whatever runs goes on: read or send again to see more.
