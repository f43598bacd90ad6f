# 平台对象的规则（domain/）：规格、共享内存、名称、镜像、优先级、id。

domain-purpose-train = 训练任务
domain-purpose-dsw = notebook
domain-purpose-hpc = 高性能计算任务
domain-purpose-serving = 推理服务
domain-purpose-ray = Ray 任务
domain-spec-where = 计算组 { $group }
domain-spec-none = { $where } 中没有可用于{ $purpose }的规格。
domain-spec-none-hint = 请换一个计算组：{ $call } 可显示每个计算组和调度类型的规格。
domain-spec-missing = 未给 { $where } 指定规格。
domain-spec-choose = 请从{ $purpose }的 { $count } 个规格中选择一个。
domain-spec-ambiguous = "{ $wanted }" 匹配 { $where } 的 { $count } 个规格：你指的是 { $names } 吗？
domain-spec-ambiguous-hint = 请写出更完整的名称，或使用规格 id。
domain-spec-other-type = 它是{ $other }的规格，不是{ $purpose }的
domain-spec-other-group = 它不属于 { $where }
domain-spec-unknown = 它不是 { $where } 的规格
domain-spec-unusable = 规格 "{ $wanted }" 无法使用：{ $why }。
domain-shm-invalid = "{ $text }" 不是有效的共享内存大小。
domain-shm-invalid-hint = 请写成 64Gi（GiB）或 65536MB；65536MB = 64 GiB。
domain-shm-not-positive = 共享内存必须为正数，收到的是 "{ $text }"。
domain-shm-not-positive-hint = 例如使用 64Gi。
domain-shm-too-small = { $text } MB 的共享内存太小，不像是有意设置的。
domain-shm-too-small-hint = 如果你指的是 { $value } GiB，请写 { $value }Gi（或以 MB 计的 { $mb }）。
domain-shm-too-large = { $size } 即 { $gi } GiB 共享内存，超过了任何节点的容量。
domain-shm-too-large-hint = 如果你指的是 MB，请写 { $value }MB（= { $gi } GiB）。
domain-shm-low-nodes = { $nodes } 节点任务的 shm 为 { $gi } GiB；分布式训练在低于 { $min } GiB（65536 MB）时常会失败。请至少调到 { $min }。
domain-shm-low-gpus = { $gpus } 卡任务的 shm 为 { $gi } GiB；分布式训练在低于 { $min } GiB（65536 MB）时常会失败。请至少调到 { $min }。
domain-shm-above-memory = shm（{ $gi } GiB）大于规格的内存（{ $memory } GiB）；无法全部用上。
domain-name-what = { $kind ->
        [job] 任务名称
        [notebook] notebook 名称
        [serving] 推理服务名称
        [model] 模型名称
        [image] 镜像名称
       *[other] 名称
    }
domain-name-empty = { $what }为空。
domain-name-give = 请给出符合规则的{ $what }：1–64 个字符，可用字母、数字、中日韩文字、'.'、'_' 和 '-'，以字母、数字或中日韩文字开头。
domain-name-long = { $what } "{ $name }" 长达 { $length } 个字符。
domain-name-shorten = 请缩短：1–64 个字符，可用字母、数字、中日韩文字、'.'、'_' 和 '-'，以字母、数字或中日韩文字开头。
domain-name-space = { $what } "{ $name }" 包含空格。
domain-name-bad-char = { $what } "{ $name }" 包含 "{ $bad }"。
domain-name-bad-start = { $what } "{ $name }" 必须以字母、数字或中日韩文字开头。
domain-name-use = 请使用 1–64 个字符：字母、数字、中日韩文字、'.'、'_' 和 '-'，以字母、数字或中日韩文字开头，例如 { $example }。

