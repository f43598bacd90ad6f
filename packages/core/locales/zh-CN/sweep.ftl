# 批量任务：由一个文件生成多个任务（operations/sweep）。

sweep-run-head = 批量任务 { $name }（{ $id }，来自 { $source } 的 { $jobs } 个任务）
sweep-cost = 预计费用：所有任务同时运行时每小时 { $total }。
sweep-cost-capped = 预计费用：所有任务同时运行时每小时 { $total }；最多同时运行 { $max } 个时每小时最多 { $peak }。
sweep-col-name = 名称
sweep-col-command = 命令
sweep-col-spec = 规格
sweep-col-group = 计算组
sweep-col-instances = 节点
sweep-col-cost = 每小时费用
sweep-col-state = 提交状态
sweep-col-job = 任务
sweep-col-error = 错误
sweep-col-status = 状态
sweep-col-runtime = 运行时长
sweep-col-verdict = 判断
sweep-col-diagnosis = 诊断
sweep-col-jobs = 任务数
sweep-col-file = 文件
sweep-col-last-run = 上次运行
sweep-none = （此配置档下没有运行过批量任务）
sweep-fit = 资源评估：{ $jobs } 个 { $instances } × { $spec } 的任务，位于 { $group }：{ $verdict }（{ $reason }）
sweep-fit-together = 同时运行：{ $summary }
sweep-fit-together-capped = 同时运行（最多 { $max } 个）：{ $summary }
sweep-run-counts = { $action ->
        [resubmit] 重新提交
       *[other] 提交
    }了 { $submitted } 个{ $adopted ->
        [0] { "" }
       *[other] ，另有 { $adopted } 个已在平台上（其应答丢失）
    }；{ $jobs } 个中已创建 { $created } 个，待提交 { $pending } 个，被拒绝 { $failed } 个。
sweep-status-head = 批量任务 { $name }（{ $id }）：{ $counts }

sweep-help-name = 批量任务的简短名称，例如 name: lr-sweep
sweep-help-kind = train（job submit）、hpc（hpc submit）或 ray（ray submit）
sweep-help-job = job submit（或 hpc submit）接受的字段，例如 job: {"{"}compute_group: H100, spec: …, command: …{"}"}
sweep-help-grid = 参数及其取值列表，例如 grid: {"{"}lr: [0.001, 0.0003], seed: [1, 2]{"}"}
sweep-help-list = 逐行列出的参数，例如 list: [{"{"}lr: 0.01, seed: 7{"}"}]
sweep-help-limits = max_jobs、max_running 和 max_cost_per_hour
sweep-file-syntax = { $at }：无法读取批量任务文件：{ $problem }
sweep-file-syntax-hint = 请修正该行的 YAML（或 JSON）语法；常见原因是缩进错误，或引号、括号未闭合。
sweep-file-unknown-top = { $at }：{ $keys } 不是批量任务文件的字段
sweep-file-unknown-key = { $at }：{ $keys } 不是 { $parent } 的字段
sweep-file-the-file = 文件
sweep-file-issue = { $at }：{ $field }：{ $problem }
sweep-file-issue-help = { $at }：{ $field }：{ $problem }（{ $help }）
sweep-file-invalid = 批量任务 { $what } 无效：{ $problems }{ $more ->
        [0] { "" }
       *[other] （另有 { $more } 处）
    }。
sweep-file-invalid-hint = 请修正这些行上的字段；批量任务文件包含 name、kind、job（job submit 或 hpc submit 接受的字段）、grid 和/或 list、limits 以及 recover。
sweep-file-no-rows = { $at }：批量任务 { $source } 既没有 grid 也没有 list，不会生成任何任务。
sweep-file-no-rows-hint = 请添加 { $grid }，或 { $list }。
sweep-file-relative = 批量任务文件 "{ $file }" 是相对路径，而这里没有可作为起点的当前文件夹。
sweep-file-relative-hint = 请传入文件的绝对路径，或直接内联给出批量任务（definition）。
sweep-inline-at = （内联批量任务）位于 { $path }
sweep-inline-top = 顶层
sweep-inline-what = （内联）

sweep-job-n = 任务 { $index }

