# 任务指标：健康摘要、原始序列与 CSV 下载（operations/metrics）。

metrics-window = { $from } – { $to }，间隔 { $interval } 秒
metrics-downloaded = 已将 { $id } 的指标（{ $window }）共 { $rows } 行（{ $bytes } 字节）写入 { $path }。
metrics-raw-head = { $id } { $status }：{ $count } 个序列，{ $window }
metrics-col-metric = 指标
metrics-col-trend = 趋势（0–100%）
metrics-col-state = 状态
metrics-col-gpu = GPU 平均/p90/最大
metrics-col-gpu-memory = 显存
metrics-col-cpu = CPU
metrics-name-gpu = GPU
metrics-name-gpu-mem = 显存
metrics-name-cpu = CPU
metrics-name-mem = 内存
metrics-no-series = （无序列）
metrics-idle-windows = 空闲时段：{ $windows }
metrics-idle-window = { $start } 起 { $minutes } 分钟
metrics-idle-window-ongoing = { $start } 起 { $minutes } 分钟（仍在空闲）
metrics-list-sep = {"；"}
metrics-label-reclaim = 回收风险
metrics-label-low-gpu = GPU 低利用时长
metrics-finished-early = 已结束；样本太少，无法得出结论
metrics-finished-early-count = 已结束；样本太少，无法得出结论（{ $count } / 需要 { $needed } 个）
metrics-finished-early-evidence = 任务在采到足够样本之前就结束了；这不是失败
metrics-interval-bad = 平台不接受 { $interval } 秒的间隔。
metrics-interval-hint = 请使用 { $intervals } 秒之一，或不填（{ $fits } 秒适合 { $range }）。
