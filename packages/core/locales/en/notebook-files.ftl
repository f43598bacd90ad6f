# Files of a running notebook (operations/notebook-files).

notebook-files-col-name = NAME
notebook-files-col-size = SIZE
notebook-files-col-modified = MODIFIED
notebook-files-empty = (empty folder)
notebook-files-wrote = Wrote { $path } ({ $size ->
        [one] { $size } byte
       *[other] { $size } bytes
    }).
notebook-files-replaced = Replaced { $path } ({ $size ->
        [one] { $size } byte
       *[other] { $size } bytes
    }).
notebook-files-needs-content = write needs { $field }.
notebook-files-needs-content-fix = Pass the file's content ({ $field }).
notebook-files-is-folder = "{ $path }" is a folder.
notebook-files-is-folder-fix = Write to a file path inside it.
notebook-files-exists = "{ $path }" already exists in the notebook ({ $size ->
        [one] { $size } byte
       *[other] { $size } bytes
    }); nothing was written.
notebook-files-exists-fix = Pass { $field } to replace it, or choose another path.
notebook-files-plan-write = Write { $path } in notebook { $notebook } ({ $size ->
        [one] { $size } byte
       *[other] { $size } bytes
    })
notebook-files-plan-replace = Replace { $path } in notebook { $notebook } ({ $size ->
        [one] { $size } byte
       *[other] { $size } bytes
    })
notebook-files-plan-change = { $before } → { $size ->
        [one] { $size } byte
       *[other] { $size } bytes
    }
notebook-files-plan-new = (none) → { $size ->
        [one] { $size } byte
       *[other] { $size } bytes
    }
notebook-files-needs-path = { $action } needs a file path.
notebook-files-needs-path-fix = Pass { $field }.
notebook-files-not-text = The file is not UTF-8 text, so it is given as base64.

# upload and download (operations/notebook-files/copy.ts, local.ts)
notebook-files-bad-entry = The notebook's Jupyter server listed an entry named { $name } in the folder "{ $path }": that is no file name (it is empty, "." or "..", or holds a slash), so the listing was refused.
notebook-files-bad-entry-fix = Something in the notebook answers in place of its Jupyter server; check what runs there, and copy the files you need one by one.
notebook-files-needs-local = No local file or folder was named.
notebook-files-needs-local-fix = Pass { $field }: the local file or folder to send.
notebook-files-local-up = Refusing to read { $path }: ".." is not allowed in { $field }.
notebook-files-local-up-fix = Name the file from the folder it is in, without "..".
notebook-files-local-outside = Refusing to read { $path }: it is outside { $roots }.
notebook-files-local-outside-fix = Move or copy it there first, then pass { $field } again.
notebook-files-local-unreadable = Could not read { $path } ({ $code }).
notebook-files-no-local = There is no { $path }.
notebook-files-no-local-fix = Check the path; a relative one starts in the current directory (the CLI) or in the downloads folder.
notebook-files-local-folder = { $path } is a folder; a file is not copied over a folder.
notebook-files-tree-too-big = The folder "{ $path }" in the notebook goes deeper than { $depth ->
        [one] { $depth } level
       *[other] { $depth } levels
    } or holds more than { $entries ->
        [one] { $entries } entry
       *[other] { $entries } entries
    }; nothing was copied.
notebook-files-tree-too-big-fix = Copy a smaller folder, or pack it into an archive in the notebook first.
notebook-files-copy-exists = { $count ->
        [one] { $files } already exists; nothing was copied.
       *[other] { $count } files already exist, e.g. { $files }; nothing was copied.
    }
notebook-files-copy-exists-fix = Pass { $field } to replace them, or choose another destination.
notebook-files-local-exists-fix = Pass { $field } to replace { $count ->
        [one] it
       *[other] them
    }, or choose another destination.
notebook-files-plan-replaced = replaced → { $size ->
        [one] { $size } byte
       *[other] { $size } bytes
    }
notebook-files-plan-folder = (none) → folder
notebook-files-plan-upload = Upload { $count ->
        [one] { $count } file
       *[other] { $count } files
    } ({ $size ->
            [one] { $size } byte
           *[other] { $size } bytes
        }) from { $local } to { $path } in notebook { $notebook }
notebook-files-plan-download = Download { $count ->
        [one] { $count } file
       *[other] { $count } files
    } ({ $size ->
            [one] { $size } byte
           *[other] { $size } bytes
        }) from { $path } in notebook { $notebook } to { $local }
notebook-files-progress = { $done }/{ $total ->
        [one] { $total } file
       *[other] { $total } files
    }, { $moved } of { $bytes } MiB
notebook-files-skipped = Skipped { $count ->
        [one] a symbolic link or special file
       *[other] { $count } symbolic links or special files
    }: { $files }.
notebook-files-sha-upload = The sha256 of { $path } in the notebook differs from the local file's.
notebook-files-sha-download = The sha256 of { $path } differs from the notebook's file.
notebook-files-copy-again = Copy it again.
notebook-files-copied = Copied { $count ->
        [one] { $count } file
       *[other] { $count } files
    }, { $size ->
            [one] { $size } byte
           *[other] { $size } bytes
        }, to { $target }; sha256 verified.
notebook-files-kind-clash = { $path } is a folder on one side and a file on the other; nothing was copied.
notebook-files-kind-clash-fix = Rename or remove one of them, or copy to another destination.

# Missing folders, the Jupyter root, and the listing's sizes.
notebook-files-no-parent = The folder "{ $folder }" does not exist in the notebook, and missing folders are not made on this call; nothing was written.
notebook-files-no-parent-fix = Make it first, or write or copy again with missing folders made (the default).
notebook-files-outside-root = "{ $path }" is outside the notebook's Jupyter root folder: a notebook path starts at that root (the top of the lab's file browser; { $call } lists it), which has no "{ $top }", and nothing above the root can be reached.
notebook-files-outside-root-fix = Write the path from the root, without the leading "/" ("{ $inside }"); a place elsewhere on the notebook's machine is reached through the root: copy into the root, then move it with a command in the notebook (or the other way round).
notebook-files-size-b = { $size } B
notebook-files-size-kib = { $size } KiB
notebook-files-size-mib = { $size } MiB
notebook-files-size-gib = { $size } GiB
