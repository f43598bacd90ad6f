# 任务日志：末尾、时间窗口、下载与跟随（operations/logs）。

logs-tail-head = { $id } { $status }：最后 { $count } 行
logs-window-head = { $id } { $status }：{ $from } 至 { $to } 的 { $count } 行
logs-window-truncated = （此窗口内还有更多行；缩小窗口或使用 { $field }）
logs-none = （暂无日志）
logs-downloaded = 已将 { $id } 的 { $lines } 行日志（{ $bytes } 字节）下载到 { $path }。
logs-downloaded-crowded = 已将 { $id } 的 { $lines } 行日志（{ $bytes } 字节）下载到 { $path }（有 { $crowded } 个时刻行数过多，其中可能缺少部分行）。
logs-progress = 已下载 { $id } 的 { $lines } 行日志
logs-range-and-since = { $range } 和 { $since } 只能给一个。
logs-range-and-since-hint = { $example } 表示从 30 分钟前开始。
logs-window-empty = 日志窗口为空：since 不早于 until。
logs-window-empty-hint = 请让 since 早于 until。
logs-follow-end = — 任务 { $name } { $status }，时间 { $time }
