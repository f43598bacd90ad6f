# 在运行中任务的 pod 里执行命令和打开 shell（worker PTY）。
pods-socket-failed = 无法在 { $job } 的 pod { $pod } 中打开 shell：{ $why }
pods-socket-failed-fix = 确认任务仍在运行（{ $call }），然后重试。
pods-dropped = 与 pod { $pod } 的连接在 { $seconds } 秒后断开，命令尚未结束。
pods-dropped-fix = 请重新运行；耗时较长的工作请在后台启动（nohup … > out.log 2>&1 &），稍后查看 out.log。
pods-job-not-running = { $job } 不在运行（{ $status }）；命令只能在运行中任务的 pod 里执行。
pods-not-running = { $job } 的 pod { $pod } 不在运行（{ $status }）；命令只能在运行中任务的 pod 里执行。
pods-not-running-fix = 用 { $call } 查看任务状态。
pods-choose = { $job } 有多个 pod，请指定其中一个：
    { $list }
pods-unknown = { $job } 没有 pod { $pod }。它的 pod：
    { $list }
pods-choose-fix = 请给出 { $field }：pod 在此列表中的序号（0 为第一个）或其名称。
pods-plan = 在 pod { $pod } 中运行 { $command }
pods-change-runs = 运行 { $command }
