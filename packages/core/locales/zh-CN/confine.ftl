# 本机与 notebook 之间的复制限定在各自的位置（operations/notebook-files）。

confine-not-base64 = 不是 base64（只能使用 A–Z、a–z、0–9、+ 和 /，并用 = 补齐到 4 个字符的整数倍；空白会被忽略）：请重新编码这些字节，或改用 { $field }
confine-special-files = { $path } 中有 { $count } 个不是普通文件的文件（命名管道、设备或套接字）：{ $files }；未复制任何内容。
confine-special-files-fix = 只有普通文件能复制到 notebook 中：请把这 { $count } 个文件移出该文件夹，或逐个复制其中的普通文件。
