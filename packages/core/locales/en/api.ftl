# Reading and writing the platform's tasks and resources (api/jobs, api/resources, api/support).

api-unexpected-shape = { $surface } answered in an unexpected shape ({ $where }: { $why }).
api-unexpected-shape-hint = The platform may have changed; report it with the command you ran.
api-top-level = top level
api-read-hint = Try again later; if it persists, run { $call } and report the message.

# What a call was for, after "Could not …" (errors-could-not).
api-create-what = create { $what }
api-stop-what = stop { $what }
api-the-training-job = the training job
api-the-hpc-job = the HPC job
api-read-training-job = read the training job
api-list-training-jobs = list training jobs
api-read-hpc-job = read the HPC job
api-list-hpc-jobs = list HPC jobs
api-list-job-events = list the job's events
api-list-hpc-events = list the HPC job's events
api-list-pods = list the job's pods
api-read-logs = read the job's logs
api-read-metrics = read the job's metrics
api-list-groups = list the compute groups
api-read-gpu-use = read the nodes' GPU use
api-list-projects = list the projects
api-list-queued = list the queued training jobs
api-list-specs = list the specs
api-read-workspace-tasks = read the workspace's tasks
api-read-user = read the user's details

api-not-positive = { $what } must be a positive whole number, got { $value }.
api-not-positive-hint = Give a whole number above 0, e.g. 1.
api-field-instance-count = The instance count
api-field-shm = Shared memory (GiB)
api-field-tasks = The number of tasks
api-field-cpus = The CPUs per task
api-field-memory = The memory per CPU (GiB)
api-no-place-id = No { $key ->
        [workspace] workspace
        [project] project
        [group] compute group
       *[spec] spec
    } id was given.
api-no-place-id-hint = Resolve the { $key ->
        [workspace] workspace
        [project] project
        [group] compute group
       *[spec] spec
    } first ({ $call } lists them).
api-hpc-empty = The HPC entrypoint is empty.
api-hpc-empty-hint = Give the Slurm body, e.g. `srun python run.py`.
api-hpc-header = The HPC entrypoint contains a `#!` or `#SBATCH` line; the platform writes its own sbatch header.
api-hpc-header-hint = Remove those lines and set tasks, CPUs and memory with the HPC options instead.
api-hpc-no-slurm = The image name does not mention slurm; HPC images must contain Slurm (else `slurmctld BackOff`).
api-hpc-no-srun = The entrypoint does not use `srun`; HPC work must be launched with srun.

api-no-job-id = No job id was given.
api-no-training-job-id = No training job id was given.
api-no-hpc-job-id = No HPC job id was given.
api-pass-job-id-hint = Pass the job id ({ $call } lists them).
api-no-workspace = No workspace was given.
api-pass-workspace-hint = Pass a workspace id ({ $call } lists them).
api-no-pods = Job { $job } has no pods yet, so it has no logs.
api-no-pods-hint = Wait until it leaves the queue ({ $call }), then read the logs again.
api-not-a-job = { $job } is not a training or HPC job.
api-not-a-job-hint = Pass a job-… or hpc-job-… id ({ $call }).
api-bad-range = The time range must be positive.
api-bad-range-hint = Ask for e.g. 3600 seconds.
api-still-creating = { $message } The job is still being created.
api-still-creating-hint = Wait a few seconds and stop it again ({ $call }).

# Finding a workspace, project or compute group by name or id ($kind: workspace, project, group, group-here).
api-none-named = No { $kind ->
        [workspace] workspace
        [project] project
       *[group] compute group
    } is named "{ $wanted }".{ $suggestion }
api-none-named-hint = { $hint } Choose one of the listed names or ids.
api-many-named = { $count } { $kind ->
        [workspace] workspaces
        [project] projects
       *[group] compute groups
    } are named "{ $wanted }".
api-many-named-hint = Names are not unique; pass the id of the one you mean.
api-many-match = "{ $wanted }" matches { $count } { $kind ->
        [workspace] workspaces
        [project] projects
       *[group] compute groups
    }: did you mean { $names }?
api-many-match-hint = Pass more of the name (or the id) of the one you mean.
api-not-yours = { $id } is not one of your { $kind ->
        [workspace] workspaces
        [project] projects
        [group-here] compute groups in this workspace
       *[group] compute groups
    }.
api-projects-hint = { $call } lists your projects.
api-workspaces-hint = { $call } lists your workspaces.
api-groups-hint = { $call } lists the compute groups of each workspace.
api-workspace-disabled = Workspace { $name } ({ $id }) is disabled (该空间已被禁用).
api-workspace-disabled-hint = Pick another workspace.
api-not-attached = Project { $project } is not attached to workspace { $workspace }.
api-not-attached-hint = Pick a workspace of that project, or a project attached to this workspace.
api-physical-group = { $id } is a physical compute group id; the platform wants a logic compute group id (lcg-…).
api-use-group-hint = Use { $id } ({ $name }).
api-no-such-workspace = No workspace "{ $wanted }" among yours.
api-no-such-workspace-hint = Use one of: { $names }; or leave the workspace out to see all.
api-specs-unread = { $type } specs of { $group }: { $why }
api-disabled-no-calls = The workspace is disabled (该空间已被禁用); it accepts no calls.
api-free-gpus-unknown = Free GPUs unknown: { $why }
api-shared-uncounted = Pre-emptible GPUs on nodes shared with other work are not counted: the task dimension could not be read ({ $why })
