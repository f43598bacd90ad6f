# `inspire job shell`：在运行中任务的 pod 里打开交互式 shell。
cli-pods-shell-connected = 已连接到 pod { $pod }；输入 exit 退出。
cli-pods-shell-dropped = 平台关闭了与 pod 的连接。
cli-pods-shell-dropped-hint = 用 `inspire job shell` 重新连接；耗时较长的工作请在后台运行（nohup）。
cli-pods-shell-no-terminal = job shell 是交互式的，需要终端，但 stdin 或 stdout 不是终端。
cli-pods-shell-no-terminal-hint = 请在终端中运行；在脚本中请用 `inspire job exec <job> -- <command>` 执行命令。
cli-pods-help-shell = 在运行中任务的 pod 里打开交互式 shell，类似 ssh（需要在终端中运行）
cli-pods-help-shell-job = 任务：其 id、名称或唯一的 id 前缀
cli-pods-help-shell-pod = pod：它在任务 pod 列表中的序号（0 为第一个）或其名称；任务有多个 pod 时必须指定
cli-pods-help-workspace = 按名称或 id 前缀查找任务时所用的空间
