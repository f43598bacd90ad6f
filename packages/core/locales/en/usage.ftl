# GPU usage and budgets of a workspace (operations/usage, domain/usage.ts).

usage-unknown = (unknown)
usage-progress = Reading the tasks and budgets of { $workspace }
usage-idle-warning = { $tasks ->
        [one] { $tasks } task holds
       *[other] { $tasks } tasks hold
    } { $gpus ->
        [one] { $gpus } GPU
       *[other] { $gpus } GPUs
    } at under { $limit }% utilisation: { $list }. { $call } gives an idle job's verdict; the platform reclaims GPUs left idle for hours.
usage-section-refused = { $what }: refused to this account ({ $error })
usage-section-unreadable = { $what }: could not be read ({ $error })
usage-section-admins-only = { $what }: refused to this account (AccessForbidden); only the project's admins may read them
usage-section-unoffered = { $what }: the platform does not offer them here ({ $why })
usage-member-budgets-of = Member budgets of { $project }
usage-overview-of = The budget overview of { $project }
usage-overview-fallback = { $note }; total and remaining are the project list's, without the split by kind
usage-label-workspace = Workspace
usage-label-gpus-held = GPUs held
usage-gpus-held = { $gpus } by { $running ->
        [one] { $running } running task
       *[other] { $running } running tasks
    } ({ $tasks } listed)
usage-label-gpu-utilisation = GPU utilisation
usage-label-idle = Idle
usage-idle-summary = { $gpus ->
        [one] { $gpus } GPU
       *[other] { $gpus } GPUs
    } in { $tasks ->
        [one] { $tasks } task
       *[other] { $tasks } tasks
    }
usage-idle-none = none
usage-label-read = Read
usage-col-user = USER
usage-col-priority = PRIORITY
usage-col-running = RUNNING
usage-col-tasks = TASKS
usage-col-gpu-util = GPU UTIL
usage-col-idle-gpus = IDLE GPUS
usage-col-task = TASK
usage-col-running-for = RUNNING FOR
usage-col-idle = IDLE
usage-no-tasks = (no tasks)
usage-budgets-head = Budgets (points):
usage-col-total = TOTAL
usage-col-used = USED
usage-col-train = TRAIN
usage-col-inference = INFERENCE
usage-no-projects = (none of your projects is attached to this workspace)
usage-members-of = Members of { $project }:
usage-col-member = MEMBER
# A task whose GPUs sit idle, in the IDLE column.
usage-idle-mark = IDLE
