# Submitting training and HPC jobs: submit, submit_hpc, resubmit and their shared checks.

submission-dry-run-head = Dry run: { $kind ->
        [hpc] HPC job
        [ray] Ray job
       *[other] Training job
    } { $name } was not created. It would send { $surface }:
submission-create-request = the create request
submission-submitted-head = { $kind ->
        [hpc] HPC job
        [ray] Ray job
       *[other] Training job
    } { $name } submitted: { $id }
submission-resubmitted-head = { $kind ->
        [hpc] HPC job
        [ray] Ray job
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
submission-slurm-layout = { $tasks ->
        [one] { $tasks } task
       *[other] { $tasks } tasks
    } × { $cpus ->
        [one] { $cpus } CPU
       *[other] { $cpus } CPUs
    } × { $memory } per CPU
submission-finding = { $level }: { $message } { $fix }
submission-price-per-hour = { $price }/h

submission-memory-per-cpu-invalid = { $field } "{ $value }" is not a whole number of GiB.
submission-memory-per-cpu-invalid-hint = Write it as e.g. "8G" (GiB per CPU); the platform takes whole gigabytes.
submission-slurm-task-cpus = { $field } { $cpus } > { $node ->
        [one] { $node } CPU
       *[other] { $node } CPUs
    } of one node of the spec
submission-slurm-task-memory = one task needs { $cpus } × { $perCpu } = { $total } GiB > { $node } GiB per node
submission-slurm-cpus = { $tasks ->
        [one] { $tasks } task
       *[other] { $tasks } tasks
    } × { $perTask ->
        [one] { $perTask } CPU
       *[other] { $perTask } CPUs
    } = { $total } > { $nodes ->
        [one] { $nodes } node
       *[other] { $nodes } nodes
    } × { $node ->
        [one] { $node } CPU
       *[other] { $node } CPUs
    }
submission-slurm-memory = { $cpus ->
        [one] { $cpus } CPU
       *[other] { $cpus } CPUs
    } × { $perCpu } GiB = { $total } GiB > { $nodes ->
        [one] { $nodes } node
       *[other] { $nodes } nodes
    } × { $node } GiB
submission-slurm-no-fit = The Slurm request does not fit the spec ({ $cpus ->
        [one] { $cpus } CPU
       *[other] { $cpus } CPUs
    }, { $memory } GiB per node): { $problems }. The platform would queue it forever instead of failing.
submission-slurm-no-fit-hint = Lower { $tasks }, { $cpus } or { $memory }, raise { $instances }, or pick a larger HPC spec ({ $call } lists them).
submission-slurm-idle = The tasks use { $used } of { $total ->
        [one] { $total } CPU
       *[other] { $total } CPUs
    } of the spec; a smaller spec may be cheaper.
submission-cpus-per-task-default = { $field } not given: using { $cpus }.
submission-memory-per-cpu-default = { $field } not given: using { $memory }G.
submission-shm-from-default = shm from defaultShm: { $mb } MB = { $gi } GiB.
submission-shm-fallback = No { $field } or defaultShm given: using { $gi } GiB.
submission-lint-refused = The { $what } would fail on the platform: { $problems }
submission-allow-network-hint = If the command only reaches something the workspace can reach (a mirror, shared storage), pass { $field }.
submission-plan-summary = Create { $kind ->
        [hpc] HPC
        [ray] Ray
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
