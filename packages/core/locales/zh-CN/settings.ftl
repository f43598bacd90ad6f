# 设置：配置档保存的默认值（store/settings.ts）。

settings-help-default-project = 调用未指定项目时使用的项目名称或 id
settings-help-default-workspace = 调用未指定空间时使用的空间名称或 id
settings-help-default-image = 展示域名下的镜像地址，例如 docker.sii.shaipower.online/inspire-studio/my-image:v1
settings-help-default-priority = 任务优先级 1–10（4 及以上不可被抢占）
settings-help-default-shm = 共享内存，单位 MB，与使用手册一致（65536 = 64 GiB）；也接受 64Gi
settings-help-command-prefix = 在每条命令前运行的 shell 前缀；会填入 {"{"}en_name{"}"} 和 {"{"}username{"}"}
settings-help-download-dir = 存放下载文件和图表（日志、指标 CSV）的绝对路径文件夹；默认 <cacheDir>/downloads；MCP 和插件只写入这里
settings-help-lang = 消息、帮助和表格的语言：en 或 zh-CN；默认：CLI 中按区域设置（LC_ALL、LC_MESSAGES、LANG），其他场合为英文
settings-download-dir-refused = downloadDir "{ $dir }" { $why ->
        [relative] 不是绝对路径
        [dots] 包含 ".."
        [hidden] 位于隐藏文件夹中，那里存放着配置和密钥
       *[home] 是你的主目录或包含主目录；下载需要单独的文件夹
    }。
settings-download-dir-hint = 请使用指向单独文件夹的绝对路径，例如 ~/inspire-downloads（不存在时会创建）；或取消设置 downloadDir，使用 <cacheDir>/downloads。
settings-unknown-key = "{ $key }" 不是配置项。
settings-use-one-of = 请使用以下之一：{ $keys }。
settings-empty-value = { $key } 的值为空。
settings-empty-value-hint = 如要删除它，请改用 unset { $key }。
settings-priority-invalid = defaultPriority 必须是 1–10 的整数，收到的是 "{ $value }"。
settings-priority-invalid-hint = 例如使用 4。
settings-lang-invalid = lang 必须是 en 或 zh-CN，收到的是 "{ $value }"。
settings-lang-invalid-hint = 请使用 en 或 zh-CN。
settings-env-hint = 请修正或取消设置 { $env }。
