# 哪个参数不对（apps/cli/src/input-issues.ts）；具体哪里不对由核心说明（locales/*/issues.ftl）。

cli-input-issue = { $flag }：{ $problem }
cli-input-and = { $first }；{ $rest }
cli-input-whole = 输入
cli-input-invalid = 输入无效
