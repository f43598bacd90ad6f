# CLI 自有命令和参数的话：任务、用量、notebook、推理服务、补全、--watch。

# 列表最后两项之间：“--detach、--attach”。
cli-and = 、
cli-chart-written = 图表已写入 { $path }
cli-jobs-follow-json = --follow 会持续输出日志行，不能与 --json 同时使用。
cli-jobs-follow-json-hint = 去掉 --json 以跟踪日志，或去掉 --follow 以一次性得到 JSON 结果。
cli-jobs-follow-download = --follow 会随时输出新的日志行，不能与 --download 同时使用。
cli-jobs-follow-download-hint = 下载日志，或用 `inspire job logs ID -f` 跟踪它。
cli-jobs-then-following = { $heading }，继续跟踪
cli-jobs-plot-download = --plot 绘制 summary 或 raw 模式的序列，不能与 --mode download 同时使用。
cli-jobs-plot-download-hint = 请将 --mode summary 或 --mode raw 与 --plot 一起使用。
cli-usage-overwrite-without-plot = --overwrite 作用于 --plot 的文件。
cli-usage-overwrite-without-plot-hint = 请给出 --plot FILE.svg，或去掉 --overwrite。
cli-notebook-exec-modes = { $flags } 不能同时使用。
cli-notebook-exec-modes-hint = 只用 --detach、--attach ID、--status ID 中的一个。
cli-serve-wait-seconds = --wait 需要 1 到 3600 之间的秒数，收到的是“{ $value }”。
cli-serve-wait-seconds-hint = 例如 --wait 300，或只写 --wait。
cli-serve-wait-dry-run = --wait 等待已部署的推理服务；而 --dry-run 不会部署任何东西。
cli-serve-wait-dry-run-hint = 去掉其中一个。
cli-completion-no-shell = 没有“{ $shell }”的补全脚本。
cli-completion-no-shell-hint = 请使用 bash、zsh 或 fish。
cli-watch-interval = --interval 必须是不小于 { $min } 的秒数。
cli-watch-interval-hint = 例如 --interval { $seconds }。
cli-watch-interval-alone = --interval 只与 --watch 一起使用。
cli-watch-interval-alone-hint = 加上 --watch，或去掉 --interval。
cli-watch-json = --watch 绘制表格，不能与 --json 同时使用。
cli-watch-json-hint = 去掉 --json；或去掉 --watch，得到一个 JSON 结果。
cli-watch-no-terminal = --watch 在终端上刷新表格，但 stdout 不是终端。
cli-watch-no-terminal-hint = 请在终端中运行，或去掉 --watch（脚本可以自行重复运行 `{ $command }`）。
cli-watch-heading = 每 { $seconds } 秒刷新；按 Ctrl-C 结束。
cli-shell-no-terminal = notebook shell 是交互式的，需要终端，但 stdin 或 stdout 不是终端。
cli-shell-no-terminal-hint = 请在终端中运行；在脚本中请用 `inspire notebook exec <notebook> -- <command>` 运行命令。
cli-shell-connected = 已连接到 notebook { $notebook }；输入 exit 退出。
cli-shell-dropped = notebook 的 Jupyter 网关关闭了终端连接。
cli-shell-dropped-hint = 用 `inspire notebook shell` 重新连接；长时间的工作请用 `inspire notebook exec --detach` 运行。
cli-shell-disconnected = 已断开连接。

# notebook cp
cli-cp-exists-hint = 加 --force 替换它们，或换一个目标位置。
cli-cp-no-notebook = 两个路径都没有指定 notebook。
cli-cp-two-notebooks = 两个路径都指定了 notebook；其中一边必须是本地路径。
cli-cp-notebook-side-hint = notebook 一侧写作 NOTEBOOK:PATH，例如 `inspire notebook cp ./data my-nb:work/data`。

