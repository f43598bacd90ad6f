# The words of --help itself: headings, the flags the CLI adds to every command, group summaries.
# The catalogue's own texts (summaries, flag descriptions) are in packages/core/locales/<language>/help.ftl.

cli-help-usage = Usage:
cli-help-options = Options:
cli-help-commands = Commands:
cli-help-arguments = Arguments:
cli-help-global-options = Global options (before or after the command):
cli-help-examples = Examples:
cli-help-after = Exit codes: inspire help exit-codes. Debug output: INSPIRE_DEBUG=1.
cli-help-with-default = { $help } (default: { $value })
cli-help-extra = { $description } ({ $extra })
cli-help-choices = choices: { $values }
cli-help-default = default: { $value }
cli-help-extra-separator = ,{ " " }
cli-help-option-help = display help for command
cli-help-option-version = output the version number
cli-help-option-profile = use this profile (default: INSPIRE_PROFILE, else the current profile)
cli-help-option-dry-run = show what would be sent or changed, and change nothing
cli-help-option-yes = do not ask for confirmation
cli-help-program = inspire: the command line for the SII Inspire GPU/HPC platform (qz.sii.edu.cn)
cli-help-help-command = Show help for a command, or `inspire help exit-codes`
cli-help-help-json = with exit-codes: the table as JSON
cli-help-group-job = Submit, inspect and stop training jobs; inspect, wait for and stop HPC and Ray jobs
cli-help-group-hpc = Submit HPC (Slurm) jobs; inspect them with `inspire job`
cli-help-group-ray = Submit Ray jobs (a head and scaling worker groups); inspect, wait for and stop them with `inspire job`
cli-help-group-serve = Deploy, inspect and stop inference services
cli-help-group-notebook = Create, start, stop and delete notebooks; run commands, copy files and open a shell in one
cli-help-group-terminal = A shell in a running notebook that lives on between commands: open one, type into it, read it, close it
cli-help-group-model = List, inspect, create and delete model-repository entries
cli-help-group-image = Browse platform-registered or Harbor images, push local ones
cli-help-group-sweep = Run many jobs from one sweep file, watch them, stop them and resubmit the failed ones
cli-help-group-config = Read or change defaults ({ $keys })

# The CLI's own commands and flags.
cli-help-password-stdin = read the password from standard input
cli-help-logout = Forget the profile's platform password and session
cli-help-completion = Print a shell completion script (bash, zsh or fish)
cli-help-submit-wait = wait until the job finishes; exit with the code of `job wait`
cli-help-submit-follow = follow the job's log until it ends
cli-help-exit-status = exit 0 succeeded, 10 failed, 11 not finished, 12 not found, 13 stopped
cli-help-logs-follow = after the newest lines, print new ones until the job ends
cli-help-metrics-plot = also write the series as an SVG chart to this file (here or in the downloads folder; --overwrite replaces one)
cli-help-cp = Copy files or folders between here and a running notebook (NOTEBOOK:PATH), sha256-checked
cli-help-cp-source = a local path, or NOTEBOOK:PATH (the notebook's name, id or id prefix, then the path)
cli-help-cp-destination = NOTEBOOK:PATH, or a local path (a folder: copied into it)
cli-help-cp-force = replace files that exist at the destination
cli-help-cp-no-parents = refuse instead of making missing folders above the destination in the notebook (made by default, as mkdir -p)
cli-help-notebook-workspace = where to look the notebook's name up (default: defaultWorkspace)
cli-help-shell = Open an interactive terminal in a running notebook, as ssh would (needs a terminal)
cli-help-shell-notebook = the notebook: name, id, unique id prefix, or its console/Jupyter URL
cli-help-profile = Manage profiles: one account (and platform) each
cli-help-profile-list = List profiles; * marks the current one
cli-help-profile-add = Create a profile
cli-help-profile-base-url = the platform's address (default: production, https://qz.sii.edu.cn)
cli-help-profile-emulator = an inspire-emulator's address: the platform and both registries' Harbor API
cli-help-profile-harbor-api = Harbor's REST API of qb or sj, e.g. qb=http://127.0.0.1:4010/harbor/qb (repeatable)
cli-help-profile-registry-push = where images of qb or sj are pushed, e.g. qb=127.0.0.1:5000 (repeatable)
cli-help-profile-use = Make a profile the current one
cli-help-profile-remove = Remove a profile with its saved credentials and sessions
cli-help-doctor = Check config, network, credentials, Harbor and clock
cli-help-usage-plot = also write the GPUs held as a stacked bar chart to this file (here or in the downloads folder)
cli-help-usage-by = bars of the chart: one per user (stacked by project) or per project
cli-help-usage-overwrite = replace an existing chart file (default: refuse)
cli-help-no-mine = include everyone's tasks, not only your own
cli-help-no-details = skip the metrics verdicts and failure diagnoses: read only the list (faster)
cli-help-no-parents = refuse, naming the first missing folder, instead of making the missing folders above the destination (made by default, as mkdir -p does)
cli-help-negated = turn off: { $help }
cli-help-record = { $help }; one KEY=VALUE per flag, repeat it for more, e.g. { $flag } WANDB_MODE=offline { $flag } SEED=1
cli-help-watch = refresh the table on this terminal until Ctrl-C (refused when stdout is not a terminal)
cli-help-watch-interval = seconds between refreshes with --watch (default { $default }, at least { $min })
cli-help-skill = Install the { $skill } agent skill into Claude, Codex, Gemini…
cli-help-skill-install = Copy the { $skill } skill into an agent's user skills folder and list what was written
cli-help-skill-dir = install into DIR/{ $skill } instead of an agent's folder
cli-help-skill-force = replace a copy you edited; the old copy is kept as a backup beside the skills folder
cli-help-skill-path = Print where the { $skill } skill shipped with this CLI lives (or, with --agent, where it installs)
cli-help-skill-path-agent = print this agent's install folder instead
cli-help-skill-agent = the agent (repeatable); default: every agent found in your home folder
cli-help-serve-wait = probe until it answers, crashes or stops, or SECONDS pass (default: the recipe's health.timeout_seconds, else 600); exit 0 ready, 11 not ready in time, 10 crashed or stopped
cli-help-summary-separator = ;{ " " }
cli-help-cp-paths = Paths in the notebook are relative to its Jupyter root folder (as the lab's file browser shows them).
cli-help-cp-size = Files of any size go in blocks; a copy that was cut off continues where it stopped when run again; folders are copied whole.
cli-help-cp-local = Local paths stay inside the current directory or the downloads folder; symbolic links are never followed.
