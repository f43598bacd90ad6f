# 提交训练任务与高性能计算任务：submit、submit_hpc、resubmit 及其共用的检查。

submission-dry-run-head = 试运行：{ $kind ->
        [hpc] 高性能计算任务
        [ray] Ray 作业
       *[other] 训练任务
    } { $name } 未创建。将发送 { $surface }：
submission-create-request = 创建请求
submission-submitted-head = { $kind ->
        [hpc] 高性能计算任务
        [ray] Ray 作业
       *[other] 训练任务
    } { $name } 已提交：{ $id }
submission-resubmitted-head = { $kind ->
        [hpc] 高性能计算任务
        [ray] Ray 作业
       *[other] 训练任务
    } { $name } 已提交：{ $id }（复制自 { $from }）
submission-label-console = 控制台
submission-label-status = 状态
submission-label-project = 项目
submission-label-workspace = 空间
submission-label-compute-group = 计算组
submission-label-spec = 规格
submission-label-nodes = 节点数
submission-label-slurm = Slurm
submission-label-shm = 共享内存
submission-label-priority = 优先级
submission-label-image = 镜像
submission-label-entrypoint = 入口命令
submission-label-command = 命令
submission-slurm-layout = { $tasks } 个任务 × { $cpus } CPU × 每 CPU { $memory }
submission-finding = { $level ->
        [error] 错误
        [warning] 警告
        [hint] 提示
       *[other] { $level }
    }：{ $message } { $fix }
submission-price-per-hour = { $price }/小时

submission-memory-per-cpu-invalid = { $field } "{ $value }" 不是整数 GiB。
submission-memory-per-cpu-invalid-hint = 请写成例如 "8G"（每 CPU 的 GiB 数）；平台只接受整数 GB。
submission-slurm-task-cpus = { $field } { $cpus } > 规格单节点的 { $node } 个 CPU
submission-slurm-task-memory = 单个任务需要 { $cpus } × { $perCpu } = { $total } GiB > 每节点 { $node } GiB
submission-slurm-cpus = { $tasks } 个任务 × { $perTask } CPU = { $total } > { $nodes } 个节点 × { $node } CPU
submission-slurm-memory = { $cpus } CPU × { $perCpu } GiB = { $total } GiB > { $nodes } 个节点 × { $node } GiB
submission-slurm-no-fit = Slurm 请求超出规格（每节点 { $cpus } CPU、{ $memory } GiB）：{ $problems }。平台不会报错，而是让它一直排队。
submission-slurm-no-fit-hint = 请减小 { $tasks }、{ $cpus } 或 { $memory }，增大 { $instances }，或换用更大的高性能计算规格（{ $call } 可列出）。
submission-slurm-idle = 任务只用到规格 { $total } 个 CPU 中的 { $used } 个；更小的规格可能更便宜。
submission-cpus-per-task-default = 未指定 { $field }：使用 { $cpus }。
submission-memory-per-cpu-default = 未指定 { $field }：使用 { $memory }G。
submission-shm-from-default = 共享内存取自 defaultShm：{ $mb } MB = { $gi } GiB。
submission-shm-fallback = 未指定 { $field }，也没有 defaultShm：使用 { $gi } GiB。
submission-lint-refused = 该{ $what ->
        [entrypoint] 入口命令
       *[other] 命令
    }在平台上会失败：{ $problems }
submission-allow-network-hint = 如果命令只访问空间能访问到的地址（镜像源、共享存储），请传入 { $field }。
submission-plan-summary = 在 { $workspace } 中创建{ $kind ->
        [hpc] 高性能计算任务
        [ray] Ray 作业
       *[other] 训练任务
    } { $name }
submission-plan-change = 创建：{ $count } × { $spec }，位于 { $group }，优先级 { $priority }

# 规格错误中的候选规格表（在错误被措辞时排版）。
submission-col-spec-id = 规格 ID
submission-col-gpu = GPU
submission-col-count = 数量
submission-col-cpu = CPU
submission-col-memory = 内存 GiB
submission-col-price = 每小时价格