sweep-unknown-param = { $at }：{ $path } 使用了 { $param }，但它不是批量任务的参数。
sweep-unknown-param-hint = 请使用 { $params } 之一，或把 { $name } 加到 grid 或 list 中。字面的花括号请写成 {"{{"} 和 {"}}"}。
sweep-name-no-param = { $at }：job.name "{ $name }" 中没有 {"{"}参数{"}"}，全部 { $count } 个任务会同名。
sweep-name-no-param-hint = 请把参数写进名称，例如 name: { $example }。
sweep-too-many-jobs = { $at }：批量任务会生成 { $count } 个任务，超过了 limits.max_jobs（{ $max }）。
sweep-too-many-jobs-hint = 请缩小 grid 或 list；如果确实需要这么多任务，请调高 max_jobs。
sweep-too-many-jobs-ceiling = { $at }：批量任务会生成 { $count } 个任务，超过了单个批量任务的上限（{ $max }）。
sweep-too-many-jobs-ceiling-hint = 请缩小 grid 或 list，或拆成多个批量任务，每个至多 { $max } 个任务。
sweep-row-missing = { $at }：第 { $index } 行没有 { $param } 的值，而 { $path } 用到了它。
sweep-row-missing-hint = 请为该行给出 { $name }: <值>，或从 { $path } 中去掉 { $param }。
sweep-row-same-name = { $at }：第 { $first } 行和第 { $index } 行生成的任务都叫 "{ $name }"。
sweep-row-same-name-hint = 请把各行之间不同的参数都写进 job.name。

sweep-rest-preempt = 其余任务需抢占低优先级任务才能启动
sweep-rest-queue = 其余任务排队
sweep-fits-all = { $jobs ->
        [1] 现在即可运行
       *[other] 全部 { $jobs } 个现在都能运行
    }
sweep-fits-some = { $jobs } 个中有 { $now } 个现在能运行；{ $rest }
sweep-nodes-unread = 无法读取节点：{ $reason }
sweep-nodes-unlisted = 该计算组的节点未被列出
sweep-which = 要操作哪个批量任务？没有指定。
sweep-which-hint = 请用名称或 id 指定（status 可列出它们），或给出它的文件。
sweep-change-stop = { $family }（{ $raw }）→ 已停止
sweep-change-hold = { $count } 个未发送的任务暂缓 → 不再发送
sweep-stop-nothing = 无需停止：批量任务 { $name } 没有排队或运行中的任务{ $stopped ->
        [yes] ，且它已经停止
       *[other] { "" }
    }
sweep-stop-summary = 停止批量任务 { $name }（{ $id }）：{ $what }
sweep-stop-live = { $count } 个排队或运行中的任务
sweep-stop-unsent = { $count } 个尚未发送的任务
sweep-would-stop = 将停止 { $live } 个任务，并暂缓 { $unsent } 个未发送的任务。
sweep-stop-needs-confirm = 未停止任何任务：停止批量任务 { $name } 需要 { $confirm }。
sweep-progress-stopping = 正在停止 { $name }
sweep-stopped = 已停止批量任务 { $name } 的 { $count } 个任务。
sweep-stopped-held = 已停止批量任务 { $name } 的 { $count } 个任务；{ $held } 个未发送的任务已暂缓：只有带 { $resume } 的 run 才会发送它们。
sweep-never-run = 无需{ $action ->
        [stop] 停止
       *[other] 重新提交
    }：批量任务 { $name }（{ $id }）从未在此配置档下运行过
sweep-resubmit-which = resubmit 需要知道重新提交哪些任务：目前只支持 failed。
sweep-resubmit-which-hint = 请传入 { $field }：失败和已停止的任务会被重新提交。
sweep-locate = 批量任务 { $name }（{ $id }）
sweep-resubmit-nothing = 无需重新提交：批量任务 { $name } 没有失败的任务
sweep-resubmit-summary = 重新提交批量任务 { $name }（{ $id }）的 { $count } 个任务
sweep-change-resubmit = 重新提交
sweep-would-resubmit = 将重新提交 { $count } 个任务。

sweep-progress-checking = 正在检查 { $name }
sweep-row-error = 任务 { $index }（{ $name }）：{ $message }
sweep-too-costly = { $at }：批量任务同时运行时每小时费用可达 { $cost }，超过了 limits.max_cost_per_hour（{ $limit }）。
sweep-too-costly-hint = 请调低 { $field } 或 limits.max_running（减少同时运行的任务），换用更便宜的规格或减少实例数，或调高 limits.max_cost_per_hour。
sweep-run-summary = 提交批量任务 { $name }（{ $id }）的 { $count } 个任务{ $done ->
        [0] { "" }
       *[other] ；{ $done } 个已创建
    }
