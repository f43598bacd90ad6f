# 在运行中推理服务的 pod 里执行命令和打开 shell（推理服务的 worker PTY）。
servexec-list-pods = 列出推理服务的 pod
servexec-not-running = 推理服务 { $serving } 不在运行（{ $status }）；命令只能在运行中推理服务的 pod 里执行。
servexec-pod-not-running = 推理服务 { $serving } 的 pod { $pod } 不在运行（{ $status }）；命令只能在运行中的 pod 里执行。
servexec-not-running-fix = 用 { $call } 查看推理服务的状态；已停止的推理服务需要重新部署。
servexec-socket-failed-fix = 确认推理服务仍在运行（{ $call }），然后重试。
servexec-label-pods = Pod
servexec-notebook = { $id } 是 notebook；这里只在任务和推理服务的 pod 里执行命令。
servexec-notebook-fix = 请用 { $call } 在 notebook 里执行。
