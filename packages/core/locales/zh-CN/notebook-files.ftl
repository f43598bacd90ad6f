# 运行中 notebook 的文件（operations/notebook-files）。

notebook-files-col-name = 名称
notebook-files-col-size = 大小
notebook-files-col-modified = 修改时间
notebook-files-empty = （空文件夹）
notebook-files-wrote = 已写入 { $path }（{ $size } 字节）。
notebook-files-replaced = 已替换 { $path }（{ $size } 字节）。
notebook-files-needs-content = write 需要 { $field }。
notebook-files-needs-content-fix = 请传入文件内容（{ $field }）。
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

# upload and download (operations/notebook-files/copy.ts, local.ts)
notebook-files-bad-entry = notebook 的 Jupyter 服务器在目录“{ $path }”中列出了名为 { $name } 的条目：它不是文件名（为空、为 "." 或 ".."，或含有斜杠），因此拒绝了该列表。
notebook-files-bad-entry-fix = notebook 中有程序在代替其 Jupyter 服务器应答；请检查其中运行的内容，并逐个复制所需的文件。
notebook-files-needs-local = 没有指定本地文件或目录。
notebook-files-needs-local-fix = 请传入 { $field }：要发送的本地文件或目录。
notebook-files-local-up = 拒绝读取 { $path }：{ $field } 中不允许出现 ".."。
notebook-files-local-up-fix = 请从文件所在的目录起写出路径，不要使用 ".."。
notebook-files-local-outside = 拒绝读取 { $path }：它在 { $roots } 之外。
notebook-files-local-outside-fix = 请先把它移动或复制到那里，再重新传入 { $field }。
notebook-files-local-unreadable = 无法读取 { $path }（{ $code }）。
notebook-files-no-local = 没有 { $path }。
notebook-files-no-local-fix = 请检查路径；相对路径从当前目录（CLI）或下载目录开始。
notebook-files-local-folder = { $path } 是目录；不会用文件覆盖目录。
notebook-files-tree-too-big = notebook 中的目录“{ $path }”深度超过 { $depth } 层或条目多于 { $entries } 个；没有复制任何文件。
notebook-files-tree-too-big-fix = 请复制较小的目录，或先在 notebook 中把它打包成归档文件。
notebook-files-copy-exists = { $count ->
        [one] { $files } 已存在；没有复制任何文件。
       *[other] 已有 { $count } 个文件存在，例如 { $files }；没有复制任何文件。
    }
notebook-files-copy-exists-fix = 传入 { $field } 以替换它们，或换一个目标位置。
notebook-files-local-exists-fix = 传入 { $field } 以替换{ $count ->
        [one] 它
       *[other] 它们
    }，或换一个目标位置。
notebook-files-plan-replaced = 替换 → { $size } 字节
notebook-files-plan-folder = （无）→ 目录
notebook-files-plan-upload = 将 { $count } 个文件（{ $size } 字节）从 { $local } 上传到 notebook { $notebook } 的 { $path }
notebook-files-plan-download = 将 notebook { $notebook } 中 { $path } 的 { $count } 个文件（{ $size } 字节）下载到 { $local }
notebook-files-progress = { $done }/{ $total } 个文件，已传 { $moved } MiB，共 { $bytes } MiB
notebook-files-skipped = 已跳过 { $count } 个符号链接或特殊文件：{ $files }。
notebook-files-sha-upload = notebook 中 { $path } 的 sha256 与本地文件不同。
notebook-files-sha-download = { $path } 的 sha256 与 notebook 中的文件不同。
notebook-files-copy-again = 请重新复制。
notebook-files-copied = 已复制 { $count } 个文件，共 { $size } 字节，到 { $target }；sha256 已校验。
notebook-files-kind-clash = { $path } 在一边是目录，在另一边是文件；没有复制任何文件。
notebook-files-kind-clash-fix = 请重命名或删除其中一个，或复制到其他目标位置。

# 缺少的目录、Jupyter 根目录，以及列表中的大小。
notebook-files-no-parent = notebook 中没有目录“{ $folder }”，而本次调用不创建缺少的目录；没有写入任何内容。
notebook-files-no-parent-fix = 请先创建它，或在自动创建缺少目录（默认如此）的情况下重新写入或复制。
notebook-files-outside-root = “{ $path }”在 notebook 的 Jupyter 根目录之外：notebook 路径从该根目录（lab 文件浏览器的顶层；{ $call } 可列出）算起，而根目录下没有“{ $top }”，根目录之上的位置都无法访问。
notebook-files-outside-root-fix = 请从根目录写起，去掉开头的“/”（“{ $inside }”）；notebook 机器上其他位置要经由根目录中转：先复制到根目录，再在 notebook 中用命令移动（反方向亦然）。
notebook-files-size-b = { $size } B
notebook-files-size-kib = { $size } KiB
notebook-files-size-mib = { $size } MiB
notebook-files-size-gib = { $size } GiB
