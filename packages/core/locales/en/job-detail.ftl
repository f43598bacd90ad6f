# One task's detail and failure diagnosis (operations/job-detail).

job-detail-label-id = id
job-detail-label-name = name
job-detail-label-kind = kind
job-detail-label-status = status
job-detail-label-message = message
job-detail-label-workspace = workspace
job-detail-label-project = project
job-detail-label-compute-group = compute group
job-detail-label-image = image
job-detail-label-command = command
job-detail-label-spec = spec
job-detail-label-priority = priority
job-detail-label-instances = instances
job-detail-label-shm = shm
job-detail-label-slurm = tasks × cpus
job-detail-label-created = created
job-detail-label-started = started
job-detail-label-finished = finished
job-detail-label-running-time = running time
job-detail-label-console = console
job-detail-slurm = { $tasks } × { $cpus } ({ $memory }/cpu)
job-detail-col-pod = POD
job-detail-col-node = NODE
job-detail-col-started = STARTED
job-detail-diagnosis = Diagnosis ({ $events ->
        [one] { $events } event
       *[other] { $events } events
    }, { $lines ->
        [one] { $lines } log line
       *[other] { $lines } log lines
    } read):
job-detail-no-cause = no known cause recognised; read { $logs } and { $events }.
job-detail-evidence = evidence: { $text }
job-detail-fix = fix: { $text }
job-detail-events-unread = events could not be read: { $error }
job-detail-events-gone = no events (the platform discards events of old tasks)
job-detail-logs-unread = logs could not be read: { $error }

# Likely causes of a failure, and what to do about each.
job-detail-cause-oom = The task ran out of memory (GPU or container).
job-detail-fix-oom = Lower the batch size (or use gradient accumulation/checkpointing), or submit with a larger spec.
job-detail-cause-image-pull = The image could not be pulled.
job-detail-fix-image-pull = Check the image is registered on the platform and uses the display domain (docker.sii.shaipower.online, not docker-qb.sii.edu.cn): { $call }.
job-detail-cause-no-slurm = The image has no working Slurm controller.
job-detail-fix-no-slurm = Submit the HPC job with a Slurm image (e.g. slurm-ubuntu22.04…); { $call }.
job-detail-cause-offline-network = The command used the network in an offline workspace.
job-detail-fix-offline-network = Prepare data, models and packages from an internet-enabled workspace into { $path } (shared storage) or bake them into the image, then read them from there.
job-detail-cause-environment = A command or Python module was not found: the environment was probably not activated.
job-detail-fix-environment = The platform shell is non-interactive; set commandPrefix ({ $call }) or activate it in the command.
job-detail-cause-unschedulable = The scheduler found no free GPUs for this spec.
job-detail-fix-unschedulable = { $call } shows free GPUs per compute group: pick a group with room, a smaller spec, or wait.
job-detail-cause-preempted = The task was preempted by a higher-priority task.
job-detail-fix-preempted = Resubmit with priority ≥ 4 (it ran at { $priority }; 1–3 may be preempted), within the project's cap.
job-detail-fix-preempted-low = Resubmit with priority ≥ 4 (it ran at a low priority; 1–3 may be preempted), within the project's cap.
job-detail-cause-traceback = The program raised an exception.
job-detail-fix-traceback = Fix the error the last exception line names; { $call } shows the whole traceback.
