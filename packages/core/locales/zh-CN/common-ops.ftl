# 各操作共用的步骤（operations/common）：确定任务运行位置、规格、镜像、优先级、输出文件。

common-ops-no-workspace = 未指定空间，也没有设置 defaultWorkspace。
common-ops-no-workspace-hint = 请传入 { $field }，或设置默认值：{ $set }；{ $call } 可列出所有空间。
common-ops-no-groups = 空间 { $workspace } 没有计算组。
common-ops-no-groups-hint = 请换一个空间；{ $call } 可列出所有空间。
common-ops-first-group = 未指定 { $field }：使用 { $workspace } 的第一个计算组 { $group }。
common-ops-no-project = 未指定项目，而 { $workspace } 关联了 { $count } 个项目。
common-ops-no-project-hint = 请传入 { $field }，或设置默认值：{ $set }。
common-ops-project-no-workspace = 项目 { $project } 没有可用的已启用空间来放置任务。
common-ops-no-workspace-no-project = 未指定空间，而每个空间都需要先选定项目。
common-ops-pass-workspace-hint = 请传入 { $workspace }（或 { $project }）；{ $call } 可列出它们。
common-ops-auto-among-project = 未指定空间：在 { $project } 的所有已启用空间中选择
common-ops-auto-among-single = 未指定空间：在只有一个项目的所有已启用空间中选择

common-ops-auto-needs-spec = { $field } 需要指定规格：规格决定每个实例使用多少 GPU。
common-ops-auto-needs-spec-hint = 请传入 { $field }；{ $call } 可列出每个计算组的规格。
common-ops-your-workspaces = 你的 { $count } 个空间
common-ops-auto-no-spec = { $where }中没有计算组为这类任务提供规格 "{ $spec }"。
common-ops-auto-no-spec-hint = 请传入这类任务的规格；{ $call } 按计算组列出它们。
common-ops-auto-never = { $where }中没有计算组能运行 { $count } × 规格 "{ $spec }"：{ $reasons }。
common-ops-auto-never-hint = 请减少实例数，或换用其他规格或优先级；{ $call } 可查看节点。
common-ops-auto-picked = { $field }：选中 { $group }（在 { $ranked } 个中排第一）：{ $reason }。
common-ops-auto-picked-among = { $field }：选中 { $workspace } 中的 { $group }，共搜索 { $count } 个空间（{ $why }）（在 { $ranked } 个中排第一）：{ $reason }。
common-ops-auto-queue = { $where }中没有计算组能立即启动它：它将在 { $group } 中排队，直到有 GPU 释放（{ $call } 可查看各处运行的任务）。
common-ops-auto-preempt = 它只有抢占低优先级任务才能在 { $group } 中启动。
common-ops-placement-elsewhere = { $group }{ $verdict ->
        [never] 永远无法运行它
       *[other] 现在无法启动它：它会在那里排队
    }（{ $reason }）。{ $workspace } 中另有计算组现在就能启动它：{ $others }；{ $call } 可查看节点。
common-ops-placement-nowhere = { $group }{ $verdict ->
        [never] 永远无法运行它
       *[other] 现在无法启动它
    }（{ $reason }），{ $workspace } 中也没有其他计算组能立即启动它：它将排队{ $ahead ->
        [0] {""}
       *[other] （前面已有 { $ahead } 个排队任务）
    }，直到有 GPU 释放；{ $call } 可查看节点。
common-ops-placement-preempting = （需抢占低优先级任务）
common-ops-placement-unchecked = 无法检查 { $group } 现在能否启动它：{ $reason }。
common-ops-placement-no-workspace = 未读取到该空间的节点

