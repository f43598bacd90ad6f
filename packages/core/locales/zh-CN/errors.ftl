# 统一的错误类型（errors.ts）：平台某个接口不应答，且没有其他接口可换用。

errors-could-not = 无法{ $what }：{ $message }
errors-no-surface-hint = 本客户端所知的平台接口都没有应答这次调用；请稍后重试，如果一直如此请报告。
errors-access-forbidden-hint = 请检查 id，以及你的账号是否有权查看；账号可能缺少权限，或该空间已被禁用。
errors-token-unavailable-hint = 此账号只能使用会话登录，而这次调用不支持会话登录。
