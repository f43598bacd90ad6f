# 读写平台上的任务和资源（api/jobs、api/resources、api/support）。

api-unexpected-shape = { $surface } 返回的数据结构出乎意料（{ $where }：{ $why }）。
api-unexpected-shape-hint = 平台可能已改变；请连同你运行的命令一起报告。
api-top-level = 顶层
api-read-hint = 请稍后重试；如果一直如此，请运行 { $call } 并报告这条消息。

# 调用的目的，用在"无法……"之后（errors-could-not）。
api-create-what = 创建{ $what }
api-stop-what = 停止{ $what }
api-the-training-job = 训练任务
api-the-hpc-job = 高性能计算任务
api-read-training-job = 读取训练任务
api-list-training-jobs = 列出训练任务
api-read-hpc-job = 读取高性能计算任务
api-list-hpc-jobs = 列出高性能计算任务
api-list-job-events = 列出任务的事件
api-list-hpc-events = 列出高性能计算任务的事件
api-list-pods = 列出任务的 pod
api-read-logs = 读取任务的日志
api-read-metrics = 读取任务的指标
api-list-groups = 列出计算组
api-read-gpu-use = 读取节点的 GPU 使用情况
api-list-projects = 列出项目
api-list-queued = 列出排队中的训练任务
api-list-specs = 列出规格
api-read-workspace-tasks = 读取空间中的任务
api-read-user = 读取用户信息

api-not-positive = { $what }必须是正整数，而收到的是 { $value }。
api-not-positive-hint = 请给出大于 0 的整数，例如 1。
api-field-instance-count = 实例数
api-field-shm = 共享内存（GiB）
api-field-tasks = 任务数
api-field-cpus = 每个任务的 CPU 数
api-field-memory = 每个 CPU 的内存（GiB）
api-no-place-id = 没有给出{ $key ->
        [workspace] 空间
        [project] 项目
        [group] 计算组
       *[spec] 规格
    } id。
api-no-place-id-hint = 请先确定{ $key ->
        [workspace] 空间
        [project] 项目
        [group] 计算组
       *[spec] 规格
    }（{ $call } 会列出它们）。
api-hpc-empty = 高性能计算任务的 entrypoint 为空。
api-hpc-empty-hint = 请给出 Slurm 脚本主体，例如 `srun python run.py`。
api-hpc-header = 高性能计算任务的 entrypoint 含有 `#!` 或 `#SBATCH` 行；平台会自己写 sbatch 头。
api-hpc-header-hint = 请删除这些行，改用高性能计算任务的选项设置任务数、CPU 和内存。
api-hpc-no-slurm = 镜像名中没有 slurm；高性能计算任务的镜像必须包含 Slurm（否则会出现 `slurmctld BackOff`）。
api-hpc-no-srun = entrypoint 没有使用 `srun`；高性能计算任务必须用 srun 启动。

api-no-job-id = 没有给出任务 id。
api-no-training-job-id = 没有给出训练任务 id。
api-no-hpc-job-id = 没有给出高性能计算任务 id。
api-pass-job-id-hint = 请提供任务 id（{ $call } 会列出它们）。
api-no-workspace = 没有给出空间。
api-pass-workspace-hint = 请提供空间 id（{ $call } 会列出它们）。
api-no-pods = 任务 { $job } 还没有 pod，因此没有日志。
api-no-pods-hint = 请等它离开队列（{ $call }），然后再读取日志。
api-not-a-job = { $job } 不是训练任务或高性能计算任务。
api-not-a-job-hint = 请提供 job-… 或 hpc-job-… 形式的 id（{ $call }）。
api-bad-range = 时间范围必须为正。
api-bad-range-hint = 例如请求 3600 秒。
api-still-creating = { $message } 该任务仍在创建中。
api-still-creating-hint = 请等几秒后再停止它（{ $call }）。

# 按名称或 id 查找空间、项目或计算组（$kind：workspace、project、group、group-here）。
api-none-named = 没有名为 "{ $wanted }" 的{ $kind ->
        [workspace] 空间
        [project] 项目
       *[group] 计算组
    }。{ $suggestion }
api-none-named-hint = { $hint } 请从列出的名称或 id 中选择一个。
api-many-named = 有 { $count } 个{ $kind ->
        [workspace] 空间
        [project] 项目
       *[group] 计算组
    }名为 "{ $wanted }"。
api-many-named-hint = 名称不唯一；请传入你要的那个的 id。
api-many-match = "{ $wanted }" 匹配到 { $count } 个{ $kind ->
        [workspace] 空间
        [project] 项目
       *[group] 计算组
    }：你是指 { $names } 吗？
api-many-match-hint = 请给出更完整的名称（或 id）。
api-not-yours = { $id } 不是你的{ $kind ->
        [workspace] 空间
        [project] 项目
        [group-here] 该空间中的计算组
       *[group] 计算组
    }之一。
api-projects-hint = { $call } 会列出你的项目。
api-workspaces-hint = { $call } 会列出你的空间。
api-groups-hint = { $call } 会列出每个空间的计算组。
api-workspace-disabled = 空间 { $name }（{ $id }）已被禁用。
api-workspace-disabled-hint = 请选择其他空间。
api-not-attached = 项目 { $project } 没有关联到空间 { $workspace }。
api-not-attached-hint = 请选择该项目所属的空间，或选择关联到此空间的项目。
api-physical-group = { $id } 是物理计算组 id；平台需要的是逻辑计算组 id（lcg-…）。
api-use-group-hint = 请使用 { $id }（{ $name }）。
api-no-such-workspace = 你的空间中没有 "{ $wanted }"。
api-no-such-workspace-hint = 请使用以下之一：{ $names }；或不指定空间以查看全部。
api-specs-unread = { $group } 的 { $type } 规格：{ $why }
api-disabled-no-calls = 该空间已被禁用，不接受任何调用。
api-free-gpus-unknown = 空闲 GPU 数未知：{ $why }
api-shared-uncounted = 与其他任务共享的节点上的可抢占 GPU 未计入：无法读取任务维度（{ $why }）
