# 任务的调度事件（operations/events.ts）。

events-head = { $id } { $status }：{ $count } 条事件
events-none-gone = { $id } { $status }：没有事件（平台会丢弃旧任务的事件）
events-none-yet = { $id } { $status }：暂无事件
events-col-last-seen = 最近出现
events-col-reason = 原因
events-col-object = 对象
events-col-message = 消息
events-truncated = （还有更多事件未读取）
events-notebook = 本工具无法读取 notebook 的事件。
events-notebook-hint = 请用 { $call } 查看其状态。
