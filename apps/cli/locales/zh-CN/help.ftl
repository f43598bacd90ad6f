# --help 本身的文字：标题、CLI 为每个命令添加的选项、命令组说明。
# 目录中的文字（命令说明、选项说明）在 packages/core/locales/<language>/help.ftl。

cli-help-usage = 用法：
cli-help-options = 选项：
cli-help-commands = 命令：
cli-help-arguments = 参数：
cli-help-global-options = 全局选项（可写在命令前或命令后）：
cli-help-examples = 示例：
cli-help-after = 退出码：inspire help exit-codes。调试输出：INSPIRE_DEBUG=1。
cli-help-with-default = { $help }（默认：{ $value }）
cli-help-extra = { $description }（{ $extra }）
cli-help-choices = 可选值：{ $values }
cli-help-default = 默认：{ $value }
cli-help-extra-separator = ；
cli-help-option-help = 显示命令帮助
cli-help-option-version = 显示版本号
cli-help-option-profile = 使用此配置档（默认：INSPIRE_PROFILE，否则为当前配置档）
cli-help-option-dry-run = 只显示将要发送或更改的内容，不做任何更改
cli-help-option-yes = 不询问确认
cli-help-program = inspire：SII Inspire GPU/HPC 平台（qz.sii.edu.cn）的命令行工具
cli-help-help-command = 显示命令帮助，或 `inspire help exit-codes`
cli-help-help-json = 与 exit-codes 一起：以 JSON 输出该表
cli-help-group-job = 提交、查看和停止训练任务；查看、等待和停止高性能计算任务与 Ray 作业
cli-help-group-hpc = 提交高性能计算（Slurm）任务；用 `inspire job` 查看
cli-help-group-ray = 提交 Ray 作业（一个 head 加可伸缩的 worker 组）；用 `inspire job` 查看、等待和停止
cli-help-group-serve = 部署、查看和停止推理服务
cli-help-group-notebook = 创建、启动、停止和删除 notebook；在其中运行命令、复制文件、打开终端
cli-help-group-terminal = 运行中的 notebook 里跨命令保持的 shell：打开、输入、读取、关闭
cli-help-group-model = 列出、查看、创建和删除模型仓库条目
cli-help-group-image = 浏览平台已登记的镜像或 Harbor 镜像，推送本地镜像
cli-help-group-sweep = 从一个批量任务文件运行多个任务，查看、停止它们，并重新提交失败的任务
cli-help-group-config = 读取或更改默认值（{ $keys }）

# CLI 自己的命令和选项。
cli-help-password-stdin = 从标准输入读取密码
cli-help-logout = 清除该配置档保存的平台密码和会话
cli-help-completion = 输出 shell 补全脚本（bash、zsh 或 fish）
cli-help-submit-wait = 等待任务结束；以 `job wait` 的退出码退出
cli-help-submit-follow = 跟踪任务日志直到任务结束
cli-help-exit-status = 退出码：0 成功，10 失败，11 未结束，12 未找到，13 已停止
cli-help-logs-follow = 输出最新的几行后，继续输出新行直到任务结束
cli-help-metrics-plot = 同时把时间序列画成 SVG 图写入此文件（当前目录或下载目录；--overwrite 可覆盖已有文件）
cli-help-cp = 在本地与运行中的 notebook（NOTEBOOK:PATH）之间复制文件或目录，并校验 sha256
cli-help-cp-source = 本地路径，或 NOTEBOOK:PATH（notebook 的名称、id 或 id 前缀，再接路径）
cli-help-cp-destination = NOTEBOOK:PATH，或本地路径（若是目录，则复制到其中）
cli-help-cp-force = 覆盖目标位置已有的文件
cli-help-cp-no-parents = 目标位置之上缺少目录时拒绝复制，而不是在 notebook 中创建它们（默认会创建，如同 mkdir -p）
cli-help-notebook-workspace = 在哪个空间里按名称查找 notebook（默认：defaultWorkspace）
cli-help-shell = 在运行中的 notebook 里打开交互式终端，类似 ssh（需要在终端中运行）
cli-help-shell-notebook = notebook：名称、id、唯一的 id 前缀，或其控制台/Jupyter 网址
cli-help-profile = 管理配置档：每个配置档对应一个账号（和平台）
cli-help-profile-list = 列出配置档；* 标出当前配置档
cli-help-profile-add = 创建配置档
cli-help-profile-base-url = 平台地址（默认：正式环境 https://qz.sii.edu.cn）
cli-help-profile-emulator = inspire-emulator 的地址：用作平台和两个镜像仓库的 Harbor API
cli-help-profile-harbor-api = qb 或 sj 的 Harbor REST API，例如 qb=http://127.0.0.1:4010/harbor/qb（可重复）
cli-help-profile-registry-push = qb 或 sj 的镜像推送地址，例如 qb=127.0.0.1:5000（可重复）
cli-help-profile-use = 把一个配置档设为当前配置档
cli-help-profile-remove = 删除配置档及其保存的凭据和会话
cli-help-doctor = 检查配置、网络、凭据、Harbor 和时钟
cli-help-usage-plot = 同时把占用的 GPU 画成堆叠柱状图写入此文件（当前目录或下载目录）
cli-help-usage-by = 图中的柱：每个用户一根（按项目堆叠），或每个项目一根
cli-help-usage-overwrite = 覆盖已有的图文件（默认：拒绝）
cli-help-no-mine = 包括所有人的任务，而不只是你自己的
cli-help-no-details = 不读取指标结论和失败诊断，只读取列表（更快）
cli-help-no-parents = 目标位置之上缺少目录时拒绝并指出第一个缺少的目录，而不是创建它们（默认会创建，如同 mkdir -p）
cli-help-negated = 关闭：{ $help }
cli-help-record = { $help }；每个参数写一个 KEY=VALUE，可重复，例如 { $flag } WANDB_MODE=offline { $flag } SEED=1
cli-help-watch = 在本终端持续刷新表格，直到按 Ctrl-C（stdout 不是终端时拒绝）
cli-help-watch-interval = --watch 每次刷新间隔的秒数（默认 { $default }，至少 { $min }）
cli-help-skill = 把 { $skill } agent skill 安装到 Claude、Codex、Gemini…
cli-help-skill-install = 把 { $skill } skill 复制到 agent 的用户 skills 目录，并列出写入的文件
cli-help-skill-dir = 安装到 DIR/{ $skill }，而不是 agent 的目录
cli-help-skill-force = 覆盖你改过的副本；旧副本会备份在 skills 目录旁
cli-help-skill-path = 输出本 CLI 自带的 { $skill } skill 所在位置（加 --agent 时，输出其安装位置）
cli-help-skill-path-agent = 改为输出该 agent 的安装目录
cli-help-skill-agent = agent（可重复）；默认：在你的主目录中找到的所有 agent
cli-help-serve-wait = 持续探测，直到它应答、崩溃或停止，或过了 SECONDS 秒（默认：配方的 health.timeout_seconds，否则 600）；退出码 0 就绪，11 超时仍未就绪，10 崩溃或已停止
cli-help-summary-separator = ；
cli-help-cp-paths = notebook 中的路径相对于其 Jupyter 根目录（即 lab 文件浏览器显示的路径）。
cli-help-cp-size = 任意大小的文件都分块传输；中断的复制再次运行时从中断处继续；目录会整个复制。
cli-help-cp-local = 本地路径只能在当前目录或下载目录之内；从不跟随符号链接。
