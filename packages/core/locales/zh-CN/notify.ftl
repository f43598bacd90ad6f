settings-help-notify = 不带目标的 --notify 发往何处：webhook 地址（飞书/Lark、企业微信、钉钉、Slack 按主机名识别）、kind:URL 或 desktop；显示时打码
notify-target-invalid = 通知目标不可用：{ $why ->
        [kind] ":" 前的前缀不是 webhook、feishu、lark、wecom、dingtalk、slack 之一
        [plain-http] 本机以外的 webhook 必须使用 https，否则其密钥和消息会以明文穿过网络
       *[url] 它既不是 "desktop"，也不是 http(s) 地址
    }。
notify-target-hint = 请按机器人给出的样子填写 webhook 地址（例如 https://open.feishu.cn/open-apis/bot/v2/hook/…），其他 JSON webhook 用 kind:URL（webhook:https://…），或填 desktop。
notify-title = inspire：{ $name }（{ $id }）{ $outcome }
notify-line-status = 状态：{ $outcome }（{ $status }）
notify-line-runtime = 运行时长：{ $runtime }
notify-line-cause = 可能原因：{ $cause } 解决：{ $fix }
notify-line-console = 控制台：{ $url }
notify-bot-refused = 机器人拒收了消息（{ $answer }）
notify-http-status = webhook 返回 HTTP { $status }
notify-unreachable = 无法连接 webhook（{ $error }）
notify-no-desktop = 本机没有桌面通知工具（未找到 notify-send 或 osascript）；请改用 webhook
notify-desktop-failed = 桌面通知工具以退出码 { $code } 结束
notify-log-sent = { $id } 已结束（{ $outcome }）：已通知 { $target }（尝试 { $attempts } 次）。
notify-log-failed = { $id } 已结束，但尝试 { $attempts } 次后仍未能通知 { $target }：{ $error }。
notify-log-duplicate = { $id }：{ $target } 已通知过（或上一个发送者中途停止）；不再重发。
notify-log-unread = 无法读取 { $id }：{ $error }
notify-log-done = 所有任务均已结束（{ $count } 个）；等待进程完成。
notify-log-recovered = { $id } 被抢占：已重新提交为 { $job }（第 { $n } 次尝试，最多 { $count } 次）。
notify-log-recover-spent = { $id } 被抢占，且 { $count } 次恢复尝试已用完：不再重新提交。