common-ops-submit-image-hint = 请传入 { $field }（展示域名下的地址；{ $images } 可列出已登记的镜像），或用 { $set } 设置 defaultImage。
common-ops-deploy-image-hint = 请传入 { $field }（展示域名下的地址；{ $images } 可列出已登记的镜像），或用 { $set } 设置默认镜像。
common-ops-no-image = 未指定镜像，也没有设置 defaultImage。
common-ops-image-unregistered = { $address } 不在该空间已登记的镜像中；平台会拒绝未登记的镜像。请在 镜像管理 → 新建镜像 中登记（{ $call } 可列出已登记的镜像）。
common-ops-image-not-ready = 镜像状态为 { $status }，不是 READY。
common-ops-image-not-registered = 镜像 { $image } 尚未在平台上为 { $workspace } 登记；推送的镜像登记后才能使用。
common-ops-image-not-registered-hint = 请在 镜像管理 → 新建镜像 中登记（镜像名称 { $name }，版本号 { $tag }），或用 { $call } 选一个已登记的镜像。
common-ops-image-resolved = 镜像 { $raw } 解析为已登记的 { $address }。

common-ops-nodes-unknown = 节点情况未知：{ $reason }
common-ops-queue-unknown = 排队任务未知：{ $reason }
common-ops-priority-refused = { $message }（项目 { $project }）{ $source ->
        [defaultPriority] 它来自 defaultPriority。
        [fallback] 它是项目的优先级上限。
       *[other] { "" }
    }
common-ops-priority-pass = 请显式传入 { $field }。
common-ops-no-group = 没有计算组。
common-ops-no-group-hint = 请传入 { $field }。
common-ops-pass = 请传入
common-ops-placement-warnings = （{ $warnings } 传入 { $field } 可另选。）

common-ops-not-a-job = { $id } 是{ $kind ->
        [serving] 推理服务
        [notebook] notebook
    [terminal] 终端
       *[other] { $kind }
    }；只有训练任务（job-…）和高性能计算任务（hpc-job-…）才有{ $what ->
        [logs] 日志
        [metrics] 指标
        [events] 事件
       *[other] { $what }
    }。
common-ops-not-a-job-serving = 推理服务请用 { $call }。
common-ops-not-a-job-notebook = notebook 请用 { $call }。
common-ops-not-a-job-other = 请传入 job-… 或 hpc-job-… 形式的 id（{ $call } 可列出它们）。
common-ops-workspace-and-all = { $workspace } 和 { $all } 只能传入其一。
common-ops-workspace-and-all-hint = 不传 { $workspace } 即可搜索所有空间。
common-ops-download-dir-of = 配置档 { $profile } 的 downloadDir
common-ops-download-dir-store = { $where }（{ $dir }）{ $holds ->
        [yes] 包含了
       *[other] 位于
    }本工具的存储文件夹（凭据、会话）{ $holds ->
        [yes] { "" }
       *[other] 之内
    }。
common-ops-download-dir-store-hint = 请使用单独的文件夹，例如 ~/inspire-downloads；或取消设置 downloadDir，使用 { $fallback }。
common-ops-root-cwd = 当前目录
common-ops-root-downloads = 下载文件夹
common-ops-time-range-invalid = { $field } "{ $raw }" 不是时间范围。
common-ops-time-range-invalid-hint = 请写数字加单位：90s、30m、3h、1d 或 1w。
common-ops-time-range-long = { $field } "{ $raw }" 超过了 30 天。
common-ops-time-range-long-hint = 最多只能查询 30d；平台会拒绝更长的范围。
common-ops-time-invalid = { $field } "{ $raw }" 不是时间。
common-ops-time-invalid-hint = 请给出 ISO 时间（2026-01-31T08:00:00Z）、毫秒时间戳，或多久以前（30m、2h）。

common-ops-plan-head = 试运行：{ $summary } —— 未发送、未更改任何内容。
common-ops-plan-would-send = 将发送：
common-ops-plan-more = …… 另有 { $count } 项
common-ops-plan-more-requests = …… 另有 { $count } 个请求
common-ops-plan-question = { $summary }？

# 试运行目标的类型（数据），$key 为小写加连字符的形式。
common-ops-plan-kind = { $key ->
    [job] 训练任务
    [hpc-job] 高性能计算任务
    [ray-job] Ray 作业
    [serving] 推理服务
    [notebook] notebook
    [model] 模型
    [image] 镜像
    [setting] 设置
    [credentials] 凭据
    [sweep] 批量任务
   *[other] { $kind }
  }
