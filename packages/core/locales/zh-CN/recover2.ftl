# 节点故障后的托管恢复，以及扫参文件的 recover 键。
job-detail-cause-node-fault = 任务所在的节点发生故障（平台将其标为未就绪）；任务并非因自身代码而结束。
job-detail-fix-node-fault = 按原样重新提交（{ $call }）；提交时加 --recover N 会自动重新提交。若同一节点再次故障，请告知平台管理员。
recover-log-recovered-node = { $id } 因所在节点故障而结束：已重新提交为 { $job }（第 { $n } 次尝试，最多 { $count } 次）。
recover-log-spent-node = { $id } 因所在节点故障而结束，且 { $count } 次恢复尝试已用完：不再重新提交。
sweep-help-recover = 平台结束的作业（被抢占或所在节点故障）重新提交的次数（1–10），同 --recover N；例如 recover: 2
