# 各计算组的空闲 GPU，以及请求能否放下（operations/availability、domain/availability.ts、domain/fit.ts）。

availability-read-at = 节点读取时间 { $time }
availability-col-nodes = 节点
availability-col-fully-free = 整机空闲
availability-col-preemptible = 可抢占
availability-col-free-per-node = 每节点空闲
availability-col-out-of-service = 不可用
availability-cordoned = { $count } 个已封锁
availability-maintenance = { $count } 个维护中
availability-faulty = { $count } 个故障
availability-not-ready = { $count } 个未就绪
availability-list-sep = {"，"}
availability-no-schedulable-node = 没有可调度的节点
availability-free-bucket = 空闲 { $free }：{ $nodes } 个节点
availability-fit-head = 放置：{ $instances } × { $asked }，优先级 { $priority }
availability-asked-spec = 规格 { $spec }
availability-asked-gpus = 每实例 { $gpus } 个 GPU
availability-col-starts = 启动
availability-col-ahead = 前方排队
availability-col-why = 原因
availability-starts-now = 立即
availability-starts-preempt = 抢占后
availability-starts-queue = 排队
availability-starts-never = 无法启动
availability-none-offers = （没有计算组提供）
availability-progress = 正在读取 { $workspace } 的节点
availability-progress-all = 正在读取所有空间的节点
availability-spec-and-gpus = { $spec } 和 { $gpus } 只能给一个。
availability-spec-and-gpus-hint = 规格本身已说明每个实例占用多少 GPU。
availability-no-spec = { $workspace } 中没有计算组提供规格 "{ $spec }"。
availability-no-spec-anywhere = 你的空间中没有计算组提供规格 "{ $spec }"。
availability-no-spec-hint = 请传入 { $call } 列出的规格 ID，或改用 { $field }。
availability-no-group-now = 没有计算组能立即启动 { $instances } 个实例。最好的是 { $group }：{ $reason }。

# 请求能否立即、通过抢占、稍后或永远无法放进计算组：各分句用 availability-fit-sep 连接。
availability-fit-sep = {"；"}
availability-fit-asked = { $instances } 个 { $gpus } GPU 实例
availability-fit-too-many-gpus = 每个实例需要 { $need } 个 GPU，但其节点只有 { $have } 个
availability-fit-too-many-cpus = 每个实例需要 { $need } 个 CPU 核，但其节点只有 { $have } 个
availability-fit-too-much-memory = 每个实例需要 { $need } GiB 内存，但其节点只有 { $have } GiB
availability-fit-short = 有空闲 GPU 的节点缺少{ $what ->
        [cpu] CPU 核
        [memory] 内存
       *[both] CPU 核和内存
    }（每个实例需要 { $cpus } 核、{ $memory } GiB）
availability-fit-not-allowed = 优先级 { $priority }（{ $level }）永远无法运行：该规格只允许 { $allowed }
availability-fit-no-node = 没有可调度的节点（共列出 { $count } 个节点）
availability-fit-no-gpus = 不需要 GPU；{ $count } 个可调度节点
availability-fit-too-few-nodes = { $asked } 超出其 { $count } 个可调度节点的容量（最多 { $most } 个）
availability-fit-now = { $asked } 可立即放下（可容纳 { $now } 个；{ $free } 个 GPU 空闲）
availability-fit-now-doubt = { $asked } 可立即放下（可容纳 { $now } 个；{ $free } 个 GPU 空闲），除非前方排队的任务先占用
availability-fit-room = 目前可容纳 { $instances } 个实例中的 { $now } 个
availability-fit-spread = { $free } 个空闲 GPU 分散在太多节点上
availability-fit-preempt = 以优先级 { $priority } 运行时，其余部分会抢占低优先级任务
availability-fit-waits-gpus = 需要排队等待 GPU
availability-fit-waits-room = 需要排队等待资源
availability-fit-could-preempt = 优先级 { $priority } 及以上可抢占资源
availability-fit-queued-ahead = 前方排队：{ $count }