sweep-change-create = 创建：{ $instances } × { $spec }，位于 { $group }
sweep-change-create-cost = 创建：{ $instances } × { $spec }，位于 { $group }，每小时 { $cost }
sweep-stopped-run-warning = 该批量任务已停止；除非 run 带上 { $resume }，否则不会发送任何任务：{ $call }。
sweep-file-and-definition = 同时给出了 file 和 definition。
sweep-file-and-definition-hint = 请只用一种方式给出批量任务：file 或 definition。
sweep-run-needs-sweep = run 需要批量任务：文件或其定义。
sweep-run-needs-sweep-hint = 请传入批量任务文件（YAML 或 JSON），或 definition。
sweep-stopped-refused = 批量任务 { $name }（{ $id }）已于 { $at } 停止；其 { $count } 个未发送的任务已暂缓，run 不会发送任何任务。
sweep-stopped-refused-hint = 如确需继续：{ $resume }（只发送缺少的任务）。{ $status } 可查看当前进度。
sweep-progress-submitting = 正在提交 { $name }
sweep-not-created = { $name } 未创建：{ $message }
sweep-stopped-while-sending = 本次 { $action } 发送期间批量任务被停止：{ $count } 个任务未发送；如确需发送，请用 { $call }。
sweep-waited-out = 仍有 { $count } 个任务在等待空位（最多同时运行 { $max } 个）；之前的任务结束后，请再次运行批量任务来提交它们。
sweep-progress-error = 批量任务 { $name } 停在任务 { $index }（{ $job }）：{ $message } { $total } 个任务中已创建 { $created } 个。
sweep-progress-error-hint = 然后再次运行批量任务：只会发送缺少的任务{ $unknown ->
        [yes] ，且会先按标记查找这个任务
       *[other] { "" }
    }。
sweep-progress-waiting = 批量任务中有 { $count ->
       *[other] { $count } 个任务
    }在排队或运行（最多同时 { $max } 个）；等待中
sweep-unsure = 无法判断批量任务 { $name } 的 { $count } 个任务是否已创建：空间中的任务多于已读取的数量（{ $jobs }）。
sweep-unsure-hint = 再次运行批量任务前请先用 { $call } 检查，以免重复启动。
sweep-locked = 另一个 inspire 进程正在运行批量任务 { $id }。
sweep-locked-hint = 请等它结束（或停止它）后再运行；{ $call } 可查看进度。

sweep-details-capped = { $what ->
        [verdicts] 指标判断
       *[other] 诊断
    }只针对 { $count } 个任务中的前 { $limit } 个（每个都要消耗请求）。
sweep-progress-verdicts = 正在读取 { $count } 个判断
sweep-stopped-note = 该批量任务已停止：尚未发送的任务会暂缓，直到 run 带上 { $resume }。
sweep-changed-names = 批量任务 { $name }：有 { $count } 个任务的名称在平台上已存在，但字段不同或由别处创建：{ $jobs }。未发送任何任务。
sweep-changed-names-hint = 请给改动过的任务换个名称（在 job.name 中加上版本），或传入 { $field } 让它们与之前的任务并存。
sweep-replacing = 有 { $count } 个任务与之前同名的任务并存发送，之前的任务保持不变：{ $jobs }。
sweep-lookup-truncated = 只把你在该工作空间最新的 1,000 个任务与批量任务作了比对；更早的同名任务未被查找。
sweep-file-aliases = { $at }：文件中的 YAML 别名（*name）展开后过大。
sweep-file-aliases-hint = 请直接写出这些值，或减少别名的嵌套。
sweep-file-reserved-param = { $at }：参数不能命名为 { $name }。
sweep-file-reserved-param-hint = 请给该参数换个名称，并在任务模板中使用新名称。
sweep-twin-stopped = 任务 { $name } 同时也被这个批量任务的另一次运行（另一个存储）创建：这里创建的 { $mine } 已停止，保留 { $keep }。
sweep-twin-not-stopped = 任务 { $name } 同时也被这个批量任务的另一次运行创建：这里创建的 { $mine } 未能停止（{ $reason }）；请停止它，保留 { $keep }。
sweep-twins-unchecked = 无法检查这个批量任务的另一次运行是否同时创建了相同的任务：{ $reason }
