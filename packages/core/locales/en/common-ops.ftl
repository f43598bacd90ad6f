# Shared steps of the operations (operations/common): resolving where a task runs, specs, images, priority, output files.

common-ops-no-workspace = No workspace was given and no defaultWorkspace is set.
common-ops-no-workspace-hint = Pass { $field }, or set one: { $set }; { $call } lists them.
common-ops-no-groups = The workspace { $workspace } has no compute groups.
common-ops-no-groups-hint = Pick another workspace; { $call } lists them.
common-ops-first-group = No { $field } given: using { $group }, the first group of { $workspace }.
common-ops-no-project = No project was given and { $workspace } is attached to { $count ->
        [one] { $count } project
       *[other] { $count } projects
    }.
common-ops-no-project-hint = Pass { $field }, or set one: { $set }.
common-ops-project-no-workspace = The project { $project } reaches no enabled workspace to place the task in.
common-ops-no-workspace-no-project = No workspace was given, and every workspace needs a project to be chosen.
common-ops-pass-workspace-hint = Pass { $workspace } (or { $project }); { $call } lists them.
common-ops-auto-among-project = no workspace named: every enabled workspace of { $project }
common-ops-auto-among-single = no workspace named: every enabled workspace with a single project

common-ops-auto-needs-spec = { $field } needs a spec: it is what says how many GPUs an instance takes.
common-ops-auto-needs-spec-hint = Pass { $field }; { $call } lists the specs of each group.
common-ops-your-workspaces = your { $count ->
        [one] { $count } workspace
       *[other] { $count } workspaces
    }
common-ops-auto-no-spec = No compute group of { $where } offers spec "{ $spec }" for this kind of task.
common-ops-auto-no-spec-hint = Pass a spec of this kind; { $call } lists them per group.
common-ops-auto-never = No compute group of { $where } can ever run { $count } × spec "{ $spec }": { $reasons }.
common-ops-auto-never-hint = Use fewer instances, another spec or priority; { $call } shows the nodes.
common-ops-auto-picked = { $field }: picked { $group } (ranked first of { $ranked }): { $reason }.
common-ops-auto-picked-among = { $field }: picked { $group } in { $workspace }, searched { $count ->
        [one] { $count } workspace
       *[other] { $count } workspaces
    } ({ $why }) (ranked first of { $ranked }): { $reason }.
common-ops-auto-queue = No compute group of { $where } can start it now: it will queue in { $group } until GPUs are released ({ $call } shows where work runs).
common-ops-auto-preempt = It starts in { $group } only by pre-empting low-priority work.
common-ops-placement-elsewhere = { $group } { $verdict ->
        [never] can never run it
       *[other] cannot start it now: it would queue there
    } ({ $reason }). Another group of { $workspace } could start it now: { $others }; { $call } shows the nodes.
common-ops-placement-nowhere = { $group } { $verdict ->
        [never] can never run it
       *[other] cannot start it now
    } ({ $reason }), and no other group of { $workspace } can start it now either: it will queue{ $ahead ->
        [0] {""}
        [one] {" "}behind { $ahead } job queued ahead
       *[other] {" "}behind { $ahead } jobs queued ahead
    } until GPUs are released; { $call } shows the nodes.
common-ops-placement-preempting = {" "}by pre-empting low-priority work
common-ops-placement-unchecked = Could not check whether { $group } can start it now: { $reason }.
common-ops-placement-no-workspace = the workspace's nodes were not read

common-ops-submit-image-hint = Pass { $field } (a display-domain address; { $images } lists the registered ones), or set defaultImage with { $set }.
common-ops-deploy-image-hint = Pass { $field } (a display-domain address; { $images } lists registered ones), or set one with { $set }.
common-ops-no-image = No image was given and no defaultImage is set.
common-ops-image-unregistered = { $address } is not among the images registered for this workspace; the platform refuses unregistered images. Register it under 镜像管理 → 新建镜像 ({ $call } lists the registered ones).
common-ops-image-not-ready = The image is { $status }, not READY.
common-ops-image-not-registered = The image { $image } is not registered on the platform for { $workspace }; a pushed image cannot be used until it is.
common-ops-image-not-registered-hint = Register it under 镜像管理 → 新建镜像 (镜像名称 { $name }, 版本号 { $tag }), or pick a registered one with { $call }.
common-ops-image-resolved = Image { $raw } resolved to the registered { $address }.

common-ops-nodes-unknown = Nodes unknown: { $reason }
common-ops-queue-unknown = Queued jobs unknown: { $reason }
common-ops-priority-refused = { $message } (project { $project }){ $source ->
        [defaultPriority] { " " }It came from defaultPriority.
        [fallback] { " " }It is the project's cap.
       *[other] { "" }
    }
common-ops-priority-pass = Pass { $field } explicitly.
common-ops-no-group = No compute group.
common-ops-no-group-hint = Pass { $field }.
common-ops-pass = Pass
common-ops-placement-warnings = ({ $warnings } Pass { $field } to choose another.)

common-ops-not-a-job = { $id } is { $kind ->
        [serving] a serving
        [notebook] a notebook
        [ray] a Ray job
       *[other] another kind of task
    }; { $what } exist only for training (job-…) and HPC (hpc-job-…) jobs.
common-ops-not-a-job-serving = Use { $call } for a serving.
common-ops-not-a-job-notebook = Use { $call } for a notebook.
common-ops-not-a-job-other = Pass a job-… or hpc-job-… id ({ $call } lists them).
common-ops-workspace-and-all = Pass either { $workspace } or { $all }, not both.
common-ops-workspace-and-all-hint = Leave out { $workspace } to search every workspace.
common-ops-download-dir-of = downloadDir of profile { $profile }
common-ops-download-dir-store = { $where } ({ $dir }) { $holds ->
        [yes] holds
       *[other] is inside
    } the store's folders (credentials, sessions).
common-ops-download-dir-store-hint = Use a folder of its own, e.g. ~/inspire-downloads, or unset downloadDir for { $fallback }.
common-ops-root-cwd = the current directory
common-ops-root-downloads = the downloads folder
common-ops-time-range-invalid = { $field } "{ $raw }" is not a time range.
common-ops-time-range-invalid-hint = Write a number and a unit: 90s, 30m, 3h, 1d or 1w.
common-ops-time-range-long = { $field } "{ $raw }" is longer than 30 days.
common-ops-time-range-long-hint = Ask for at most 30d; the platform refuses more.
common-ops-time-invalid = { $field } "{ $raw }" is not a time.
common-ops-time-invalid-hint = Give an ISO time (2026-01-31T08:00:00Z), epoch milliseconds, or how long ago (30m, 2h).

common-ops-plan-head = Dry run: { $summary } — nothing was sent or changed.
common-ops-plan-would-send = Would send:
common-ops-plan-more = … and { $count } more
common-ops-plan-more-requests = … and { $count } more requests
common-ops-plan-question = { $summary }?

# A dry run's target kind (data: job, HPC job, serving, notebook, model, image, setting, credentials,
# sweep), as the plan shows it; $key is the kind in lower case with dashes, for the other languages.
common-ops-plan-kind = { $key ->
   *[other] { $kind }
  }
