# The command lint (domain/lint): what will fail on the platform, and what to do instead.

lint-sbatch-fix = Remove the line: set resources with the job's { $tasks }, { $cpus } and { $memory } parameters (and its spec and compute group) instead.
lint-sbatch-fix-option = Remove the line: set resources with the job's { $tasks }, { $cpus } and { $memory } parameters (and its spec and compute group) instead. Here, use { $parameter }{ $perCpu ->
        [yes] { " " }(memory per CPU, not per node)
       *[other] { "" }
    } in place of `{ $option }`.
lint-hpc-empty = The HPC entrypoint is empty.
lint-hpc-empty-fix = Give the Slurm body to run, for example `srun python preprocess.py`.
lint-hpc-shebang = The entrypoint starts a script with a `#!` line, but the platform writes its own header.
lint-hpc-shebang-fix = Remove the `#!` line; give only the body.
lint-hpc-sbatch = `{ $line }` is not allowed: the platform generates the #SBATCH header itself.
lint-hpc-no-srun = The work is not launched with `srun`, so it does not run as Slurm tasks on the allocated CPUs.
lint-hpc-no-srun-fix = Launch each step with srun, for example `srun python preprocess.py`.
lint-hpc-image = The image `{ $image }` does not look like a Slurm image; HPC jobs need Slurm in the image ("slurmctld BackOff" in the events means it is missing).
lint-hpc-image-fix = Use an image with Slurm installed (its name should contain "slurm"), e.g. an inspire-studio slurm image.
lint-fix-shared = Download it in an internet-enabled workspace (a CPU job or notebook in CPU资源空间, or 可上网GPU资源) into the project's shared storage, /inspire/hdd/project/<en_name>/..., which every workspace of the project mounts; then run this job offline from that path.
lint-fix-python-package = Bake the packages into the image, or install from the platform's Nexus PyPI mirror ({ $mirror }) with `pip install -i <mirror index URL> ...`. Otherwise install them in an internet-enabled workspace (CPU资源空间 or 可上网GPU资源) into a virtual environment under /inspire/hdd/project/<en_name>/envs/<name>, then activate it here.
lint-fix-conda-package = Create the environment in an internet-enabled workspace (CPU资源空间 or 可上网GPU资源) with `conda create -p /inspire/hdd/project/<en_name>/envs/<name> ...` on shared storage, then `conda activate /inspire/hdd/project/<en_name>/envs/<name>` in this job; or bake the environment into the image.
lint-fix-download = { $shared } For models: `hf download <repo> --local-dir /inspire/hdd/project/<en_name>/models/<name>`.
lint-fix-git = Clone or update the repository in an internet-enabled workspace into /inspire/hdd/project/<en_name>/code/..., then run this job from that path. { $shared }
lint-fix-system-package = Bake system packages into the image (build, push and register a custom image). For files, { $shared }
lint-fix-node-package = Install Node packages into the image or, download it in an internet-enabled workspace (a CPU job or notebook in CPU资源空间, or 可上网GPU资源) into the project's shared storage, /inspire/hdd/project/<en_name>/..., which every workspace of the project mounts; then run this job offline from that path.
lint-network = `{ $tool }` needs the internet{ $context ->
        [unknown] ; if this workspace is offline (分布式训练空间, 整节点任务空间 and 高性能计算 have no internet access), it will fail or hang.
        [hpc] , but HPC spaces (高性能计算) are offline.
       *[other] , but this workspace is offline (分布式训练空间, 整节点任务空间 and 高性能计算 have no internet access).
    }
lint-output-lost = The output of `{ $command }` { $how ->
        [discarded] is discarded
       *[other] is not saved to a file
    }.
lint-log-fix = Append `2>&1 | tee /inspire/hdd/project/{"{"}en_name{"}"}/logs/<name>.log` so that output and tracebacks survive on shared storage after the job is gone.
lint-stderr-lost = `{ $command }` saves stdout to a file but not stderr, so tracebacks will be missing from the log.
lint-stderr-fix = Add `2>&1` before the `| tee` or after the `> file` redirection (or use `&> file`).
lint-command-empty = The command is empty.
lint-command-empty-fix = Give the command the job should run.
lint-no-env = The job runs Python without setting up an environment. The platform's shell is non-interactive, so ~/.bashrc is not loaded and no conda environment is activated: `python` may be the wrong interpreter.
lint-no-env-fix = Set commandPrefix so that every job starts in your environment, for example `source /opt/conda/etc/profile.d/conda.sh && conda activate myenv && cd /inspire/hdd/project/{"{"}en_name{"}"}/code`, or begin the command with that, or call the interpreter by its absolute path (/opt/conda/envs/myenv/bin/python).
lint-set-e = `set -e` in the command also applies to the platform's wrapper shell and can end the job early.
lint-set-e-fix = Remove `set -e`; chain steps with `&&`, or put `set -e` inside a script you run with `bash script.sh`.
lint-rdzv = torchrun is given `{ $flag }`; the platform already injects the rendezvous.
lint-rdzv-fix = Drop the --rdzv_* flags and launch from the injected variables: `torchrun --nnodes=$PET_NNODES --node_rank=$PET_NODE_RANK --nproc_per_node=$PET_NPROC_PER_NODE --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py`.

lint-count-errors = { $count ->
        [one] { $count } error
       *[other] { $count } errors
    }
lint-count-warnings = { $count ->
        [one] { $count } warning
       *[other] { $count } warnings
    }
lint-count-hints = { $count ->
        [one] { $count } hint
       *[other] { $count } hints
    }
lint-no-problems = no problems found
