# 智能体的 notify：它提交（或等待）的任务结束时发出通知。
mcpnotify-no-default = { $field } 需要一个默认目标，但 notify 设置为空。
mcpnotify-no-default-hint = 请用户设置一个（webhook 地址是密钥，最好在终端里输入，而不是写在对话中）：{ $call }；或直接给出目标：{ $target }。
mcpnotify-waiter = 等待进程 { $id } 监视 { $jobs }，每个结束时通知 { $target }，此调用返回后仍继续；它独立运行，本服务器退出后也不停止（命令行的 waiters 可列出并停止它）。
mcpnotify-not-left = 未能留下等待进程来通知 { $target }：{ $error }。调用本身的结果如上所述。
mcpnotify-dry-run = 试运行不会留下等待进程；已检查 { $target }。
mcpnotify-recovering = 等待进程 { $id } 监视 { $jobs }，任务被平台抢占或其节点故障时重新提交，最多 { $count } 次；它独立运行，不依赖本服务器（命令行的 waiters 可列出和停止它）。
mcpnotify-not-recovering = 无法留下等待进程来恢复这些任务：{ $error }。调用本身的结果如上所述。
mcpnotify-recover-invalid = { $field } 取 1 到 10 之间的整数次数（用于提交），收到的是 { $value }。
mcpnotify-recover-invalid-hint = 例如 { $example }：任务本身，之后最多再尝试两次。
