# 删除已结束的任务（inspire_stop 的 delete 操作）。
api-delete-job = 删除任务
stop-delete-older-than = { $field } 应为整数个小时、天或周，例如 12h、30d 或 2w，而不是“{ $raw }”。
stop-delete-older-than-hint = 请写成数字加单位：h、d 或 w。
stop-delete-plan = 删除 { $count } 个已结束的任务
stop-change-deleted = 已删除（之前为 { $before }）
stop-delete-kind = 这里只删除训练、高性能计算和 Ray 任务；{ $id } 不属于其中任何一种。
stop-delete-kind-hint = notebook 和模型有各自的删除：{ $notebook }、{ $models }。
stop-delete-running = { $name } 当前为 { $status }：只有已结束的任务才能删除。
stop-delete-running-hint = 请先停止它（{ $call }），再删除。
stop-delete-filter = 批量删除需要一个筛选条件：状态、名称或创建时长。
stop-delete-filter-hint = 例如 { $status }，或用 { $older } 选出 30 天前或更早创建的任务。
stop-delete-type = 这里不删除推理服务（type { $type }）。
stop-delete-type-hint = 可删除训练、高性能计算或 Ray 任务：type 为 train、hpc、ray 或 all。
stop-delete-confirm = 将删除 { $count } 个已结束的任务；尚未删除任何任务。传入 { $confirm } 即可删除。
stop-delete-summary = 已删除 { $deleted } 个{ $failed ->
        [0] { "" }
       *[other] ；{ $failed } 个失败
    }。尚未结束的任务保持不变。
