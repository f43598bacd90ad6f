# 账号概览：项目、空间、计算组与规格（operations/status）。

status-progress-discovering = 正在读取项目、空间、计算组和规格
status-progress-workspace = 已读取空间 { $name }（{ $done } / { $total }）
status-budget-empty = 项目 { $project } 的预算已用完（剩余 { $remaining }）：在预算刷新前，GPU 任务可能被拒绝。优先级 1–3 的 CPU 任务不消耗预算。
status-label-user = 用户
status-label-personal-storage = 个人存储
status-label-discovered = 读取时间
status-col-project = 项目
status-col-en-name = EN_NAME
status-col-budget = 预算
status-col-remaining = 剩余
status-col-max-priority = 最高优先级
status-col-storage = 存储
status-assumed = { $value }（推测）
status-col-network = 网络
status-disabled = { $network }，已停用
status-col-registry = 镜像仓库
status-col-groups = 计算组
status-col-projects = 项目
status-workspace-head = == { $name }（{ $id }）— { $network }，镜像仓库 { $registry }
status-workspace-head-unknown = == { $name }（{ $id }）— { $network }（不在策略表中），镜像仓库 { $registry }
status-no-groups = （无计算组）
status-no-specs = （无规格）
status-col-group = 计算组
status-col-gpu = GPU
status-col-free-total = 空闲/总数
status-col-spec-id = 规格 ID
status-col-count = 数量
status-col-cpu = CPU
status-col-memory = 内存 GiB
status-col-price = 每小时价格
