spec-file-syntax = { $at }：无法读取规格文件：{ $problem }
spec-file-unknown = { $at }：{ $keys } 不是作业规格的字段
spec-file-not-mapping = { $at }：作业规格应是字段映射（kind、name、command、spec 等），而不是列表或单个值。
spec-file-invalid = 规格文件 { $what } 无效：{ $problems }{ $more ->
        [0] { "" }
       *[other] （另有 { $more } 处）
    }。
spec-file-invalid-hint = 请修正这些行上的字段；规格包含 kind（train、hpc 或 ray）以及该类提交所接受的字段，与从作业导出的规格格式相同。
spec-set-form = --set 需要 KEY=VALUE，收到的是“{ $value }”。
spec-set-form-hint = 写出字段名、= 和值，例如 --set envs.SEED=1（带点的名称可进入映射）；可重复使用。
spec-set-not-mapping = --set { $value }：{ $key } 不是映射，无法设置其中的字段。
