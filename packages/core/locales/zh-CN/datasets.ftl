# 任务挂载的数据集。
api-dataset-ref = { $field } 需要写成 ID 或 ID:VERSION 形式的数据集，而不是“{ $raw }”。
api-dataset-ref-hint = 请给出数据集的 id，如需指定版本，在冒号后写版本 id（省略时为最新版本）。
api-validate-datasets = 检查数据集
api-dataset-missing = 数据集不存在，或不能在此空间中使用：{ $message }
api-dataset-version-missing = 数据集没有这个版本：{ $message }
api-dataset-missing-hint = 请在控制台（数据集）中核对 id，并确认数据集所属的项目能用于此空间；省略版本即使用最新版本。
job-detail-label-datasets = 数据集
submission-hpc-ttl-unsent = 不会发送 { $field }：带 { $dataset } 的高性能计算任务经控制台的创建接口提交，该接口没有这个字段，因此使用平台的默认值。
