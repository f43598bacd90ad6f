# Files of a running notebook (operations/notebook-files).

notebook-files-col-name = NAME
notebook-files-col-size = SIZE
notebook-files-col-modified = MODIFIED
notebook-files-empty = (empty folder)
notebook-files-wrote = Wrote { $path } ({ $size } bytes).
notebook-files-replaced = Replaced { $path } ({ $size } bytes).
notebook-files-needs-content = write needs content.
notebook-files-needs-content-fix = Pass the file's content ({ $field }).
notebook-files-not-base64 = content is not base64.
notebook-files-not-base64-fix = Encode the bytes as base64, or use encoding text.
notebook-files-is-folder = "{ $path }" is a folder.
notebook-files-is-folder-fix = Write to a file path inside it.
notebook-files-exists = "{ $path }" already exists in the notebook ({ $size } bytes); nothing was written.
notebook-files-exists-fix = Pass { $field } to replace it, or choose another path.
notebook-files-plan-write = Write { $path } in notebook { $notebook } ({ $size } bytes)
notebook-files-plan-replace = Replace { $path } in notebook { $notebook } ({ $size } bytes)
notebook-files-plan-change = { $before } → { $size } bytes
notebook-files-plan-new = (none) → { $size } bytes
notebook-files-needs-path = { $action } needs a file path.
notebook-files-needs-path-fix = Pass { $field }.
notebook-files-not-text = The file is not UTF-8 text, so it is given as base64.
