# 核心各处共用的词语。消息按领域分文件，id 以领域名开头。

common-none = （无）

# 结果旁对读者说的话：CLI 把它们写到 stderr，并按这些开头（两种语言）识别（apps/cli/src/output.ts）。
common-warning = 警告：{ $text }
common-hint = 提示：{ $text }
common-note = 注意：{ $text }
common-next = 下一步：

# 表格中的时长：45秒、12分30秒、1小时05分、8天8小时（第二个数为两位数）。
common-duration-seconds = { $s }秒
common-duration-minutes = { $m }分{ $s }秒
common-duration-hours = { $h }小时{ $m }分
common-duration-days = { $d }天{ $h }小时
# 大小：9.1 GB、512 MB。
common-size-gb = { $size } GB
common-size-mb = { $size } MB