# skill install|path
cli-skill-not-shipped = 此 CLI 旁边没有 { $skill } 技能（查找位置：{ $folder }）。
cli-skill-not-shipped-hint = 请重新构建 CLI（node scripts/bundle.mjs 会把技能复制到 dist/skills）或重新安装。
cli-skill-no-agent = 没有为此用户找到任何 agent（查找了 { $folders }）。
cli-skill-no-agent-hint = 请给出 --agent { $agents }，或用 --dir DIR 安装到 DIR/{ $skill }。
cli-skill-for = （{ $agent }）
cli-skill-unchanged = { $skill } 技能{ $who }已是最新：{ $dir }
cli-skill-installed = 已安装 { $skill } 技能{ $who }到 { $dir }：
cli-skill-updated = 已更新 { $skill } 技能{ $who }：{ $dir }
cli-skill-backup = （你修改过的副本保留在 { $backup }）
cli-skill-root = 技能文件夹
cli-skill-not-folder = 是文件而不是文件夹
cli-skill-wrote = 写入   { $file }
cli-skill-removed = 删除   { $file }
cli-skill-ignored = 忽略   { $file }（位于技能文件夹之外或经由链接）
cli-skill-agent-choice = --agent 必须是 { $agents } 之一，而不是“{ $value }”。
cli-skill-agent-choice-hint = 例如 --agent { $agent }。
cli-skill-links = 未安装：{ $where } 在技能文件所在的位置有符号链接；不会经由链接写入任何文件。
cli-skill-links-hint = 请删除这些链接（或整个文件夹）后重新安装。
cli-skill-edited = 未安装：{ $where } 中的副本在安装后被修改过。
cli-skill-edited-hint = 请把你的修改另存他处，或加 --force 替换它（当前副本会作为备份保留在 skills 文件夹旁边）。
cli-skill-failed = 无法安装到 { $dir }：{ $reason }
cli-skill-failed-fs = 无法安装到 { $dir }：{ $reason }。
cli-skill-failed-fs-hint = 请用 --dir 指定一个你可以写入的文件夹（不存在时会创建）。
cli-skill-file-in-the-way = 有一个文件挡住了该文件夹

# 图表：job metrics --plot（plot.ts）和 usage --plot（usage-plot.ts）。
cli-plot-panel-gpu = GPU 利用率
cli-plot-panel-gpu-memory = GPU 显存
cli-plot-panel-cpu = CPU
cli-plot-panel-memory = 内存
cli-plot-no-points = 此时间段内没有指标数据点。
cli-usage-plot-title-user = { $workspace } 中占用的 GPU（按用户）
cli-usage-plot-title-project = { $workspace } 中占用的 GPU（按项目）
cli-usage-plot-held = { $tasks } 个运行中的任务占用 { $gpus } 个 GPU
cli-usage-plot-held-idle = { $tasks } 个运行中的任务占用 { $gpus } 个 GPU，其中 { $idle } 个空闲
cli-usage-plot-none = 没有占用的 GPU。
cli-usage-plot-segment = { $name }：{ $gpus } 个 GPU
cli-usage-plot-segment-idle = { $name }：{ $gpus } 个 GPU，空闲
cli-usage-plot-idle = 空闲（GPU 利用率低于 { $percent }%）
cli-plot-not-svg = --plot 写出的是 SVG 图表，但 { $file } 的扩展名表示另一种格式（{ $ext }）。
cli-plot-not-svg-hint = 请命名为 { $file }，或给出一个文件夹，图表会以默认名称写在那里。
cli-help-open = 在浏览器中打开任务在控制台中的页面（notebook 则打开其 lab）
cli-help-open-task = 任务：其 id、名称或唯一的 id 前缀（训练、高性能计算或 Ray 任务、推理服务或 notebook）
cli-help-open-print = 只打印地址，不打开
cli-help-open-workspace = 在此空间中查找名称或 id 前缀（空间名称或 ws- id）
cli-open-printed = 此处无法启动浏览器；请自行打开上面的地址（或设置 BROWSER）。
