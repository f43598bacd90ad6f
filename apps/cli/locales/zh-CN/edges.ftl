cli-skill-dir-unusable = 无法安装到 { $dir }：{ $path } { $why ->
        [kernel] 属于内核文件系统（/proc、/sys 等），不能存放你的文件
       *[not-folder] 不是文件夹
    }。
cli-skill-dir-unusable-hint = 请给 --dir 一个你自己的文件夹（不存在时会自动创建），例如 --dir ~/.claude/skills；或不加 --dir，为找到的各个智能体安装。
