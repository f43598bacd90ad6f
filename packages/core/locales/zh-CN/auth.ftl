# 登录（auth/）：CAS 登录流程、令牌登录、会话、保存账号、密码可以发往何处。CAS 页面自己的话（$text）原样保留。

auth-login-http = 登录服务返回了 HTTP { $status }。
auth-login-http-hint = 平台出现故障；请一分钟后重试。
auth-lost-in-chain = 登录流程中的一个应答丢失了，其一次性票据无法再次使用。
auth-lost-in-chain-hint = 请重试；每次登录都会重新开始。
auth-too-many-hops = 登录流程重定向超过了 { $hops } 次。
auth-browser-once-hint = 请先在浏览器中登录一次，然后重试。
auth-cas-no-reason = CAS 登录没有完成，也没有给出原因。
auth-cas-locked = 账号已被锁定（CAS：{ $text }）。
auth-cas-locked-hint = 请等待锁定解除，或在浏览器中解锁；在你重新登录之前，自动登录保持关闭。
auth-cas-captcha = CAS 现在要求输入验证码（{ $text }）。
auth-cas-captcha-hint = 请先在浏览器中通过 { $url } 登录一次，等几分钟，再在这里重新登录。
auth-cas-rejected = CAS 拒绝了用户名或密码（{ $text }）。
auth-check-password-hint = 请检查学工号和密码，然后重新登录。
auth-cas-failed = CAS 登录失败：{ $text }。
auth-keeps-failing-hint = 请重试；如果一直失败，请先在浏览器中登录一次。
auth-no-cas-link = 登录页没有提供 CAS 登录链接。
auth-no-cas-link-hint = 平台的登录流程可能已改变；请报告此问题。
auth-cas-not-reached = 没有到达 CAS 页面。
auth-no-session = 登录流程结束了，却没有得到平台会话。

auth-bad-url = 要登录的地址（来自{ $from }）不是有效的 URL；没有发送密码。
auth-bad-url-hint = 请把它设为 https://…（INSPIRE_BASE_URL，或 `inspire profile add <name> --base-url https://…`）。
auth-clear-text = 拒绝把密码发送到 { $where }（来自{ $from }）：只有 https，或发往本机的 http，才能避免密码以明文在网络上传输。
auth-clear-text-http-hint = 请改用 https://{ $host }（修改{ $from }）；只有 127.0.0.1、::1 和 localhost 允许使用 http。
auth-clear-text-hint = 请使用 https:// 地址（修改{ $from }）。
auth-from-base-url = 配置的 base URL
auth-from-cas-page = 平台重定向到的 CAS 登录页
auth-from-argument = base URL 参数
auth-from-built-in = 内置的 base URL
auth-from-registry-api = 配置档 { $profile } 中 { $registry } 镜像仓库的 api
auth-from-registry-push = { $registry } 镜像仓库的推送地址

auth-latin1 = 密码含有 Latin-1 以外的字符，CAS 登录的加密无法处理。
auth-latin1-hint = 请改用令牌方式登录，或在平台上把密码改为不含此类字符的密码。

auth-empty-username = 用户名为空。
auth-empty-username-hint = 请提供你的学工号（或 Harbor 机器人账号名）。
auth-empty-password = 密码为空。
auth-empty-password-hint = 请通过标准输入或在提示时输入密码。
auth-logged-in = 已以 { $username } 登录。
auth-logged-in-session = 已以 { $username } 登录（CAS 会话；此账号不能使用令牌登录）。
auth-saved-unverified = 已为 { $username } 保存，但未验证：无法连接平台。连上校园网或 VPN 后将使用这些凭据。
auth-harbor-rejected = { $registry } 镜像仓库拒绝了这个机器人账号；没有保存任何内容。
auth-harbor-rejected-hint = 请从 启智平台 → 镜像管理 → 本地推送（{ $registry }）复制账号；它不是你的平台密码。
auth-harbor-saved = Harbor（{ $registry }）凭据已保存并通过验证。
auth-harbor-saved-unverified = Harbor（{ $registry }）凭据已保存，但未验证：无法连接 { $host }（需要校园网或 VPN）。

auth-not-logged-in = 此配置档没有保存平台凭据。
auth-not-logged-in-hint = 请在终端中用 `inspire login` 登录（这样密码不会出现在任何对话中）。
auth-rejected-saved = 平台拒绝了已保存的凭据（{ $reason }）；自动登录已关闭。
auth-rejected-saved-hint = 解决密码（或锁定）问题后，请用 `inspire login` 重新登录。
auth-cooldown = 刚才有一次登录失败；{ $seconds } 秒后才允许再次尝试。
auth-cooldown-hint = 请等一分钟后重试（这个停顿可防止账号被锁定）。
auth-federated = 此账号通过 CAS 联合认证，不能使用令牌登录。
auth-federated-hint = 将改用会话登录；除非这次调用需要令牌 API，否则无需任何操作。

auth-invalid-grant = 平台拒绝为此账号签发令牌（invalid_grant）。
auth-invalid-grant-hint = 请检查学工号和密码。如果它们正确，则此账号通过 CAS 联合认证，无法获取令牌：将改用会话登录。
auth-token-failed = 令牌登录失败，HTTP { $status }。
auth-token-failed-said = 令牌登录失败，HTTP { $status }：{ $message }。
auth-token-failed-hint = 平台可能部分不可用；请几分钟后重试。
