# 按 id 删除多个任务，以及 notebook 挂载的数据集。

stop-delete-ids-live = { $count } 个任务尚未结束，未被删除：请先停止（{ $call }），再删除。
notebook-label-datasets = 数据集
