# 当前配置（profile.ts）：一次调用使用哪个配置，以及随之读取的设置。

profile-bad-rate-limit = INSPIRE_RATE_LIMIT 必须是每秒请求数（正数），而收到的是 "{ $value }"。
profile-bad-rate-limit-hint = 取消设置即可使用默认值 { $default }。
profile-unknown = 没有名为 "{ $name }" 的配置档。
profile-unknown-hint = 请用 `inspire profile add` 创建它，或从列出的配置档中选一个。
