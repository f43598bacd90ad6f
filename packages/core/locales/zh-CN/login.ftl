# login：保存并验证凭据（operations/login.ts）。

login-dry-run = 试运行：将在 { $where } 验证{ $target ->
        [harbor] Harbor { $registry } 机器人账号
       *[other] 平台账号
    } { $username }，并保存到配置档 { $profile }；未发送也未保存任何内容。
login-plan-summary = 验证{ $target ->
        [harbor] Harbor { $registry } 机器人账号
       *[other] 平台账号
    } { $username } 并保存到配置档 { $profile }
login-change-saved = 已保存（0600）
login-replaced = 它替换了配置档 { $profile } 中保存的账号 { $previous }；用 `inspire profile add` 可以并存多个账号。
login-label-profile = 配置档
login-label-account = 账号
login-label-target = 目标
login-label-verified = 已验证
login-verified = 是
login-verified-by = 是（{ $method }）
login-not-verified = 否（已保存；无法连接平台）
