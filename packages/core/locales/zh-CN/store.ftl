# 本地存储（store/）：其文件和文件夹、锁、配置，以及各操作写出的文件。

store-untrusted-type = { $path } 不是{ $kind ->
        [folder] 文件夹
       *[file] 普通文件
    }，因此 inspire 不使用它。
store-untrusted-type-hint = 请把它移开（mv { $path } { $aside }），然后重新运行命令。
store-untrusted-owner = { $path } 属于 uid { $owner }，不属于你（uid { $uid }），因此 inspire 不使用它。
store-untrusted-owner-hint = 如果它是你的，请用 `sudo chown $USER { $path }` 收回；否则请把它移开。
store-untrusted-mode = { $path } 可被{ $who ->
        [both] 同组用户和其他用户
        [group] 同组用户
       *[others] 其他用户
    }写入（权限 { $mode }），因此 inspire 不使用它。
store-untrusted-mode-hint = 请运行 `chmod go-w { $path }`（先确认没有别人改动过{ $kind ->
        [folder] 其中的文件
       *[file] 它
    }）。

store-disk-full = 磁盘已满（{ $code }）：{ $path } 未写入，保持原样。
store-quota-full = 磁盘配额已用完（{ $code }）：{ $path } 未写入，保持原样。
store-disk-full-hint = 请在它所在的磁盘上释放一些空间（`df -h { $dir }` 显示剩余空间），然后重新运行命令。
store-cannot-write = 无法写入 { $path }（{ $code }）。
store-cannot-write-hint = 请检查该文件夹的权限。
store-cannot-create-folder = 无法创建文件夹 { $dir }（{ $code }）。
store-folder-disk-full-hint = 磁盘已满：请释放一些空间，然后重新运行命令。
store-folder-permissions-hint = 请检查它的权限，或把 INSPIRE_HOME 设为可写的文件夹。
store-cannot-read = 无法读取 { $path }（{ $code }）。
store-cannot-read-hint = 请检查该文件的权限。
store-damaged = { $path } 已损坏（{ $why }）；未做任何改动。
store-damaged-hint = 请手动修复，或把它移开（mv { $path } { $path }.bak）并重新登录以重建它。
store-damaged-empty = 文件为空
store-damaged-not-json = 不是有效的 JSON

store-lock-create = 无法创建锁文件 { $path }（{ $code }）。
store-lock-create-hint = 请检查缓存文件夹的权限，或把 INSPIRE_HOME 设为可写的文件夹。
store-lock-held = 另一个 inspire 进程（pid { $pid }）持有 { $path } 已超过 { $seconds } 秒。
store-lock-held-hint = 请等待它结束；如果没有 inspire 进程在运行，请删除该锁文件。

store-bad-profile-name = "{ $name }" 不是有效的配置档名。
store-profile-name-hint = 请使用 1–32 个字母、数字、'.'、'_' 或 '-'。
store-no-profile = 没有名为 "{ $name }" 的配置档。
store-no-profile-hint = `inspire profile list` 会列出所有配置档。
store-bad-endpoint = { $field } 无效：{ $why }。
store-bad-endpoint-hint = 请提供带协议的完整 URL，例如 https://qz.sii.edu.cn 或 http://127.0.0.1:4010。
store-profile-exists = 配置档 "{ $name }" 已存在。
store-profile-exists-hint = 请换一个名字，或先删除它。

store-write-failed = 无法写入 { $path }（{ $code }）。
store-name-too-long-hint = 请使用更短的文件名。
store-no-space-hint = 请释放一些磁盘空间后重试。
store-no-permission-hint = 请确认你可以写入该文件夹，或换一个路径。
store-check-path-hint = 请检查文件夹和文件名，或换一个路径。
store-through-link = 拒绝通过 { $path } 写入：它是符号链接。
store-through-link-hint = 文件从不通过链接写入。请删除该链接，或换一个 { $field }。
store-exists = { $path } 已存在；未覆盖。
store-exists-hint = 传入 { $field } 以替换它，或换一个路径。
store-not-a-file-name = { $field } "{ $wanted }" 不是文件名。
store-not-a-file-name-hint = 请指定 { $where } 中的一个文件。
store-dot-dot = 拒绝写入 { $path }：{ $field } 中不允许使用 ".."。
store-dot-dot-hint = 请指定 { $where } 中的文件，不要使用 ".."，例如 "{ $example }"。
store-outside = 拒绝写入 { $path }：它在 { $roots } 之外。
store-outside-hint = 请传入 { $where } 中的路径；相对路径从 { $first } 开始。
store-names-root = { $field } "{ $path }" 指向 { $root } 本身，而不是文件。
store-names-root-hint = 请加上文件名，例如 { $example }。
store-not-a-folder = { $path } 不是文件夹。
store-root-not-folder-hint = 请把 { $root } 指向一个文件夹。
store-choose-another-hint = 请换一个 { $field }。
store-not-regular = { $path } 已存在，但不是普通文件。
store-roots-or = { $first } 或 { $second }
store-roots-and = { $first } 和 { $second }
store-root = { $label }（{ $path }）
