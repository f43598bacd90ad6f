# 等待中的任务在其计算组队列中的位置（domain/queue.ts、operations/common/waiting.ts、
# operations/common/queue-output.ts）：job show、job list 与 submit。

queue-reason-quota = 项目预算（配额）已用完
queue-reason-priority = 有更高优先级的任务排在前面
queue-reason-resources = 计算组内没有该规格的空闲节点
queue-reason-unknown = 未发现阻碍它开始的原因
queue-short-quota = 配额
queue-short-priority = 优先级
queue-short-resources = 资源
queue-short-unknown = 未知
queue-line = { $reason }；前面有 { $ahead } 个任务（同一计算组、优先级不低于它）；{ $eta }
queue-cell = { $reason }，前面 { $ahead } 个，{ $eta }
queue-starts-now = 随时可能开始
queue-starts-within = 约 { $duration } 内开始
queue-no-estimate = 无法估计：{ $why }
queue-no-estimate-nodes = 无法读取计算组的节点，或在计算组中找不到它的规格
queue-no-estimate-cpu = CPU 任务，占用者何时结束未知
queue-no-estimate-holders = 在用的 { $held } 块 GPU 中有 { $unknown } 块被结束时间未知的任务占用（他人的任务，或未设最长运行时间的任务）
queue-no-estimate-too-big = 它和排在前面的任务共需 { $need } 块 GPU，超过计算组的 { $total } 块
queue-no-estimate-quota = 项目预算充值后才会开始
queue-label = 队列
queue-label-submit = 队列
queue-col = 队列
