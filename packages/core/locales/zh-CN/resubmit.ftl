# 按已有任务的配置重新提交（operations/resubmit.ts）。

resubmit-not-found = 找不到任务 { $id }：{ $error }
resubmit-not-found-hint = 请核对 ID；{ $call } 会列出你的任务（类型 train 或 hpc）。
resubmit-wrong-kind = { $id } 不是训练任务、高性能计算任务或 Ray 作业；resubmit 只能重新创建这三类任务。
resubmit-wrong-kind-hint = 请用 { $inference } 或 { $notebook } 创建推理服务和 notebook。
