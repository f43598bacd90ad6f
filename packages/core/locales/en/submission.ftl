# Submitting training and HPC jobs: submit, submit_hpc, resubmit and their shared checks.

submission-dry-run-head = Dry run: { $kind ->
        [hpc] HPC job
       *[other] Training job
    } { $name } was not created. It would send { $surface }:
submission-create-request = the create request
submission-submitted-head = { $kind ->
        [hpc] HPC job
       *[other] Training job
    } { $name } submitted: { $id }
submission-resubmitted-head = { $kind ->
        [hpc] HPC job
       *[other] Training job
    } { $name } submitted: { $id } (from { $from })
submission-label-console = Console
submission-label-status = Status
submission-label-project = Project
submission-label-workspace = Workspace
submission-label-compute-group = Compute group
submission-label-spec = Spec
submission-label-nodes = Nodes
submission-label-slurm = Slurm
submission-label-shm = Shm
submission-label-priority = Priority
submission-label-image = Image
submission-label-entrypoint = Entrypoint
submission-label-command = Command
submission-slurm-layout = { $tasks } task(s) × { $cpus } CPU × { $memory } per CPU
submission-finding = { $level }: { $message } { $fix }
submission-price-per-hour = { $price }/h

submission-memory-per-cpu-invalid = memory_per_cpu "{ $value }" is not a whole number of GiB.
submission-memory-per-cpu-invalid-hint = Write it as e.g. "8G" (GiB per CPU); the platform takes whole gigabytes.
submission-slurm-task-cpus = cpus_per_task { $cpus } > { $node } CPUs of one node of the spec
submission-slurm-task-memory = one task needs { $cpus } × { $perCpu } = { $total } GiB > { $node } GiB per node
submission-slurm-cpus = { $tasks } tasks × { $perTask } CPUs = { $total } > { $nodes } node(s) × { $node } CPUs
submission-slurm-memory = { $cpus } CPUs × { $perCpu } GiB = { $total } GiB > { $nodes } node(s) × { $node } GiB
submission-slurm-no-fit = The Slurm request does not fit the spec ({ $cpus } CPUs, { $memory } GiB per node): { $problems }. The platform would queue it forever instead of failing.
submission-slurm-no-fit-hint = Lower number_of_tasks, cpus_per_task or memory_per_cpu, raise instance_count, or pick a larger HPC spec ({ $call } lists them).
submission-slurm-idle = The tasks use { $used } of { $total } CPUs of the spec; a smaller spec may be cheaper.
submission-cpus-per-task-default = cpus_per_task not given: using { $cpus }.
submission-memory-per-cpu-default = memory_per_cpu not given: using { $memory }G.
submission-shm-from-default = shm from defaultShm: { $mb } MB = { $gi } GiB.
submission-shm-fallback = No shm or defaultShm given: using { $gi } GiB.
submission-lint-refused = The { $what } would fail on the platform: { $problems }
submission-allow-network-hint = If the command only reaches something the workspace can reach (a mirror, shared storage), pass { $field }.
submission-plan-summary = Create { $kind ->
        [hpc] HPC
       *[other] training
    } job { $name } in { $workspace }
submission-plan-change = created: { $count } × { $spec } in { $group }, priority { $priority }

# The spec candidates table of a spec error (laid out when the error is worded).
submission-col-spec-id = ID
submission-col-gpu = GPU
submission-col-count = COUNT
submission-col-cpu = CPU
submission-col-memory = MEM GiB
submission-col-price = PRICE/H
