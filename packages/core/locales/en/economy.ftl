# Results that are worth their tokens: the status overview's spec counts (operations/status).

status-col-train = TRAIN
status-col-hpc = HPC
status-col-dsw = DSW
status-col-serving = SERVING
status-specs-hint = The columns TRAIN to SERVING count each group's specs; { $example } lists the ids of one schedule type.

# The MCP server's prompts: the skill's main workflows as one message each (apps/mcp, prompts.ts).

prompt-train-title = Submit a training job and check it trains
prompt-train-description = A GPU training job: pick a TRAIN spec, dry run, submit, wait until it runs, then read its log and GPU utilisation.
prompt-train-arg-command = The command the job runs, e.g. python train.py
prompt-train-arg-name = The job's name (default exp-001)
prompt-train-arg-workspace = The workspace (default: the defaultWorkspace setting)
prompt-train =
    Submit a training job on the SII Inspire platform (启智平台) that runs `{ $command }`, and check that it trains.
    1. { $status } lists the compute groups, their free GPUs and the TRAIN specs: take the spec id from it, never guess one. An offline workspace (分布式训练空间, 高性能计算, 整节点任务空间) allows no downloads in the command.
    2. { $dryRun } checks the request without creating anything; then make the same call without { $field }. Send the output to shared storage: `2>&1 | tee /inspire/hdd/project/<en_name>/logs/{ $name }.log`.
    3. { $wait }, then { $logs } and { $metrics }: is it training or idling?
    If a submit fails unclearly, look for the job with { $jobs } before submitting again.
prompt-diagnose-title = Diagnose a failed job
prompt-diagnose-description = Why a task failed and how to fix it: its diagnosis, warning events and last log lines.
prompt-diagnose-arg-job-id = The task's id (job-…, hpc-job-…, rj-…)
prompt-diagnose =
    Work out why the task { $job } failed on the SII Inspire platform (启智平台), and how to fix it.
    1. { $detail } reads its configuration and, for a failed task, its last log lines and events, and names the likely cause.
    2. The platform's warnings (scheduling, image pulls, memory, evictions): { $events }.
    3. { $logs }
    Common causes: an image by its push domain or not registered; network commands in an offline workspace; no conda activation in the command; a spec of another task type; shm under 64 GiB for a multi-GPU job. Say what went wrong and the fix; submit again only when the user agrees.
prompt-diagnose-logs = { $call } shows what the program printed last.
prompt-diagnose-more-log = { $call } reads more of the log (the program's last lines).
prompt-free-gpus-title = Find free GPUs
prompt-free-gpus-description = Where a job of some GPUs can run now: free GPUs per compute group and node, and the spec to ask for.
prompt-free-gpus-arg-gpus = GPUs per instance (default: any)
prompt-free-gpus-arg-workspace = Only this workspace (default: every workspace)
prompt-free-gpus =
    Find where { $gpus ->
        [0] GPUs are
        [one] { $gpus } GPU is
       *[other] { $gpus } GPUs are
    } free now on the SII Inspire platform (启智平台).
    1. { $look }
    2. { $status } gives the TRAIN specs of the group picked: a job of N GPUs per instance needs a spec of N GPUs.
    Priority 1–3 can be pre-empted; 4 and above cannot. Say which workspace, compute group and spec to use.
prompt-free-gpus-nodes = { $call } reads the nodes: the free GPUs per node, and the groups where the job fits, best first.
prompt-free-gpus-groups = { $call } shows each compute group's free and total GPUs (free GPUs on one node matter for a one-node job).
prompt-missing-argument = The prompt { $prompt } needs the argument { $argument }.
prompt-missing-argument-hint = prompts/list shows each prompt's arguments.
prompt-bad-gpus = gpus must be a whole number from 1 to 64, not "{ $value }".
prompt-bad-gpus-hint = Leave gpus out to look for any free GPUs.

# The logs' cursor (operations/logs).

logs-older = Older lines: { $field }
