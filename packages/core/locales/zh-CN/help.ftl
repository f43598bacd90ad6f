# 由 packages/core/locales/en/help.ftl 译出：命令说明和输入字段说明（CLI 的 --help）。
# 每条消息上方的注释是它所译的英文；英文变了，scripts/help-messages.mjs --check 会指出该条需重译。

# Show every default, or one value
help-config-get-summary = 显示全部默认值，或其中一项
# Set a default
help-config-set-summary = 设置一项默认值
# Remove a default
help-config-unset-summary = 删除一项默认值
# Save and check your platform account (学工号); the password is never a flag
help-login-inspire-summary = 保存并验证平台账号（学工号）；密码从不作为选项传入
# Save and check a Harbor robot account (镜像管理 → 本地推送)
help-login-harbor-summary = 保存并验证 Harbor 机器人账号（镜像管理 → 本地推送）
# 学工号 for inspire; the robot account name (robot$inspire-studio+…) for harbor
help-login-field-username = inspire：学工号；harbor：机器人账号名（robot$inspire-studio+…）
# The password; it is stored in a 0600 file and never echoed back
help-login-field-password = 密码；保存在权限为 0600 的文件中，从不回显
# For harbor: qb (七宝, all spaces but SJ) or sj (松江, SJ spaces only)
help-login-field-registry = 用于 harbor：qb（七宝，SJ 以外的所有空间）或 sj（松江，仅 SJ 空间）
# Projects, workspaces, compute groups, specs and storage: start here
help-status-summary = 项目、空间、计算组、规格与存储：从这里开始
# Show only this workspace (name or id); default: every workspace
help-status-field-workspace = 只显示这个空间（名称或 id）；默认：所有空间
# Ask the platform again for everything instead of using the kept copies (groups and specs 10 min, free GPUs 1 min)
help-status-field-refresh = 全部重新向平台查询，不用缓存副本（计算组与规格缓存 10 分钟，空闲 GPU 1 分钟）
# Show only specs of one schedule type: TRAIN ({ $w0 }), HPC ({ $w1 }), DSW (notebooks), SERVING (inference)
help-status-field-schedule-type = 只显示一种调度类型的规格：TRAIN（{ $w0 }）、HPC（{ $w1 }）、DSW（notebook）、SERVING（推理服务）
# Submit a GPU training job
help-submit-summary = 提交 GPU 训练任务
# Job name: letters, digits, CJK, '.', '_', '-'; up to 64 characters, e.g. exp-001
help-submit-field-name = 任务名：字母、数字、中日韩文字、'.'、'_'、'-'；最多 64 个字符，例如 exp-001
# The shell command to run, e.g. `python train.py 2>&1 | tee /inspire/hdd/project/{"{"}en_name{"}"}/logs/exp-001.log`. commandPrefix is put in front; {"{"}en_name{"}"} and {"{"}username{"}"} are filled in
help-submit-field-command = 要运行的 shell 命令，例如 `python train.py 2>&1 | tee /inspire/hdd/project/{"{"}en_name{"}"}/logs/exp-001.log`。命令前会加上 commandPrefix；{"{"}en_name{"}"} 和 {"{"}username{"}"} 会被替换
# Compute group name or id ({ $w0 } lists them); "auto": the group where the spec × instance_count starts soonest ({ $w1 }); when missing, the workspace's first group
help-submit-field-compute-group = 计算组名称或 id（{ $w0 } 可列出）；"auto"：规格 × instance_count 最快能启动的计算组（{ $w1 }）；省略时为空间的第一个计算组
# TRAIN spec id (quota id) of that compute group; when missing or wrong the error lists the candidates
help-submit-field-spec = 该计算组的 TRAIN 规格 id（配额 id）；省略或有误时，错误信息会列出候选
# Workspace name or id; defaults to defaultWorkspace
help-submit-field-workspace = 空间名称或 id；默认为 defaultWorkspace
# Project name or id; defaults to defaultProject, else the workspace's only project
help-submit-field-project = 项目名称或 id；默认为 defaultProject，否则为空间里唯一的项目
# Registered image on the display domain (docker.sii.shaipower.online/…:tag); defaults to defaultImage
help-submit-field-image = 显示域名上已登记的镜像（docker.sii.shaipower.online/…:tag）；默认为 defaultImage
# 1–10; 4+ is not pre-empted. Defaults to defaultPriority, else the project's cap
help-submit-field-priority = 1–10；4 及以上不会被抢占。默认为 defaultPriority，否则为项目的上限
# Shared memory: a bare number is GiB (64), or write 64Gi / 65536MB. Defaults to defaultShm, which is in MB and converted (65536 MB = 64 GiB); multi-GPU needs ≥ 64 GiB
help-submit-field-shm = 共享内存：纯数字单位为 GiB（64），也可写 64Gi / 65536MB。默认为 defaultShm（单位 MB，会换算：65536 MB = 64 GiB）；多卡需要 ≥ 64 GiB
# Number of nodes (instances); default 1
help-submit-field-instance-count = 节点（实例）数；默认 1
# Training framework; default pytorch
help-submit-field-framework = 训练框架；默认 pytorch
# Extra environment variables, e.g. {"{"}"WANDB_MODE": "offline"{"}"}
help-submit-field-envs = 额外的环境变量，例如 {"{"}"WANDB_MODE": "offline"{"}"}
# Stop the job after this many hours of running
help-submit-field-max-running-hours = 任务运行这么多小时后停止
# Submit even though the command uses the network (pip install, git clone, wget…) in an offline workspace
help-submit-field-allow-network-commands = 即使命令在离线空间中用到网络（pip install、git clone、wget…）也照样提交
# Submit an HPC (Slurm) job
help-submit-hpc-summary = 提交高性能计算（Slurm）任务
# Job name: letters, digits, CJK, '.', '_', '-'; up to 64 characters
help-submit-hpc-field-name = 任务名：字母、数字、中日韩文字、'.'、'_'、'-'；最多 64 个字符
# The Slurm body only, e.g. `srun python preprocess.py`: no `#!` line, no `#SBATCH` lines (the platform writes the header); launch work with srun. {"{"}en_name{"}"} and {"{"}username{"}"} are filled in
help-submit-hpc-field-entrypoint = 只写 Slurm 脚本正文，例如 `srun python preprocess.py`：不要 `#!` 行，不要 `#SBATCH` 行（头部由平台生成）；用 srun 启动工作。{"{"}en_name{"}"} 和 {"{"}username{"}"} 会被替换
# Workspace name or id, e.g. 高性能计算; defaults to defaultWorkspace
help-submit-hpc-field-workspace = 空间名称或 id，例如 高性能计算；默认为 defaultWorkspace
# Compute group name or id that runs HPC ({ $w0 } lists them); "auto": the group where the spec starts soonest ({ $w1 }); when missing, the first group
help-submit-hpc-field-compute-group = 运行高性能计算的计算组名称或 id（{ $w0 } 可列出）；"auto"：该规格最快能启动的计算组（{ $w1 }）；省略时为第一个计算组
# HPC spec id of that group (not a training spec); when missing or wrong the error lists candidates
help-submit-hpc-field-spec = 该计算组的 HPC 规格 id（不是训练规格）；省略或有误时，错误信息会列出候选
# Project name or id; defaults to defaultProject, else the workspace's only project
help-submit-hpc-field-project = 项目名称或 id；默认为 defaultProject，否则为空间里唯一的项目
# A Slurm-compatible registered image (its name should contain slurm), display domain; defaults to defaultImage
help-submit-hpc-field-image = 兼容 Slurm 的已登记镜像（名称应含 slurm），显示域名；默认为 defaultImage
# 1–10 (mandatory on the platform): defaults to defaultPriority, else the project's cap. CPU jobs at 1–3 use no budget
help-submit-hpc-field-priority = 1–10（平台要求必填）：默认为 defaultPriority，否则为项目的上限。优先级 1–3 的 CPU 任务不消耗预算
# Node layer: number of nodes of the spec; default 1
help-submit-hpc-field-instance-count = 节点层：该规格的节点数；默认 1
# Slurm layer: number of tasks (srun -n); default 1
help-submit-hpc-field-number-of-tasks = Slurm 层：task 数（srun -n）；默认 1
# Slurm layer: CPUs per task; default: the spec's CPUs divided among the tasks
help-submit-hpc-field-cpus-per-task = Slurm 层：每个 task 的 CPU 数；默认：规格的 CPU 平分给各 task
# Slurm layer: memory per CPU in GiB, e.g. "8G"; default: the spec's memory per CPU
help-submit-hpc-field-memory-per-cpu = Slurm 层：每个 CPU 的内存，单位 GiB，例如 "8G"；默认：规格中每个 CPU 的内存
# Seconds to keep the finished job's pods
help-submit-hpc-field-ttl-after-finish-seconds = 任务结束后保留其 pod 的秒数
# Submit even though the entrypoint uses the network; HPC spaces are offline, so this usually fails
help-submit-hpc-field-allow-network-commands = 即使入口脚本用到网络也照样提交；高性能计算空间是离线的，所以通常会失败
# Deploy a model as an inference service
help-inference-create-summary = 把模型部署为推理服务
# List a workspace's inference services
help-inference-list-summary = 列出空间的推理服务
# Show one inference service
help-inference-detail-summary = 显示一个推理服务
# Stop an inference service
help-inference-stop-summary = 停止推理服务
# List the serving recipes (shipped, config folder, ./recipes/)
help-inference-recipes-summary = 列出推理服务配方（内置、配置目录、./recipes/）
# Show a serving recipe and the command it resolves to
help-inference-recipe-summary = 显示一个推理服务配方及其解析出的命令
# Probe a serving's OpenAI endpoint, or say why it is not ready
help-inference-health-summary = 探测推理服务的 OpenAI 接口，或说明它为何尚未就绪
# Send one prompt to a serving
help-inference-chat-summary = 向推理服务发送一条提示
# For create and recipe: a serving recipe's name (recipes lists them); it sets engine, image, model, port, parallel sizes and the command. For health: the recipe the serving was made from (its health path and timeout; found from the command when omitted)
help-inference-field-recipe = 用于 create 和 recipe：推理服务配方名（recipes 可列出）；它设定引擎、镜像、模型、端口、并行规模和命令。用于 health：创建该推理服务所用的配方（其健康检查路径与超时；省略时从命令推断）
# For health: keep probing until the serving answers, crashes or stops, or the wait runs out (wait_seconds; default the recipe's health.timeout_seconds, else 600)
help-inference-field-wait = 用于 health：持续探测，直到推理服务应答、崩溃或停止，或等待超时（wait_seconds；默认为配方的 health.timeout_seconds，否则 600）
# For health: wait at most this many seconds for it to answer (implies wait); call again to keep waiting
help-inference-field-wait-seconds = 用于 health：最多等待这么多秒让它应答（隐含 wait）；再次调用可继续等待
# For create: the serving name (letters, digits, CJK, . _ -; ≤ 64)
help-inference-field-name = 用于 create：推理服务名（字母、数字、中日韩文字、. _ -；≤ 64）
# For create: the model to serve, from { $w0 }
help-inference-field-model-id = 用于 create：要部署的模型，取自 { $w0 }
# For create: the model version, from { $w0 }
help-inference-field-model-version = 用于 create：模型版本，取自 { $w0 }
# For create: a registered image's display address (docker.sii.shaipower.online/inspire-studio/…:tag), never the push domain; defaultImage when omitted
help-inference-field-image = 用于 create：已登记镜像的显示地址（docker.sii.shaipower.online/inspire-studio/…:tag），不能用推送域名；省略时为 defaultImage
# For create: the long-running server command, e.g. python -m vllm.entrypoints.openai.api_server --port 2400; not just sleep infinity
help-inference-field-command = 用于 create：常驻运行的服务命令，例如 python -m vllm.entrypoints.openai.api_server --port 2400；不能只是 sleep infinity
# For create: the port the server listens on (default 2400, or the recipe's)
help-inference-field-port = 用于 create：服务监听的端口（默认 2400，或配方中的值）
# For create and recipe: how many replicas (default 1, or the recipe's)
help-inference-field-replicas = 用于 create 和 recipe：副本数（默认 1，或配方中的值）
# For create and recipe: nodes per replica (default 1, or the recipe's)
help-inference-field-node-num-per-replica = 用于 create 和 recipe：每个副本的节点数（默认 1，或配方中的值）
# For create: the compute group (name or lcg- id); "auto": the group where the spec starts soonest ({ $w0 }); the workspace's first group when omitted
help-inference-field-compute-group = 用于 create：计算组（名称或 lcg- id）；"auto"：该规格最快能启动的计算组（{ $w0 }）；省略时为空间的第一个计算组
# For create: a SERVING spec id of the group; missing or wrong, the error lists the valid ones
help-inference-field-spec = 用于 create：该计算组的 SERVING 规格 id；省略或有误时，错误信息会列出有效的规格
# Workspace name or ws- id; defaultWorkspace when omitted
help-inference-field-workspace = 空间名称或 ws- id；省略时为 defaultWorkspace
# Project name or id; defaultProject, or the workspace's only project
help-inference-field-project = 项目名称或 id；默认为 defaultProject，或空间里唯一的项目
# For create: 1–10; defaultPriority, else 4
help-inference-field-priority = 用于 create：1–10；默认为 defaultPriority，否则为 4
# For create: an optional custom domain
help-inference-field-custom-domain = 用于 create：可选的自定义域名
# List tasks by type and status
help-jobs-summary = 按类型和状态列出任务
# Task type: train (GPU training), hpc (Slurm), inference (servings), notebook, or all
help-jobs-field-type = 任务类型：train（GPU 训练）、hpc（Slurm）、inference（推理服务）、notebook，或 all
# Normalised status family: running, waiting (queued/creating), succeeded, failed, stopped, or all
help-jobs-field-status = 归并后的状态类别：running、waiting（排队/创建中）、succeeded、failed、stopped，或 all
# Workspace name or ws- id; default defaultWorkspace, else every workspace you can see
help-jobs-field-workspace = 空间名称或 ws- id；默认为 defaultWorkspace，否则为你能看到的所有空间
# Search every workspace you can see, even when defaultWorkspace is set (not with workspace)
help-jobs-field-all-workspaces = 搜索你能看到的所有空间，即使设置了 defaultWorkspace（不能与 workspace 同用）
# Only tasks of this project (name or id)
help-jobs-field-project = 只列出这个项目（名称或 id）的任务
# Only tasks whose name contains this text (or matches a glob with * and ?)
help-jobs-field-name = 只列出名称包含此文本（或匹配含 * 和 ? 的通配符）的任务
# Only your own tasks (default true); false lists everyone's
help-jobs-field-mine = 只列出你自己的任务（默认 true）；false 列出所有人的
# Most rows to return (default 50); counts cover all
help-jobs-field-limit = 最多返回的行数（默认 50）；计数涵盖全部
# Show a task's configuration and failure diagnosis
help-job-detail-summary = 显示任务的配置和失败诊断
# How many of the last log lines the failure diagnosis reads (default 100)
help-job-detail-field-log-lines = 失败诊断读取最近多少行日志（默认 100）
# Read, follow (-f) or download a job's log
help-logs-summary = 读取、跟踪（-f）或下载任务日志
# How many of the newest lines to return (default 100); ignored with a time window or download
help-logs-field-lines = 返回最新的多少行（默认 100）；指定时间窗口或下载时忽略
# Window start: ISO time, epoch ms, or how long ago (e.g. 2h); returns lines in time order
help-logs-field-since = 窗口起点：ISO 时间、epoch 毫秒，或多久以前（例如 2h）；按时间顺序返回
# Window end: ISO time, epoch ms, or how long ago; default now
help-logs-field-until = 窗口终点：ISO 时间、epoch 毫秒，或多久以前；默认为现在
# Window ending at until/now, e.g. 30m, 3h, 1d (instead of since)
help-logs-field-time-range = 截至 until/现在的窗口长度，例如 30m、3h、1d（代替 since）
# Only this pod's lines (names from { $w0 }); default every pod
help-logs-field-pod = 只看这个 pod 的日志（名称见 { $w0 }）；默认所有 pod
# Write every line (or the window's) to a file instead of returning them; for long logs
help-logs-field-download = 把所有行（或窗口内的行）写入文件而不是直接返回；适合长日志
# Download file; default <downloads>/<job_id>.log. Relative paths start in the downloads folder (config downloadDir, default <cacheDir>/downloads; the CLI: the current directory); only those folders, no '..', no symbolic links
help-logs-field-path = 下载文件；默认 <downloads>/<job_id>.log。相对路径从下载目录算起（配置项 downloadDir，默认 <cacheDir>/downloads；CLI 中为当前目录）；只能在这些目录中，不能含 '..'，不能是符号链接
# Replace an existing download file (default: refuse)
help-logs-field-overwrite = 覆盖已有的下载文件（默认：拒绝）
# GPU and system metrics with a health verdict
help-metrics-summary = GPU 与系统指标，附健康结论
# summary = health verdict and per-pod stats; raw = the series; download = a CSV file
help-metrics-field-mode = summary = 健康结论和各 pod 统计；raw = 时间序列；download = CSV 文件
# How far back, e.g. 30m, 3h, 1d (default 30m); for a finished job, back from when it finished
help-metrics-field-time-range = 往回看多久，例如 30m、3h、1d（默认 30m）；已结束的任务从结束时刻往回算
# Seconds between points: 60, 300, 1800 or 3600; default about 30 points over the range
help-metrics-field-interval = 数据点间隔秒数：60、300、1800 或 3600；默认在整个范围内取约 30 个点
# CSV file for download; default <downloads>/<job_id>-<range>.csv. Relative paths start in the downloads folder (config downloadDir, default <cacheDir>/downloads; the CLI: the current directory); only those folders, no '..', no symbolic links
help-metrics-field-path = 下载用的 CSV 文件；默认 <downloads>/<job_id>-<range>.csv。相对路径从下载目录算起（配置项 downloadDir，默认 <cacheDir>/downloads；CLI 中为当前目录）；只能在这些目录中，不能含 '..'，不能是符号链接
# Replace an existing CSV file (default: refuse)
help-metrics-field-overwrite = 覆盖已有的 CSV 文件（默认：拒绝）
# Stop a job or serving, or a batch of matching tasks
help-stop-summary = 停止一个任务或推理服务，或一批匹配的任务
# Batch: the workspace to clear (name or ws- id); default defaultWorkspace
help-stop-field-workspace = 批量：要清理的空间（名称或 ws- id）；默认为 defaultWorkspace
# Batch: only tasks in this status family, e.g. waiting or running
help-stop-field-status = 批量：只停止处于此状态类别的任务，例如 waiting 或 running
# Batch: only names containing this text, or matching a glob like exp-*
help-stop-field-name = 批量：只停止名称包含此文本或匹配通配符（如 exp-*）的任务
# Batch: task type (inference = servings); default all three
help-stop-field-type = 批量：任务类型（inference = 推理服务）；默认三类都包括
# Batch: only your own tasks (default true)
help-stop-field-mine = 批量：只停止你自己的任务（默认 true）
# List images (platform or Harbor)
help-images-summary = 列出镜像（平台或 Harbor）
# platform = images registered in 镜像管理 (what jobs can use); harbor = raw pushed repositories and tags
help-images-field-source = platform = 在镜像管理中登记的镜像（任务可用的）；harbor = 推送上去的原始仓库和标签
# Keep images (platform) or repositories (harbor) whose name contains this
help-images-field-search = 只保留名称包含此文本的镜像（platform）或仓库（harbor）
# For platform: official images, public ones, your private ones, or all
help-images-field-visibility = 用于 platform：官方镜像、公开镜像、你的私有镜像，或 all
# Workspace name or ws- id (defaultWorkspace when omitted): its registry decides which images are listed
help-images-field-workspace = 空间名称或 ws- id（省略时为 defaultWorkspace）：它的镜像仓库决定列出哪些镜像
# For harbor: qb (七宝) or sj (松江); by default the workspace's registry (SJ spaces use sj), else qb
help-images-field-registry = 用于 harbor：qb（七宝）或 sj（松江）；默认为空间的镜像仓库（SJ 空间用 sj），否则为 qb
# For harbor: one repository (e.g. my-image) to list its tags with size, push time and registration
help-images-field-repo = 用于 harbor：一个仓库（例如 my-image），列出它的标签及大小、推送时间和登记情况
# Push a local Docker image to Harbor and print the address and registration values
help-image-push-summary = 把本地 Docker 镜像推送到 Harbor，并输出地址和登记所需的值
# Repository name in Harbor's inspire-studio project (default: the local image's name); becomes 镜像名称
help-image-push-field-name = Harbor 中 inspire-studio 项目下的仓库名（默认：本地镜像名）；即镜像名称
# Tag to push (default: the local image's tag, else latest); becomes 版本号
help-image-push-field-tag = 要推送的标签（默认：本地镜像的标签，否则为 latest）；即版本号
# qb (七宝) or sj (松江); by default the workspace's registry (SJ spaces use sj only), else qb
help-image-push-field-registry = qb（七宝）或 sj（松江）；默认为空间的镜像仓库（SJ 空间只能用 sj），否则为 qb
# The workspace the image is for (name or ws- id; defaultWorkspace when omitted): it decides the registry
help-image-push-field-workspace = 镜像要用于的空间（名称或 ws- id；省略时为 defaultWorkspace）：它决定镜像仓库
# Repository description saved in Harbor, and 描述 for registration
help-image-push-field-description = 保存在 Harbor 中的仓库描述，也用作登记时的描述
# Create a notebook
help-notebook-create-summary = 创建 notebook
# List notebooks
help-notebook-list-summary = 列出 notebook
# Show one notebook
help-notebook-detail-summary = 显示一个 notebook
# Start a stopped notebook
help-notebook-start-summary = 启动已停止的 notebook
# Stop a running notebook
help-notebook-stop-summary = 停止运行中的 notebook
# Delete a stopped or failed notebook
help-notebook-delete-summary = 删除已停止或失败的 notebook
# Save a running notebook as an image and give its address
help-notebook-save-image-summary = 把运行中的 notebook 保存为镜像，并给出其地址
# For create: the notebook name (letters, digits, CJK, . _ -; ≤ 64). For save_image: the image name
help-notebook-field-name = 用于 create：notebook 名称（字母、数字、中日韩文字、. _ -；≤ 64）。用于 save_image：镜像名
# For save_image: the image version (tag)
help-notebook-field-version = 用于 save_image：镜像版本（标签）
# For create: the compute group (name or lcg- id); "auto": the group where the spec starts soonest ({ $w0 }); the workspace's first group when omitted
help-notebook-field-compute-group = 用于 create：计算组（名称或 lcg- id）；"auto"：该规格最快能启动的计算组（{ $w0 }）；省略时为空间的第一个计算组
# For create: a NOTEBOOK (DSW) spec id from { $w0 }; training specs do not work; missing or wrong, the error lists the valid ones
help-notebook-field-spec = 用于 create：NOTEBOOK（DSW）规格 id，见 { $w0 }；训练规格不可用；省略或有误时，错误信息会列出有效的规格
# For create: a registered image, as its display address or short name:tag; defaultImage when omitted; must be registered under 镜像管理
help-notebook-field-image = 用于 create：已登记的镜像，写显示地址或短名 name:tag；省略时为 defaultImage；必须已在镜像管理中登记
# Workspace name or ws- id; defaultWorkspace when omitted
help-notebook-field-workspace = 空间名称或 ws- id；省略时为 defaultWorkspace
# Project name or id; defaultProject, or the workspace's only project
help-notebook-field-project = 项目名称或 id；默认为 defaultProject，或空间里唯一的项目
# For create: shared memory in GiB; defaultShm (MB) when omitted
help-notebook-field-shm = 用于 create：共享内存，单位 GiB；省略时为 defaultShm（单位 MB）
# For create: 1–10; defaultPriority, else 4
help-notebook-field-priority = 用于 create：1–10；默认为 defaultPriority，否则为 4
# For create: let the platform stop the notebook when idle
help-notebook-field-auto-stop = 用于 create：空闲时由平台自动停止 notebook
# For create: enable SSH and proxy ports
help-notebook-field-allow-ssh = 用于 create：启用 SSH 和代理端口
# For list: running, waiting, succeeded, failed, stopped or all
help-notebook-field-status = 用于 list：running、waiting、succeeded、failed、stopped 或 all
# For list: keep notebooks whose name contains this
help-notebook-field-keyword = 用于 list：只保留名称包含此文本的 notebook
# List a workspace's models
help-models-list-summary = 列出空间的模型
# Show one model with its versions
help-models-detail-summary = 显示一个模型及其版本
# Create a model-repository entry
help-models-create-summary = 创建模型仓库条目
# Delete a model-repository entry (not its files)
help-models-delete-summary = 删除模型仓库条目（不删除其文件）
# For create: the model name (letters, digits, CJK, . _ -; ≤ 64)
help-models-field-name = 用于 create：模型名（字母、数字、中日韩文字、. _ -；≤ 64）
# For create: where the model files are on shared storage, an absolute path under /inspire/, e.g. /inspire/hdd/project/<en_name>/models/qwen2.5-7b
help-models-field-model-source-path = 用于 create：模型文件在共享存储上的位置，/inspire/ 下的绝对路径，例如 /inspire/hdd/project/<en_name>/models/qwen2.5-7b
# For create: model types, e.g. ["LLM"] or "LLM" (LLMs are served by vLLM)
help-models-field-model-type = 用于 create：模型类型，例如 ["LLM"] 或 "LLM"（LLM 由 vLLM 提供服务）
# For create: a description
help-models-field-description = 用于 create：描述
# For create: tags, e.g. ["qwen", "chat"]
help-models-field-tags = 用于 create：标签，例如 ["qwen", "chat"]
# Workspace name or ws- id; defaultWorkspace when omitted
help-models-field-workspace = 空间名称或 ws- id；省略时为 defaultWorkspace
# For create: project name or id; defaultProject, or the workspace's only one
help-models-field-project = 用于 create：项目名称或 id；默认为 defaultProject，或空间里唯一的项目
# Wait for a task to be running, finished or succeeded (exit codes: inspire help exit-codes)
help-wait-summary = 等待任务进入运行、结束或成功状态（退出码：inspire help exit-codes）
# running; finished = any end state (default); succeeded
help-wait-field-until = running；finished = 任一结束状态（默认）；succeeded
# Give up after this many seconds (default 600, at most 3600); call again to keep waiting
help-wait-field-timeout-seconds = 等待这么多秒后放弃（默认 600，最多 3600）；再次调用可继续等待
# Fixed seconds between checks (at least 0.2); default backs off from 5 s to 30 s
help-wait-field-poll-seconds = 两次检查之间的固定秒数（至少 0.2）；默认从 5 秒逐步退避到 30 秒
# Submit a task again from its configuration
help-resubmit-summary = 按任务的配置再次提交
# Name of the new job; default <old name>-r<N>, the first N not used in the workspace
help-resubmit-field-name = 新任务的名称；默认 <旧名称>-r<N>，N 取空间中第一个未被使用的值
# New training command (commandPrefix is applied to it); default: the old command exactly as it ran
help-resubmit-field-command = 新的训练命令（会加上 commandPrefix）；默认：与原来运行时完全相同的命令
# New HPC entrypoint; default: the old one
help-resubmit-field-entrypoint = 新的高性能计算入口脚本；默认：原来的
# A different spec id of the same compute group and schedule type; default: the old spec
help-resubmit-field-spec = 同一计算组、同一调度类型的另一个规格 id；默认：原来的规格
# A different priority 1–10; default: the old job's priority
help-resubmit-field-priority = 另一个优先级 1–10；默认：原任务的优先级
# As for { $w0 }: allow network commands offline
help-resubmit-field-allow-network-commands = 与 { $w0 } 相同：离线时也允许用到网络的命令
# Scheduler events of a task
help-events-summary = 任务的调度事件
# Only Warning events (scheduling failures, pulls, restarts)
help-events-field-warnings-only = 只看 Warning 事件（调度失败、拉取镜像、重启）
# Free nodes and GPUs per compute group, and where a job fits now
help-availability-summary = 各计算组的空闲节点和 GPU，以及任务现在能放到哪里
# Only this workspace (name or id); default: defaultWorkspace, else every workspace
help-availability-field-workspace = 只看这个空间（名称或 id）；默认：defaultWorkspace，否则为所有空间
# Fit: the spec (id or exact name) to place; the groups that offer it are ranked
help-availability-field-spec = 放置：要放置的规格（id 或完整名称）；提供该规格的计算组按优先顺序排列
# Fit: GPUs per instance, instead of a spec
help-availability-field-gpus = 放置：每个实例的 GPU 数，代替规格
# Fit: how many instances (nodes of a job)
help-availability-field-instances = 放置：实例数（任务的节点数）
# Fit: the priority it would run at; 4+ may pre-empt 1–3. Default defaultPriority, else 4
help-availability-field-priority = 放置：任务运行时的优先级；4 及以上可抢占 1–3。默认为 defaultPriority，否则为 4
# Ask the platform again for the groups and specs too (the nodes are always read fresh)
help-availability-field-refresh = 计算组和规格也重新向平台查询（节点总是实时读取）
# Who holds the GPUs of a workspace (by user, project, type, priority) and the budgets
help-usage-summary = 谁占用了空间的 GPU（按用户、项目、类型、优先级），以及预算
# Workspace (name or id); default: the defaultWorkspace setting
help-usage-field-workspace = 空间（名称或 id）；默认：defaultWorkspace 设置
# Run a command inside a running notebook
help-notebook-exec-summary = 在运行中的 notebook 里执行命令
# The folder to run it in (absolute, or ~/… for the home folder)
help-notebook-exec-field-cwd = 执行命令的目录（绝对路径，或用 ~/… 表示主目录）
# Environment variables for the command, NAME → value (values are quoted safely)
help-notebook-exec-field-env = 命令的环境变量，NAME → 值（值会被安全地加引号）
# Seconds to wait. Then Ctrl-C is sent and the exit code is 124 (the command's own status is in commandStatus); with attach, the reading stops and the command keeps running. Default: no limit
help-notebook-exec-field-timeout = 等待的秒数。超时后发送 Ctrl-C，退出码为 124（命令自身的状态在 commandStatus 中）；与 attach 同用时只停止读取，命令继续运行。默认：不限时
# Start the command detached (it survives the gateway dropping the terminal, which happens after 10–30 min), its output and exit status kept in ~/.inspire/exec/<id>/ in the notebook; returns its id at once
help-notebook-exec-field-detach = 以分离方式启动命令（网关断开终端时它仍继续运行，断开通常发生在 10–30 分钟后），其输出和退出状态保存在 notebook 的 ~/.inspire/exec/<id>/ 中；立即返回它的 id
# The id of a detached command: read its output until it ends (reconnecting when the socket drops)
help-notebook-exec-field-attach = 分离命令的 id：读取其输出直到结束（连接断开时自动重连）
# The id of a detached command: whether it runs, and its exit code once ended
help-notebook-exec-field-status = 分离命令的 id：查看它是否在运行，结束后给出退出码
# Workspace name or ws- id; defaultWorkspace when omitted
help-notebook-exec-field-workspace = 空间名称或 ws- id；省略时为 defaultWorkspace
# List a folder in a running notebook
help-notebook-files-list-summary = 列出运行中 notebook 里的一个目录
# Read a file of a running notebook
help-notebook-files-read-summary = 读取运行中 notebook 里的一个文件
# Write a small file in a running notebook
help-notebook-files-write-summary = 在运行中的 notebook 里写入一个小文件
# For write: the file's content, as text or base64 (see encoding); at most 1 MiB
help-notebook-files-field-content = 用于 write：文件内容，文本或 base64（见 encoding）；最多 1 MiB
# For write: how content is given. For read: text (UTF-8 files as text, others as base64) or base64
help-notebook-files-field-encoding = 用于 write：content 的写法。用于 read：text（UTF-8 文件按文本返回，其他按 base64）或 base64
# For write: replace an existing file; without it, an existing file is refused
help-notebook-files-field-overwrite = 用于 write：覆盖已有文件；不加时拒绝覆盖已有文件
# Workspace name or ws- id; defaultWorkspace when omitted
help-notebook-files-field-workspace = 空间名称或 ws- id；省略时为 defaultWorkspace
# Submit every job of a sweep file not yet created
help-sweep-run-summary = 提交 sweep 文件中尚未创建的所有任务
# List sweeps, or show every job of one
help-sweep-status-summary = 列出 sweep，或显示某个 sweep 的全部任务
# Stop a sweep: its queued and running jobs, and the jobs not yet sent
help-sweep-stop-summary = 停止 sweep：其排队中和运行中的任务，以及尚未发送的任务
# Submit a sweep's failed and stopped jobs again
help-sweep-resubmit-summary = 再次提交 sweep 中失败和已停止的任务
# For run: the sweep file, YAML or JSON (name, kind, job, grid and/or list, limits); relative to the current folder in the CLI, else absolute
help-sweep-field-file = 用于 run：sweep 文件，YAML 或 JSON（name、kind、job、grid 和/或 list、limits）；在 CLI 中相对于当前目录，否则为绝对路径
# For run: the sweep itself, the same fields as a sweep file, instead of file
help-sweep-field-definition = 用于 run：sweep 本身，字段与 sweep 文件相同，代替 file
# For run: at most this many of the sweep's jobs queued or running at once; the rest wait (overrides limits.max_running)
help-sweep-field-max-running = 用于 run：同时排队或运行的该 sweep 任务最多这么多个，其余的等待（覆盖 limits.max_running）
# For run, resubmit: a job the platform refuses is noted and the others still go; default stops at the first
help-sweep-field-continue-on-error = 用于 run、resubmit：平台拒绝的任务会被记下，其余任务照常提交；默认在第一个被拒时停止
# For run: go on with a sweep that was stopped, sending its jobs not yet created (a stopped sweep's run is refused without it)
help-sweep-field-resume = 用于 run：继续一个已停止的 sweep，发送其尚未创建的任务（不加此项时，已停止 sweep 的 run 会被拒绝）
# For run, resubmit: how long to keep waiting for running jobs to finish while max_running holds the rest back; when it runs out, run again to go on (nothing is sent twice). 0 submits what fits now
help-sweep-field-wait-seconds = 用于 run、resubmit：在 max_running 限制其余任务时，等待运行中任务结束的时长；用完后再次 run 即可继续（不会重复发送）。0 表示只提交现在能容纳的
# For run, resubmit, with max_running: seconds between two reads of the jobs' states (default 15)
help-sweep-field-poll-seconds = 用于 run、resubmit，且有 max_running 时：两次读取任务状态之间的秒数（默认 15）
# For resubmit: resubmit the jobs that failed or were stopped (required, so nothing is resubmitted by accident)
help-sweep-field-failed = 用于 resubmit：重新提交失败或被停止的任务（必填，以免误操作重新提交）
# For status: read the metrics verdict of running jobs and the diagnosis of failed ones ({ $w0 }, { $w1 }); false reads only the list
help-sweep-field-details = 用于 status：读取运行中任务的指标结论和失败任务的诊断（{ $w0 }、{ $w1 }）；false 只读取列表
