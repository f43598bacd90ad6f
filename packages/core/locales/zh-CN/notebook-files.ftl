# 运行中 notebook 的文件（operations/notebook-files）。

notebook-files-col-name = 名称
notebook-files-col-size = 大小
notebook-files-col-modified = 修改时间
notebook-files-empty = （空文件夹）
notebook-files-wrote = 已写入 { $path }（{ $size } 字节）。
notebook-files-replaced = 已替换 { $path }（{ $size } 字节）。
notebook-files-needs-content = write 需要 content。
notebook-files-needs-content-fix = 请传入文件内容（{ $field }）。
notebook-files-not-base64 = content 不是 base64。
notebook-files-not-base64-fix = 请将字节编码为 base64，或使用 encoding text。
notebook-files-is-folder = “{ $path }”是一个文件夹。
notebook-files-is-folder-fix = 请写入其中的某个文件路径。
notebook-files-exists = “{ $path }”在 notebook 中已存在（{ $size } 字节）；未写入任何内容。
notebook-files-exists-fix = 传入 { $field } 以替换它，或换一个路径。
notebook-files-plan-write = 在 notebook { $notebook } 中写入 { $path }（{ $size } 字节）
notebook-files-plan-replace = 在 notebook { $notebook } 中替换 { $path }（{ $size } 字节）
notebook-files-plan-change = { $before } → { $size } 字节
notebook-files-plan-new = （无）→ { $size } 字节
notebook-files-needs-path = { $action } 需要文件路径。
notebook-files-needs-path-fix = 请传入 { $field }。
notebook-files-not-text = 该文件不是 UTF-8 文本，因此以 base64 给出。
