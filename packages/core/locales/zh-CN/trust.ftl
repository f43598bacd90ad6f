# 从用户自己的文件夹读取的文件（配方、扫参文件）：只读有大小上限的普通文件；配方文件夹只有完全属于用户时才使用。

file-refused-missing = { $file } 不存在。
file-refused-missing-hint = 请检查路径；相对路径从当前文件夹算起。
file-refused-kind = { $file } 不是普通文件（它是{ $kind ->
        [folder] 文件夹
        [fifo] 命名管道
        [device] 设备
        [socket] 套接字
       *[other] 非普通文件
    }），因此 inspire 不读取它。
file-refused-kind-hint = 请在该处放一个普通文件，或把它移开（mv { $file } { $aside }）。
file-refused-outside = { $file } 经由链接指向 { $folder } 之外，因此 inspire 不读取它。
file-refused-outside-hint = 请把文件复制到 { $folder } 中，而不是链接过去。
file-refused-size = { $file } 大于 { $kib } KiB，因此 inspire 不读取它。
file-refused-size-hint = 请确认这是你要的文件：配方和扫参文件通常只有几 KB。
file-refused-error = 无法读取 { $file }（{ $code }）。
file-refused-error-hint = 请检查该文件的权限。
recipes-skipped = 已跳过配方文件：{ $why }
recipes-folder-skipped = 已跳过 { $dir } 中的配方：{ $why }
recipes-not-mapping = { $file }：这不是配方：配方是一个 YAML 映射，包含 engine、image、model 等键。
recipes-keys-more = { $keys } 等（另有 { $more } 个）
recipes-more-problems = { $first }（另有 { $more } 个问题）
