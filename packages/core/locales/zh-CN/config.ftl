# config：读取和修改默认值（operations/config.ts）。

config-unknown-workspace = 你能看到的空间中没有名为 "{ $value }" 的（以上次查询为准）；仍已保存。
config-needs-key = config { $action } 需要一个配置项。
config-use-one-of = 请使用以下之一：{ $keys }。
config-needs-value = config set { $key } 需要一个值。
config-unset = （未设置）
config-plan-summary = 在配置档 { $profile } 中{ $action ->
        [set] 设置
       *[other] 取消设置
    } { $key }
config-env-overrides = 当前环境设置了 { $env }，它会覆盖已保存的值。
config-head = 配置档 { $profile } 的默认值：
config-changed = { $key }：{ $before } → { $after }（配置档 { $profile }）
config-was-unset = 配置档 { $profile } 中没有设置 { $key }；未做更改。
config-unchanged = 配置档 { $profile } 中的 { $key } 已经是 { $value }；未做更改。
config-col-key = 配置项
config-col-value = 值
config-col-source = 来源