domain-image-bad-ref = "{ $raw }" 不是有效的镜像地址：{ $why }。
domain-image-bad-ref-hint = 请写成 [host/]namespace/name:tag，例如 docker.sii.shaipower.online/inspire-studio/my-image:v1。
domain-image-empty = 它是空的
domain-image-spaces = 它包含空格
domain-image-two-at = 它包含多个 '@'
domain-image-digest = 摘要不是 sha256:<64 位十六进制>
domain-image-host = "{ $host }" 不是有效的镜像仓库地址
domain-image-names = 名称只能使用小写字母、数字和 . _ -
domain-image-tag = 标签 "{ $tag }" 无效
domain-image-foreign = 镜像 "{ $raw }" 位于 { $host }，不是平台的镜像仓库。
domain-image-foreign-hint = 请用 { $call } 把镜像推送到 Harbor，在 镜像管理 → 新建镜像 中登记，然后使用返回的展示地址。
domain-image-no-host = 镜像 "{ $raw }" 没有仓库地址；任务需要完整的展示地址。
domain-image-no-host-fix = 请使用 { $fix }（先在 镜像管理 中登记）。
domain-image-no-host-hint = 请使用 { $call } 显示的地址。
domain-image-push-domain = "{ $raw }" 使用的是推送域名 { $host }；任务必须引用展示域名。
domain-image-use-instead = 请改用 { $fix }。
domain-image-no-tag = 镜像 "{ $raw }" 没有标签；平台需要 host/namespace/name:tag。
domain-image-no-tag-hint = 请加上已登记的版本，例如 :v1（{ $call } 可列出版本）。
domain-image-registry-mismatch = 镜像位于 { $registry } 仓库，而该空间使用 { $workspace }；两个仓库的镜像不互通。
domain-priority-invalid = 优先级 { $priority } 无效；平台只接受 1–10 的整数（越大越重要）。
domain-priority-invalid-hint = 不能被抢占的任务请用 4 及以上，可被抢占的任务用 1–3。
domain-priority-above-cap = 优先级 { $priority } 超过了该项目的上限 { $cap }。
domain-priority-above-cap-hint = 请使用不超过 { $cap } 的优先级。
domain-priority-level = 该规格不允许优先级 { $priority }（{ $level }），只接受 { $allowed }。
domain-priority-level-hint = 请选择允许级别内的优先级，或换用允许该优先级的规格（{ $call } 可列出规格）。
domain-priority-preemptible = 优先级 { $priority } 可被抢占：更高优先级的任务可能终止它。请经常保存检查点，或使用 4 及以上。
domain-budget-exhausted = 项目剩余预算为 { $remain } 点券；平台可能拒绝该任务。优先级 1–3 的 CPU 任务不消耗预算；否则请等待预算刷新。
domain-did-you-mean = 你指的是 { $names } 吗？
domain-id-invalid = "{ $id }" 不是任务 id：{ $why }。
domain-id-invalid-hint = 请传入 { $call } 列出的任务 id：job-…（训练任务）、hpc-job-…（高性能计算任务）、sv-…（推理服务）、rj-…（Ray）或不带前缀的 UUID（notebook）。
domain-id-empty = 它是空的
domain-id-bad-body = "{ $prefix }" 之后的部分缺失或包含无效字符
domain-id-other = 它看起来是{ $kind ->
        [workspace] 空间
        [project] 项目
        [logic-group] 逻辑计算组
        [group] 计算组
        [image] 镜像
        [user] 用户
       *[spec] 规格
    }的 id
domain-id-notebook = notebook 的 id 是不带前缀的 UUID
domain-id-unknown-prefix = 平台不使用这个前缀
domain-placeholder-unknown = 命令使用了 {"{"}{ $key }{"}"}，但不知道{ $key ->
        [en_name] 项目的 en_name
       *[other] 用户名
    }。
domain-placeholder-en-name-hint = 请传入项目（或设置 defaultProject），以便填入其 en_name；{ $call } 可列出项目。
domain-placeholder-username-hint = 请先登录（{ $call }），以便获知用户名。
domain-placeholder-unsafe = { $key } "{ $value }" 无法安全地放入 shell 命令。
domain-placeholder-unsafe-hint = 请写出完整路径，不要使用占位符。

domain-workspace-note-distributed = H100/H200，每节点 8 卡
domain-workspace-note-whole-node = 整节点任务
domain-workspace-note-hpc = CPU Slurm（高性能计算）；镜像须包含 Slurm
domain-workspace-note-online-gpu = RTX 4090 48 GB；白名单内可上网
domain-workspace-note-cpu = CPU；HPC-可上网区资源-2 可运行高性能计算任务
domain-workspace-note-ascend = Ascend 910B 64 GB
domain-workspace-note-ppu = PPU 加速卡
domain-workspace-note-dedicated = RTX 4090；SSH（测试版）
domain-workspace-note-sj = 位于松江的 Ascend 910B；仅限 sj 镜像仓库
domain-workspace-note-public = 最低优先级
domain-workspace-note-cpu-test = CPU
domain-workspace-note-project = 项目资源
domain-lookup-kind = { $kind ->
        [notebook] notebook
        [train] 训练任务
        [hpc] 高性能计算任务
        [serving] 推理服务
        [ray] Ray 作业
        [model] 模型
        [sweep] 批量任务
        [job] 训练或高性能计算任务
       *[other] 任务
    }
domain-lookup-where = { $count ->
       *[other] 空间 { $names }
    }
domain-lookup-where-many = 你能看到的全部 { $count } 个空间
domain-lookup-no-id = { $where }中没有{ $what } { $wanted }。
domain-lookup-no-name = { $where }中没有名为“{ $wanted }”或 ID 以它开头的{ $what }。{ $near }
domain-lookup-list-hint = { $call } 会列出它们；不在默认空间时请传入 { $field }。
domain-lookup-several = “{ $wanted }”匹配了多个{ $what }（{ $count } 个）：{ $names }。
domain-lookup-several-hint = 请用完整名称或 ID 指定其中一个。
domain-lookup-where-visible = 你能看到的任何空间
domain-lookup-where-sweeps = 此配置档运行过的批量任务
