# 命令检查（domain/lint）：哪些写法会在平台上失败，以及应当怎么做。

lint-sbatch-fix = 请删除这一行：改用任务的 { $tasks }、{ $cpus } 和 { $memory } 参数（以及规格和计算组）设置资源。
lint-sbatch-fix-option = 请删除这一行：改用任务的 { $tasks }、{ $cpus } 和 { $memory } 参数（以及规格和计算组）设置资源。这里请用 { $parameter }{ $perCpu ->
        [yes] （每 CPU 的内存，不是每节点）
       *[other] { "" }
    } 代替 `{ $option }`。
lint-hpc-empty = 高性能计算任务的入口命令为空。
lint-hpc-empty-fix = 请给出要运行的 Slurm 脚本主体，例如 `srun python preprocess.py`。
lint-hpc-shebang = 入口命令以 `#!` 行开头，但平台会自己写入脚本头。
lint-hpc-shebang-fix = 请删除 `#!` 行，只给出脚本主体。
lint-hpc-sbatch = 不允许使用 `{ $line }`：平台会自己生成 #SBATCH 头。
lint-hpc-no-srun = 任务没有用 `srun` 启动，因此不会作为 Slurm 任务在分配的 CPU 上运行。
lint-hpc-no-srun-fix = 请用 srun 启动每个步骤，例如 `srun python preprocess.py`。
lint-hpc-image = 镜像 `{ $image }` 看起来不是 Slurm 镜像；高性能计算任务需要镜像中装有 Slurm（事件中出现 "slurmctld BackOff" 即表示缺少 Slurm）。
lint-hpc-image-fix = 请使用装有 Slurm 的镜像（名称应包含 "slurm"），例如 inspire-studio 的 slurm 镜像。
lint-fix-shared = 请在可上网的空间（CPU资源空间 中的 CPU 任务或 notebook，或 可上网GPU资源）中把它下载到项目的共享存储 /inspire/hdd/project/<en_name>/...（项目的每个空间都会挂载它），然后在本任务中离线使用该路径。
lint-fix-python-package = 请把这些包打进镜像，或用 `pip install -i <镜像源 index URL> ...` 从平台的 Nexus PyPI 镜像源（{ $mirror }）安装。否则请在可上网的空间（CPU资源空间 或 可上网GPU资源）中把它们安装到 /inspire/hdd/project/<en_name>/envs/<name> 下的虚拟环境，再在这里激活。
lint-fix-conda-package = 请在可上网的空间（CPU资源空间 或 可上网GPU资源）中用 `conda create -p /inspire/hdd/project/<en_name>/envs/<name> ...` 在共享存储上创建环境，然后在本任务中 `conda activate /inspire/hdd/project/<en_name>/envs/<name>`；或把环境打进镜像。
lint-fix-download = { $shared } 模型可用：`hf download <repo> --local-dir /inspire/hdd/project/<en_name>/models/<name>`。
lint-fix-git = 请在可上网的空间中把仓库克隆或更新到 /inspire/hdd/project/<en_name>/code/...，然后从该路径运行本任务。{ $shared }
lint-fix-system-package = 请把系统软件包打进镜像（构建、推送并登记自定义镜像）。文件则：{ $shared }
lint-fix-node-package = 请把 Node 包装进镜像；或在可上网的空间（CPU资源空间 中的 CPU 任务或 notebook，或 可上网GPU资源）中把它下载到项目的共享存储 /inspire/hdd/project/<en_name>/...（项目的每个空间都会挂载它），然后在本任务中离线使用该路径。
lint-network = `{ $tool }` 需要访问互联网{ $context ->
        [unknown] ；如果该空间无法上网（分布式训练空间、整节点任务空间 和 高性能计算 都无法访问互联网），它会失败或卡住。
        [hpc] ，但高性能计算空间（高性能计算）无法上网。
       *[other] ，但该空间无法上网（分布式训练空间、整节点任务空间 和 高性能计算 都无法访问互联网）。
    }
lint-output-lost = `{ $command }` 的输出{ $how ->
        [discarded] 被丢弃了
       *[other] 没有保存到文件
    }。
lint-log-fix = 请在末尾加上 `2>&1 | tee /inspire/hdd/project/{"{"}en_name{"}"}/logs/<name>.log`，这样任务结束后输出和报错堆栈仍保留在共享存储上。
lint-stderr-lost = `{ $command }` 把 stdout 保存到了文件，但没有保存 stderr，日志中会缺少报错堆栈。
lint-stderr-fix = 请在 `| tee` 之前或 `> file` 重定向之后加上 `2>&1`（或使用 `&> file`）。
lint-command-empty = 命令为空。
lint-command-empty-fix = 请给出任务要运行的命令。
lint-no-env = 任务运行 Python 前没有设置环境。平台的 shell 是非交互式的，不会加载 ~/.bashrc，也不会激活 conda 环境：`python` 可能不是你想要的解释器。
lint-no-env-fix = 请设置 commandPrefix，让每个任务都在你的环境中启动，例如 `source /opt/conda/etc/profile.d/conda.sh && conda activate myenv && cd /inspire/hdd/project/{"{"}en_name{"}"}/code`；或让命令以此开头；或用绝对路径调用解释器（/opt/conda/envs/myenv/bin/python）。
lint-set-e = 命令中的 `set -e` 也会作用于平台的外层 shell，可能让任务提前结束。
lint-set-e-fix = 请删除 `set -e`；用 `&&` 串联各步骤，或把 `set -e` 放进用 `bash script.sh` 运行的脚本里。
lint-rdzv = torchrun 被传入了 `{ $flag }`；平台已经注入了 rendezvous 设置。
lint-rdzv-fix = 请去掉 --rdzv_* 参数，改用注入的变量启动：`torchrun --nnodes=$PET_NNODES --node_rank=$PET_NODE_RANK --nproc_per_node=$PET_NPROC_PER_NODE --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py`。

lint-count-errors = { $count } 个错误
lint-count-warnings = { $count } 个警告
lint-count-hints = { $count } 个提示
lint-no-problems = 未发现问题
