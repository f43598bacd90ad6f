cli-skill-dir-unusable = Cannot install into { $dir }: { $path } { $why ->
        [kernel] belongs to a kernel file system (/proc, /sys, …), which holds no files of yours
       *[not-folder] is not a folder
    }.
cli-skill-dir-unusable-hint = Pass --dir a folder of your own (created when missing), e.g. --dir ~/.claude/skills, or leave --dir out to install for the agents found.
