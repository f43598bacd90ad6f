cli-spec-flag-wins = 注意：命令行上的 { $flags } 覆盖了规格文件中的{ $count ->
       *[other] 值
    }。
cli-spec-file-kind-flags = kind 为 { $kind } 的 --file 会按 `{ $command }` 提交；以下参数不是它的字段：{ $flags }。
cli-spec-file-kind-flags-hint = 去掉这些参数，或在文件中设置这些字段。
cli-spec-output-format = -o/--output 只接受 yaml，收到的是“{ $value }”。
cli-spec-output-format-hint = 用 -o yaml 输出可由 `inspire job submit --file` 再次提交的规格，或用 --json 获取完整记录。
cli-spec-output-json = -o yaml 输出规格文件，不能与 --json 或 --jq 同用。
cli-spec-output-json-hint = 请去掉其中一个。
cli-spec-help-file = 从 YAML（或 JSON）规格文件读取作业字段，kind 为 train、hpc 或 ray；命令行上给出的参数优先于文件
cli-spec-help-set = 与 --file 同用：设置一个字段，KEY=VALUE，值按 YAML 解析类型；支持带点的键（envs.SEED=1）；可重复
cli-spec-help-output = yaml：把作业输出为规格文件，可用 `inspire job submit --file` 再次提交
cli-spec-set-needs-file = --set 修改规格文件中的字段，需要同时给出 --file。
cli-spec-set-needs-file-hint = 请加上 --file SPEC.yaml，或直接用对应的参数给出该字段。
cli-json-help-option = 只在 stdout 输出 JSON 结果；--json=a,b（或 --json a,b）只保留这些字段，列表则保留每一行的这些字段
cli-json-help-jq = 用 jq 表达式过滤 JSON 结果（隐含 --json），例如 --jq '.tasks[].id'
cli-json-unknown-field = --json：{ $fields } 不是此结果的{ $count ->
       *[other] 字段
    }。
cli-json-unknown-field-hint = 可用字段：{ $available }。
cli-json-jq-failed = --jq：表达式执行失败：{ $problem }
cli-json-jq-failed-hint = 请检查 jq 表达式（在 shell 中加引号），例如 --jq '.tasks[] | .name'。
