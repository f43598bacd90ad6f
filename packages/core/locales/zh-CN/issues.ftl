# 值哪里不对（src/words/issues.ts），按 zod 的问题类型和参数逐条说明：命令行参数、扫参文件、推理服务配方文件都用它。

issues-too-small = { $origin ->
    [date] 日期太早
   *[other] 值太小
}：应{ $relation ->
    [exact] 等于
    [inclusive] 大于或等于
   *[exclusive] 大于
} { $limit }
issues-too-big = { $origin ->
    [date] 日期太晚
   *[other] 值太大
}：应{ $relation ->
    [exact] 等于
    [inclusive] 小于或等于
   *[exclusive] 小于
} { $limit }
issues-too-short = 太短：应{ $relation ->
    [exact] 恰好有
    [inclusive] 至少有
   *[exclusive] 多于
} { $limit } { $origin ->
    [string] 个字符
    [file] 字节
    [map] 个条目
   *[other] 项
}
issues-too-long = 太长：应{ $relation ->
    [exact] 恰好有
    [inclusive] 至多有
   *[exclusive] 少于
} { $limit } { $origin ->
    [string] 个字符
    [file] 字节
    [map] 个条目
   *[other] 项
}
issues-type = 类型不对：应为{ $expected ->
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
issues-type-received = 类型不对：应为{ $expected ->
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
issues-value = 值无效：应为 { $value }
issues-choice = 选项无效：应为 { $values } 之一
issues-starts-with = 格式不对：应以“{ $text }”开头
issues-ends-with = 格式不对：应以“{ $text }”结尾
issues-includes = 格式不对：应包含“{ $text }”
issues-pattern = 格式不对：应匹配模式 { $pattern }
issues-format = 格式不对：应为有效的 { $name ->
   *[other] { $format }
}
issues-multiple = 数值无效：应为 { $divisor } 的倍数
issues-unknown-key = 无法识别的键：{ $keys }
issues-unknown-keys = 无法识别的键：{ $keys }
issues-key = { $origin } 中有无效的键
issues-element = { $origin } 中有无效的值
issues-invalid = 输入无效
issues-said = 输入无效（{ $zod }）
