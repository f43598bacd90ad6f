# 配置档、登录、登出与设置（commands/profile.ts、commands/account.ts、store.ts）。

cli-yes = 是
cli-no = 否
cli-profiles-profile = 配置档
cli-profiles-account = 账号
cli-profiles-logged-in = 已登录
cli-profiles-harbor = HARBOR
cli-profiles-platform = 平台
cli-profiles-production = 正式环境
cli-profile-registry-pair = { $flag } 需要 <registry>=<value>，registry 为 qb 或 sj，收到的是“{ $value }”。
cli-profile-registry-pair-hint = 例如 { $flag } qb=…
cli-profile-emulator-and-base-url = --emulator 和 --base-url 都指定了平台地址。
cli-profile-emulator-and-base-url-hint = 只给其中一个：--emulator 还会把 Harbor 指向模拟器。
cli-profile-created = 已创建配置档 { $name }。用 `inspire profile use { $name }` 切换到它，然后运行 `inspire login`。
cli-profile-using = 现在使用配置档 { $name }。
cli-profile-remove-confirm-needed = { $command } 会删除已保存的凭据，需要确认。
cli-profile-remove-confirm-needed-hint = 加 --yes 不经询问直接执行（或在终端中运行以便询问）。
cli-profile-remove-question = 删除配置档 { $name } 及其已保存的凭据吗？
cli-profile-removed = 已删除配置档 { $name }。
cli-logout-done = 已登出配置档 { $name }：平台密码和会话已清除（Harbor 账号保留）。
cli-logout-nothing = 配置档 { $name } 没有保存平台密码；其会话已清除。

cli-login-platform-account = 学工号
cli-login-platform = 平台
cli-login-harbor-account = Harbor robot 账号
cli-login-harbor = Harbor
cli-login-no-stdin = 标准输入中没有密码。
cli-login-no-stdin-hint = 请通过管道传入{ $what }密码，例如 `printf '%s' "$PASSWORD" | inspire login … --password-stdin`。
cli-login-no-terminal = 没有终端可以询问{ $what }密码。
cli-login-no-terminal-hint = 请用 --password-stdin 通过管道传入。
cli-login-password-prompt = { $what }密码：
cli-login-username-required = 需要 --username（{ $what }）。
cli-login-username-required-hint = 请给出 --username，并把密码通过管道传给 --password-stdin。
cli-login-username-prompt = { $what }：
cli-login-replace-question = 配置档 { $profile } 已保存账号 { $previous }；要用 { $username } 替换它吗？
cli-help-login-yes = 不经询问，直接替换配置档中保存的账号
cli-login-saved-unverified = 凭据已保存，平台可以访问时（校园网或 VPN）即会使用。
cli-config-not-a-setting = “{ $key }”不是一个设置项。
cli-config-settings = 可用的设置项：{ $keys }。
