# Ray 作业（弹性计算）：一个 head 节点加若干 worker 组，每组在最少与最多副本数之间伸缩。
api-no-ray-job-id = 未给出 Ray 作业 id。
job-detail-label-ray-groups = Worker 组
job-detail-ray-group = { $name }：运行中 { $now }（{ $min }–{ $max }）
api-the-ray-job = Ray 作业
api-read-ray-job = 读取 Ray 作业
api-list-ray-jobs = 列出 Ray 作业
api-list-ray-pods = 列出 Ray 作业的 pod
api-list-ray-events = 列出 Ray 作业的事件
