# 值得其篇幅的结果：账号概览里的规格计数（operations/status）。

status-col-train = TRAIN
status-col-hpc = HPC
status-col-dsw = DSW
status-col-serving = SERVING
status-specs-hint = TRAIN 至 SERVING 各列是每个计算组的规格数量；{ $example } 列出一种调度类型的规格 ID。

# MCP 服务器的提示（prompts）：技能里的主要工作流程，每个一条消息（apps/mcp，prompts.ts）。

prompt-train-title = 提交训练任务并确认它在训练
prompt-train-description = GPU 训练任务：选 TRAIN 规格，先试运行（dry run），再提交，等到运行后读日志和 GPU 利用率。
prompt-train-arg-command = 任务运行的命令，例如 python train.py
prompt-train-arg-name = 任务名（默认 exp-001）
prompt-train-arg-workspace = 空间（默认：defaultWorkspace 设置）
prompt-train =
    在 SII 启智平台提交一个运行 `{ $command }` 的训练任务，并确认它在训练。
    1. { $status } 列出计算组、空闲 GPU 和 TRAIN 规格：规格 ID 从结果里取，不要猜。离线空间（分布式训练空间、高性能计算、整节点任务空间）的命令里不能下载任何东西。
    2. { $dryRun } 只检查请求、不创建任务；没问题再去掉 { $field } 重新调用。把输出写到共享存储：`2>&1 | tee /inspire/hdd/project/<en_name>/logs/{ $name }.log`。
    3. { $wait }，然后 { $logs } 和 { $metrics }：它在训练还是空转？
    提交失败而原因不明时，先用 { $jobs } 查找这个任务，再决定是否重新提交。
prompt-diagnose-title = 诊断失败的任务
prompt-diagnose-description = 任务为什么失败、怎样修复：它的诊断、警告事件和最后的日志。
prompt-diagnose-arg-job-id = 任务 ID（job-…、hpc-job-…、rj-…）
prompt-diagnose =
    查明任务 { $job } 在 SII 启智平台上为什么失败，以及怎样修复。
    1. { $detail } 读取它的配置；任务失败时还读取最后的日志和事件，并指出最可能的原因。
    2. 平台的警告（调度、镜像拉取、内存、驱逐）：{ $events }。
    3. { $logs }
    常见原因：镜像用了推送域名或未登记；离线空间里的联网命令；命令里没有激活 conda；规格属于另一种任务类型；多卡任务的 shm 小于 64 GiB。说明出了什么问题和修复办法；用户同意后才重新提交。
prompt-diagnose-logs = { $call } 显示程序最后打印的内容。
prompt-diagnose-more-log = { $call } 读取更多日志（程序最后打印的内容）。
prompt-free-gpus-title = 查找空闲 GPU
prompt-free-gpus-description = 一个需要若干 GPU 的任务现在能在哪里运行：各计算组和节点的空闲 GPU，以及该用的规格。
prompt-free-gpus-arg-gpus = 每个实例的 GPU 数（默认：不限）
prompt-free-gpus-arg-workspace = 只看这个空间（默认：所有空间）
prompt-free-gpus =
    在 SII 启智平台上查找现在有{ $gpus ->
        [0] 空闲 GPU
       *[other] { $gpus } 块空闲 GPU
    }的地方。
    1. { $look }
    2. { $status } 给出所选计算组的 TRAIN 规格：每个实例 N 块 GPU 的任务需要 N 块 GPU 的规格。
    优先级 1–3 可被抢占；4 及以上不会。说明该用哪个空间、计算组和规格。
prompt-free-gpus-nodes = { $call } 读取节点：每个节点的空闲 GPU，以及放得下这个任务的计算组（最合适的在前）。
prompt-free-gpus-groups = { $call } 显示每个计算组的空闲 GPU 与总数（单节点任务要看一个节点上的空闲 GPU）。
prompt-missing-argument = 提示 { $prompt } 需要参数 { $argument }。
prompt-missing-argument-hint = prompts/list 列出每个提示的参数。
prompt-bad-gpus = gpus 必须是 1 到 64 的整数，而不是“{ $value }”。
prompt-bad-gpus-hint = 不填 gpus 即查找任意空闲 GPU。

# 日志的游标（operations/logs）。

logs-older = 更早的日志：{ $field }
