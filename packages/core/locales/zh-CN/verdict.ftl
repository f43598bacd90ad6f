# 任务的 GPU 健康结论及其依据（domain/metrics）。百分比和时刻已格式化传入（"92.1%"、"09:00 +08:00"）；
# 阈值是不带 % 的数字。

verdict-points = { $value } 个百分点
verdict-no-data = 无数据
verdict-reclaim-risk = 有被回收的风险（已空闲 { $idle }）
verdict-warming-up = 预热中（{ $count } / { $needed } 个样本）
verdict-stalled = 运行 { $minutes } 分钟后停滞（自 { $since } 起空闲）
verdict-idle = 自 { $since } 起空闲
verdict-starved = CPU 瓶颈（{ $share }% 的样本）
verdict-memory-full = GPU 显存接近占满（p90 { $p90 }）
verdict-memory-leak = 可能存在显存泄漏（{ $count } 个样本内上升 { $rise }）
verdict-memory-both = { $full }，{ $leak }
verdict-unstable = 利用率不稳定（标准差 { $value } 个百分点）
verdict-underused = GPU 利用不足（平均 { $avg }）
verdict-healthy = 训练正常（GPU 平均 { $avg }）
verdict-reclaim-warning = { $verdict }；若 GPU 利用率持续低于 { $limit }%，约 { $minutes } 分钟后将被回收
verdict-pod = pod { $pod }：{ $verdict }
verdict-pod-also = pod { $pod }：{ $verdict }；同为 { $state }：{ $others }

# 依据。
verdict-ev-no-data = 没有 GPU 利用率样本
verdict-ev-gpu = GPU 利用率：平均 { $avg }，p50 { $p50 }，p90 { $p90 }，最大 { $max }，最新 { $last }，共 { $count } 个样本
verdict-ev-stability = 标准差 { $value } 个百分点（高于 { $limit } 即为不稳定）
verdict-ev-trend = 趋势{ $direction ->
        [rising] 上升
        [falling] 下降
       *[other] 平稳
    }（{ $change }，后半段对比前半段）
verdict-ev-idle-open = 自 { $since } 起空闲（GPU < { $limit }%）：{ $duration }，{ $samples } 个样本
verdict-ev-idle-open-earlier = 自 { $since } 起空闲（GPU < { $limit }%）：{ $duration }，{ $samples } 个样本，此前另有 { $earlier } 个空闲时段
verdict-ev-idle-earlier = 此前有 { $earlier } 个空闲时段
verdict-ev-starvation = 在 { $count } 对样本中，{ $share }% 的样本 CPU > { $cpu }% 而 GPU < { $gpu }%
verdict-ev-memory = GPU 显存平均 { $avg }（高于 { $high } 为偏高），p90 { $p90 }（高于 { $tight } 为紧张）
verdict-ev-memory-leak = GPU 显存平均 { $avg }（高于 { $high } 为偏高），p90 { $p90 }（高于 { $tight } 为紧张），自 { $since } 起 { $count } 个样本内上升 { $rise }
verdict-ev-reclaim = 自 { $since } 起 GPU 利用率低于 { $limit }%（{ $low }）；平台在 { $at } 时回收
verdict-ev-whole = 整个任务（{ $count } 个 pod 的平均）：{ $verdict }

# 分析的输入有误。
verdict-series-top = 顶层
verdict-series-invalid = 输入无效
verdict-series-malformed = 指标序列在 { $where } 处格式有误：{ $problem }。
verdict-series-hint = 请传入形如 { $shape } 的数组。
verdict-time-zone = 未知的时区 "{ $zone }"。
verdict-time-zone-hint = 请传入 IANA 时区，例如 "Asia/Shanghai" 或 "UTC"。
