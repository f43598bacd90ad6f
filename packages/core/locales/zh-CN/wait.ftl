# 等待任务到达某个状态（operations/wait.ts）。

wait-status-unknown = 未知
wait-not-found = 找不到 { $id }。请用 { $call } 核对 ID。
wait-reached = 等待 { $waited } 后，{ $id } 已为 { $status }。
wait-task-failed = { $id } 以 { $status } 结束，未能达到 { $until }；{ $call } 可诊断原因。
wait-timed-out = 等待 { $waited } 后仍为 { $status }；再次调用 { $call } 可继续等待。
wait-progress = { $id } 当前为 { $status }；等待其变为 { $until }
wait-label-outcome = 结果
wait-label-waited = 已等待
wait-label-checks = 检查次数
