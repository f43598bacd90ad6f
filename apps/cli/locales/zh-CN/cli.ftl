# CLI 自己的话（apps/cli/src）。id 以 `cli-` 开头；核心的话在 packages/core/locales。

cli-lang-unknown = inspire: warning: INSPIRE_LANG={ $value } 不是 inspire 支持的语言（en、zh-CN），改用英文。
cli-code-cache-untrusted = inspire: 警告：未加载代码缓存：{ $reason } { $hint }
cli-error = 错误：{ $text }
cli-error-candidates = 候选：
cli-error-more-candidates = … 另有 { $count } 个（--json 会全部列出）
cli-error-bug = 这是一个缺陷，请报告给我们。
cli-cancelled = 已取消；没有做任何更改。

cli-usage-needs-subcommand = { $command } 需要一个子命令：{ $subcommands }。
cli-usage-run-help = 运行 `{ $command } --help`。
cli-usage-see-help = 运行 `{ $command } --help` 查看它的命令和参数。
cli-usage-flags-help = 用 --help 查看此命令的参数。
cli-usage-password-flag = 密码不能作为参数传入：它会留在 shell 历史记录和进程列表中。
cli-usage-password-flag-hint = 请通过管道传给 --password-stdin，例如 `printf '%s' "$PASSWORD" | inspire login --username … --password-stdin`；或两者都不给，由程序询问。
cli-usage-help-topic = 没有帮助主题“{ $topic }”
cli-usage-help-topics = 这里的主题：{ $topics }。

cli-confirm-needed = { $command } 会更改或删除内容，需要确认。
cli-confirm-needed-hint = 加 --yes 不经询问直接执行，加 --dry-run 查看它会做什么，或在终端中运行以便询问。
cli-confirm-run = 确定要运行 { $command } 吗？

cli-flag-number = { $flag } 需要一个数字，收到的是“{ $value }”。
cli-flag-number-hint = 请给一个数字，例如 { $flag } 1。
cli-flag-json = { $flag } 的 JSON 无效：{ $value }
cli-flag-json-hint = 请为 shell 给值加上引号，并检查括号和引号。
cli-flag-record = { $flag } 需要 KEY=VALUE 或一个 JSON 对象，收到的是“{ $value }”。
cli-flag-record-hint = 每对键值重复一次该参数，例如 { $flag } KEY=VALUE。

# inspire doctor：每项检查的名称、发现的情况和处理办法。
cli-doctor-name-config = 配置
cli-doctor-name-file-modes = 文件权限
cli-doctor-name-proxy = 代理
cli-doctor-name-dns = DNS
cli-doctor-name-tcp = TCP
cli-doctor-name-tls = TLS
cli-doctor-name-platform-reachable = 平台可达
cli-doctor-name-clock = 时钟
cli-doctor-name-platform-answers = 平台响应
cli-doctor-name-credentials = 账号凭据
cli-doctor-name-session = 会话
cli-doctor-name-harbor = Harbor { $registry }
cli-doctor-fix = 建议：{ $fix }
cli-doctor-off-campus = 请连接校园网或 VPN；连上之后，已保存的凭据即可再次使用。
cli-doctor-timed-out = { $what }超时
cli-doctor-dns-lookup = DNS 查询
cli-doctor-tcp-connect = TCP 连接
cli-doctor-tls-handshake = TLS 握手
cli-doctor-http-request = HTTP 请求
cli-doctor-modes-ok = 凭据和会话只有你能读取
cli-doctor-modes-loose = 其他用户可读：{ $files }
cli-doctor-tcp-ok = { $address } 接受连接
cli-doctor-tls-ok = 证书有效
cli-doctor-check-proxy = 请检查代理设置。
cli-doctor-clock-no-date = 平台没有返回 Date 头
cli-doctor-nothing-to-do = 无需处理。
cli-doctor-clock-ahead = 本机时钟比平台快 { $seconds } 秒（创建操作使用平台的时钟，不受影响）
cli-doctor-clock-behind = 本机时钟比平台慢 { $seconds } 秒（创建操作使用平台的时钟，不受影响）
cli-doctor-clock-sync = 请同步时钟（NTP）：否则令牌会过早或过晚续期。
cli-doctor-clock-ok = 与平台相差 { $seconds } 秒以内（{ $skew } 秒）
cli-doctor-config-ok = { $file } 有效（配置档 { $profile }）
cli-doctor-config-fix = 请修正或移走该文件；`inspire config get` 会显示各项值。
cli-doctor-proxy = 请求经由 { $proxy }
cli-doctor-proxy-none = 无
cli-doctor-credentials-none = 配置档 { $profile } 没有保存平台账号
cli-doctor-credentials-ok = 平台接受 { $username }
cli-doctor-credentials-ok-named = 平台接受 { $username }（{ $name }）
cli-doctor-credentials-unchecked = 已为 { $username } 保存，未检查：{ $reason }
cli-doctor-session-rejected = 平台拒绝了已保存的密码
cli-doctor-session-ok = 令牌有效期至 { $until }
cli-doctor-session-expired = 令牌已过期
cli-doctor-session-renewed = 无需处理：下次调用时会自动续期。
cli-doctor-session-none = 没有缓存的令牌
cli-doctor-session-obtained = 无需处理：下次调用时会自动获取。
cli-doctor-harbor-none = 没有保存 robot 账号
cli-doctor-harbor-ok = { $username } 已被接受
cli-doctor-harbor-rejected = { $username } 被拒绝
cli-doctor-harbor-unchecked = 未检查：{ $reason }

# commander 的解析错误，用另一种语言重说（commander-words.ts）；英文显示 commander 的原话。
cli-commander-unknown-option = 未知参数 '{ $option }'
cli-commander-unknown-command = 未知命令 '{ $command }'
cli-commander-missing-argument = 缺少必需的参数 '{ $argument }'
cli-commander-option-missing-value = 参数 '{ $option }' 缺少值
cli-commander-required-option = 未指定必需的参数 '{ $option }'
cli-commander-too-many = '{ $command }' 的参数过多：需要 { $expected } 个，收到 { $got } 个。
cli-commander-option-choice = 参数 '{ $option }' 的值 '{ $value }' 无效。可选值：{ $choices }。
cli-commander-argument-choice = 参数 '{ $argument }' 的值 '{ $value }' 无效。可选值：{ $choices }。
cli-commander-conflict = { $one } 不能与 { $other } 同时使用
cli-commander-did-you-mean = 你是不是想用 { $name }？
cli-commander-did-you-mean-one-of = 你是不是想用以下之一：{ $names }？
# 未知的命令或子命令：命令树中其他位置同名的命令（suggest.ts）。
cli-suggest-meant = { $count ->
        [1] 你是不是想用 { $commands }？
       *[other] 你是不是想用以下之一：{ $commands }？
    }
cli-suggest-group-lacks = { $group } 没有 { $word } 命令（它的命令：{ $has }）。
cli-suggest-elsewhere = { $count ->
       *[other] 其他命令组中有 { $commands }。
    }
