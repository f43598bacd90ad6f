# 参数值哪里不对（apps/cli/src/input-issues.ts），按 zod 的问题类型和参数逐条说明。

cli-input-issue = { $flag }：{ $problem }
cli-input-and = { $first }；{ $rest }
cli-input-whole = 输入
cli-input-too-small = { $origin ->
    [date] 日期太早
   *[other] 值太小
}：应{ $relation ->
    [exact] 等于
    [inclusive] 大于或等于
   *[exclusive] 大于
} { $limit }
cli-input-too-big = { $origin ->
    [date] 日期太晚
   *[other] 值太大
}：应{ $relation ->
    [exact] 等于
    [inclusive] 小于或等于
   *[exclusive] 小于
} { $limit }
cli-input-too-short = 太短：应{ $relation ->
    [exact] 恰好有
    [inclusive] 至少有
   *[exclusive] 多于
} { $limit } { $origin ->
    [string] 个字符
    [file] 字节
    [map] 个条目
   *[other] 项
}
cli-input-too-long = 太长：应{ $relation ->
    [exact] 恰好有
    [inclusive] 至多有
   *[exclusive] 少于
} { $limit } { $origin ->
    [string] 个字符
    [file] 字节
    [map] 个条目
   *[other] 项
}
cli-input-type = 类型不对：应为{ $expected ->
    [int] 整数
    [number] 数字
    [string] 字符串
    [boolean] 布尔值
    [array] 数组
    [object] 对象
    [null] null
    [undefined] 空值
   *[other] { " " }{ $expected }
}
cli-input-type-received = 类型不对：应为{ $expected ->
    [int] 整数
    [number] 数字
    [string] 字符串
    [boolean] 布尔值
    [array] 数组
    [object] 对象
    [null] null
    [undefined] 空值
   *[other] { " " }{ $expected }
}，收到的是{ $received ->
    [int] 整数
    [number] 数字
    [string] 字符串
    [boolean] 布尔值
    [array] 数组
    [object] 对象
    [null] null
    [undefined] 空值
   *[other] { " " }{ $received }
}
cli-input-value = 值无效：应为 { $value }
cli-input-choice = 选项无效：应为 { $values } 之一
cli-input-starts-with = 格式不对：应以“{ $text }”开头
cli-input-ends-with = 格式不对：应以“{ $text }”结尾
cli-input-includes = 格式不对：应包含“{ $text }”
cli-input-pattern = 格式不对：应匹配模式 { $pattern }
cli-input-format = 格式不对：应为有效的 { $format }
cli-input-multiple = 数值无效：应为 { $divisor } 的倍数
cli-input-unknown-key = 无法识别的键：{ $keys }
cli-input-unknown-keys = 无法识别的键：{ $keys }
cli-input-key = { $origin } 中有无效的键
cli-input-element = { $origin } 中有无效的值
cli-input-invalid = 输入无效
