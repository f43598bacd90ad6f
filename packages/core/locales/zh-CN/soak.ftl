# 将 notebook 保存为镜像，只保存一次（operations/notebook/save-image.ts）。
notebook-save-exists = 镜像 { $image } 已存在（{ $id }，{ $status }）；以相同的名称和版本再次保存会产生第二个镜像，因此没有保存。
notebook-save-exists-fix = 请使用该镜像（见 { $call }），或以其他版本保存。
