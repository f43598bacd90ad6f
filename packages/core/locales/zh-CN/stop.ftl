# 停止单个任务或一批任务（operations/stop）。

stop-col-before = 停止前
stop-col-after = 停止后
stop-col-outcome = 结果
stop-outcome-failed = 失败：{ $error }
stop-summary = 已停止 { $stopped } 个，已结束 { $finished } 个
stop-summary-failed = 已停止 { $stopped } 个，已结束 { $finished } 个，失败 { $failed } 个
stop-serving-confirm = 推理服务 { $name } 当前为 { $before }；加上 { $confirm } 重新执行即可停止。
stop-batch-confirm = 将停止 { $count } 个任务；加上 { $confirm } 重新执行即可停止。
stop-some-failed = 部分任务停止失败；再次执行同样的调用即可重试。
stop-batch-filter = 批量停止需要筛选条件：status（不能是 all）或 name。
stop-batch-filter-hint = 停止单个任务请给出它的 id；批量停止请传如 { $status }（以及 { $name }）。
stop-notebook = { $id } 是 notebook，不是训练任务：请用 { $call } 停止它。
stop-notebook-hint = { $call } 会列出 notebook。
stop-plan-one = 停止{ $type ->
        [hpc] 高性能计算任务
        [inference] 推理服务
        [ray] Ray 作业
       *[other] 训练任务
    } { $label }
stop-plan-nothing = 不停止任何任务：没有仍在等待或运行的匹配任务
stop-plan-many = 停止 { $count } 个任务
stop-change-stopped = { $before } → 已停止
stop-batch-needs-targets = 确认后的批量操作只作用于列出过的任务：请用 { $field } 指明是哪些。
stop-batch-needs-targets-hint = 请带上 { $confirm } 再次调用，给出下方的 id（当前匹配的任务）或你之前列出的那些。
