# `inspire serve shell`：在运行中推理服务的 pod 里打开交互式 shell。
cli-servexec-shell-dropped-hint = 用 `inspire serve shell` 重新连接；耗时较长的工作请在后台运行（nohup）。
cli-servexec-shell-no-terminal = serve shell 是交互式的，需要终端，但 stdin 或 stdout 不是终端。
cli-servexec-shell-no-terminal-hint = 请在终端中运行；在脚本中请用 `inspire serve exec <serving> -- <command>` 执行命令。
cli-servexec-help-shell = 在运行中推理服务的 pod 里打开交互式 shell，类似 ssh（需要在终端中运行）
cli-servexec-help-shell-serving = 推理服务：其 id、名称或唯一的 id 前缀
cli-servexec-help-shell-pod = pod：它在推理服务 pod 列表中的序号（0 为第一个）或其名称；有多个 pod 时必须指定
cli-servexec-help-workspace = 按名称或 id 前缀查找推理服务时所用的空间
