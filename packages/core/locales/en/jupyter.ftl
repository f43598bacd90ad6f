# A notebook's Jupyter server: its contents API, terminals and detached commands (api/jupyter).

jupyter-list-hint = { $call } lists the notebooks of a workspace; pass { $field } when the notebook is not in the default workspace.
jupyter-no-notebook-named = No notebook was named.
jupyter-url-no-notebook = The URL names no notebook (it has no /jupyter/ID/, /develop/notebook/ID or ?notebook_id=ID query part).
jupyter-url-no-notebook-fix = Paste the notebook's console or Jupyter URL, or name it by name or id; { $hint }
jupyter-not-running = Notebook { $notebook } is { $status }; commands and files need it RUNNING.
jupyter-state-not-running = not running
jupyter-not-running-fix = Start it with { $call } and wait until it is RUNNING.
jupyter-open-console = Open the notebook's Jupyter from the console instead.
jupyter-no-address = The platform gave notebook { $notebook } no Jupyter address with a token.
jupyter-no-address-fix = Wait a minute after it becomes RUNNING and try again, or open it from the console.
jupyter-token-refused = The Jupyter server of notebook { $notebook } refused its token (HTTP { $status }) for { $what }.
jupyter-token-refused-fix = The token changes when the notebook restarts, and a fresh one is read on every call: try again; if it persists, check the notebook with { $call }.
jupyter-too-large = The Jupyter server of notebook { $notebook } refused { $what }: too large (HTTP 413){ $detail }.
jupyter-too-large-fix = Send a smaller file, or split it.
jupyter-nothing = The Jupyter server of notebook { $notebook } found nothing for { $what } (HTTP 404){ $detail }.
jupyter-nothing-fix = Check the path; a notebook that was just started may need a minute before its Jupyter answers.
jupyter-http = The Jupyter server of notebook { $notebook } answered HTTP { $status } to { $what }{ $detail }.
jupyter-http-retry = Try again in a minute; if it persists, restart the notebook from the console.
jupyter-http-check = Check the request's path and content.
jupyter-what-status = its status
jupyter-what-folder = the folder "{ $path }"
jupyter-what-writing = writing "{ $path }"
jupyter-what-mkdir = making the folder "{ $path }"
jupyter-what-terminal = opening a terminal
jupyter-not-ready = Notebook { $notebook } is RUNNING, but its Jupyter server is not answering yet (HTTP { $status }).
jupyter-not-ready-fix = Wait a minute and try again; if it persists, restart the notebook from the console.
jupyter-path-up = The path "{ $path }" goes up with "..".
jupyter-path-up-fix = Name the folder from the root down.
jupyter-unreadable-model = The notebook's Jupyter server described "{ $path }" in a form this client does not read.
jupyter-unreadable-model-fix = Report it, with the notebook's Jupyter version.
jupyter-is-file = "{ $path }" is a file, not a folder.
jupyter-is-file-list = List its folder instead.
jupyter-is-file-other = Choose another destination.
jupyter-no-such = There is no "{ $path }" in the notebook.
jupyter-no-such-fix = List its folder to see what is there.
jupyter-is-folder = "{ $path }" is a folder.
jupyter-is-folder-fix = Read a file, or list the folder.
jupyter-file-too-large = "{ $path }" has { $size ->
        [one] { $size } byte
       *[other] { $size } bytes
    }, more than the { $limit ->
        [one] { $limit } byte
       *[other] { $limit } bytes
    } moved in one piece.
jupyter-file-too-large-fix = Split or compress it, or move it through shared storage instead.
jupyter-terminal-unnamed = The notebook's Jupyter server opened a terminal but did not name it.
jupyter-socket-failed = The terminal connection to notebook { $notebook } failed: { $why }.
jupyter-socket-failed-fix = Try again; the notebook's Jupyter gateway sometimes refuses or drops terminal connections.
jupyter-socket-timeout = it did not open in time
jupyter-socket-refused = the gateway refused it
jupyter-dropped = The notebook's Jupyter gateway closed the terminal connection after { $seconds } s, before the command finished; the command was stopped with its terminal.
jupyter-dropped-detached = The notebook's Jupyter gateway closed the terminal connection after { $seconds } s, before the command finished.
jupyter-dropped-fix = The gateway drops terminal connections after 10–30 minutes: start long commands detached ({ $call }), then read them back with { $attach }.
jupyter-terminal-failed = The terminal of notebook { $notebook } failed: { $error }.
jupyter-unknown-error = unknown error
jupyter-try-again = Try again.
jupyter-detach-failed = The command could not be started detached in notebook { $notebook }{ $output }.
jupyter-detach-failed-fix = Check the folder (cwd) and that the notebook's home folder is writable.
jupyter-bad-env = Not a variable name: { $names }.
jupyter-bad-env-fix = Variable names are letters, digits and _, not starting with a digit (KEY=VALUE).
jupyter-bad-exec-id = "{ $id }" is not the id of a detached command.
jupyter-bad-exec-id-fix = Use the id that detach printed, e.g. x1a2b3c4d5e6.

# Contents requests the server refused, by what went wrong (api/jupyter/contents-failure.ts).
jupyter-missing-folder = The Jupyter server of notebook { $notebook } could not save "{ $path }": a folder on the way does not exist (HTTP { $status }{ $detail }).
jupyter-missing-folder-fix = Make the folder first, or write and copy with missing folders made (the default); { $call } shows what is there.
jupyter-denied = The Jupyter server of notebook { $notebook } may not write "{ $path }": permission denied (HTTP { $status }{ $detail }).
jupyter-denied-fix = Choose a folder the notebook's user may write to (its home folder, or a project folder), or change the folder's permissions from a terminal in the notebook.
jupyter-not-folder = Something on the way to "{ $path }" in notebook { $notebook } is a file, not a folder (HTTP { $status }{ $detail }).
jupyter-not-folder-fix = Choose another destination, or rename the file that is in the way; { $call } shows what is there.
jupyter-folder-there = "{ $path }" in notebook { $notebook } is a folder, so no file can be saved there (HTTP { $status }{ $detail }).
jupyter-folder-there-fix = Name a file inside it, e.g. "{ $path }/NAME", or choose another destination.
jupyter-full = The disk of notebook { $notebook } is full or over its quota, so "{ $path }" could not be saved (HTTP { $status }{ $detail }).
jupyter-full-fix = Free space in the notebook, or copy into a folder with room (such as a project folder), then copy again.
jupyter-read-only = "{ $path }" lies on a read-only file system in notebook { $notebook } (HTTP { $status }{ $detail }).
jupyter-outside-root = "{ $path }" lies outside the Jupyter root folder of notebook { $notebook }: a link out of it, or a place above it (HTTP { $status }{ $detail }).
jupyter-outside-root-fix = Name a path inside the root (the top of the lab's file browser; { $call } lists it), written from there without a leading "/"; copy elsewhere with a command in the notebook.
jupyter-server-error-fix = The server's message says what went wrong, and trying again will not change it: check the path and the notebook's disk with { $call }.
