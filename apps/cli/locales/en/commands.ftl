# Words of the CLI's own commands and flags: jobs, usage, notebooks, serving, completion, --watch.

# Between the last two of a list: "--detach and --attach".
cli-and = { " " }and{ " " }
cli-chart-written = Chart written to { $path }
cli-jobs-follow-json = --follow streams log lines and cannot be combined with --json.
cli-jobs-follow-json-hint = Drop --json to follow, or drop --follow to get the log as one JSON result.
cli-jobs-follow-download = --follow prints log lines as they come and cannot be combined with --download.
cli-jobs-follow-download-hint = Download the log, or follow it with `inspire job logs ID -f`.
cli-jobs-then-following = { $heading }, then following
cli-jobs-plot-download = --plot draws the series of summary or raw mode; it cannot be combined with --mode download.
cli-jobs-plot-download-hint = Use --mode summary or --mode raw with --plot.
cli-usage-overwrite-without-plot = --overwrite applies to the --plot file.
cli-usage-overwrite-without-plot-hint = Pass --plot FILE.svg, or drop --overwrite.
cli-notebook-exec-modes = { $flags } cannot be combined.
cli-notebook-exec-modes-hint = Use one of --detach, --attach ID, --status ID.
cli-serve-wait-seconds = --wait takes seconds from 1 to 3600, got "{ $value }".
cli-serve-wait-seconds-hint = Pass e.g. --wait 300, or --wait alone.
cli-serve-wait-dry-run = --wait waits for a deployed serving; a --dry-run deploys nothing.
cli-serve-wait-dry-run-hint = Drop one of them.
cli-completion-no-shell = No completion for "{ $shell }".
cli-completion-no-shell-hint = Use bash, zsh or fish.
cli-watch-interval = --interval must be a number of seconds, { $min } or more.
cli-watch-interval-hint = E.g. --interval { $seconds }.
cli-watch-interval-alone = --interval applies to --watch.
cli-watch-interval-alone-hint = Add --watch, or drop --interval.
cli-watch-json = --watch draws a table and cannot be combined with --json.
cli-watch-json-hint = Drop --json, or drop --watch to get one JSON result.
cli-watch-no-terminal = --watch refreshes a table on a terminal, and stdout is not one.
cli-watch-no-terminal-hint = Run it in a terminal, or drop --watch (a script can repeat `{ $command }` itself).
cli-watch-heading = Every { $seconds }s; Ctrl-C ends.
cli-shell-no-terminal = notebook shell is interactive and needs a terminal, but stdin or stdout is not one.
cli-shell-no-terminal-hint = Run it in a terminal; from a script, run commands with `inspire notebook exec <notebook> -- <command>`.
cli-shell-connected = Connected to notebook { $notebook }; type exit to leave.
cli-shell-dropped = The notebook's Jupyter gateway closed the terminal connection.
cli-shell-dropped-hint = Connect again with `inspire notebook shell`; run long work with `inspire notebook exec --detach`.
cli-shell-disconnected = Disconnected.

# notebook cp
cli-cp-exists-hint = Pass --force to replace them, or choose another destination.
cli-cp-no-notebook = Neither path names a notebook.
cli-cp-two-notebooks = Both paths name a notebook; one side must be local.
cli-cp-notebook-side-hint = Write the notebook's side as NOTEBOOK:PATH, e.g. `inspire notebook cp ./data my-nb:work/data`.

# skill install|path
cli-skill-not-shipped = The { $skill } skill is not next to this CLI (looked in { $folder }).
cli-skill-not-shipped-hint = Rebuild the CLI (node scripts/bundle.mjs copies the skill into dist/skills) or reinstall it.
cli-skill-no-agent = No agent found for this user (looked for { $folders }).
cli-skill-no-agent-hint = Pass --agent { $agents }, or --dir DIR to install into DIR/{ $skill }.
cli-skill-for = { " " }for { $agent }
cli-skill-unchanged = The { $skill } skill{ $who } in { $dir } is already up to date.
cli-skill-installed = Installed the { $skill } skill{ $who } in { $dir }:
cli-skill-updated = Updated the { $skill } skill{ $who } in { $dir }:
cli-skill-backup = (your edited copy was kept in { $backup })
cli-skill-root = the skill folder
cli-skill-not-folder = a file, not a folder
cli-skill-wrote = wrote   { $file }
cli-skill-removed = removed { $file }
cli-skill-ignored = ignored { $file } (outside the skill folder or through a link)
cli-skill-agent-choice = --agent must be one of { $agents }, not "{ $value }".
cli-skill-agent-choice-hint = Pass --agent { $agent }, for example.
cli-skill-links = Not installed: { $where } holds symbolic links where the skill's files go; nothing is written through a link.
cli-skill-links-hint = Remove those links (or the whole folder) and install again.
cli-skill-edited = Not installed: the copy in { $where } was changed since it was installed.
cli-skill-edited-hint = Keep your edits elsewhere, or pass --force to replace it (the current copy is kept as a backup beside the skills folder).
cli-skill-failed = Could not install into { $dir }: { $reason }
cli-skill-failed-fs = Could not install into { $dir }: { $reason }.
cli-skill-failed-fs-hint = Pass --dir with a folder you can write to (it is created when missing).
cli-skill-file-in-the-way = a file is in the way of that folder

# Charts: job metrics --plot (plot.ts) and usage --plot (usage-plot.ts).
cli-plot-panel-gpu = GPU utilisation
cli-plot-panel-gpu-memory = GPU memory
cli-plot-panel-cpu = CPU
cli-plot-panel-memory = Memory
cli-plot-no-points = No metric points in this window.
cli-usage-plot-title-user = GPUs held in { $workspace } by user
cli-usage-plot-title-project = GPUs held in { $workspace } by project
cli-usage-plot-held = { $gpus } GPUs held by { $tasks } running tasks
cli-usage-plot-held-idle = { $gpus } GPUs held by { $tasks } running tasks, { $idle } of them idle
cli-usage-plot-none = No GPUs are held.
cli-usage-plot-segment = { $name }: { $gpus } GPUs
cli-usage-plot-segment-idle = { $name }: { $gpus } GPUs, idle
cli-usage-plot-idle = idle (GPU utilisation under { $percent }%)
cli-plot-not-svg = --plot writes an SVG chart, but { $file } is named for another format ({ $ext }).
cli-plot-not-svg-hint = Name it { $file }, or give a folder to get the chart's default name there.
cli-help-open = Open a task's page in the console (a notebook's lab) in the browser
cli-help-open-task = The task: its id, name or a unique id prefix (a job, HPC or Ray job, serving or notebook)
cli-help-open-print = Print the address instead of opening it
cli-help-open-workspace = Where a name or id prefix is looked up (workspace name or ws- id)
cli-open-printed = No browser could be started here; open the address above yourself (or set BROWSER).
