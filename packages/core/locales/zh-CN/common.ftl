# 核心各处共用的词语。消息按领域分文件，id 以领域名开头。

common-none = （无）

# 结果旁对读者说的话：CLI 把它们写到 stderr，并按这些开头（两种语言）识别（apps/cli/src/output.ts）。
common-warning = 警告：{ $text }
common-hint = 提示：{ $text }
common-note = 注意：{ $text }
common-next = 下一步：
