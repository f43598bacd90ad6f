# Files read from folders a person keeps (recipes, sweep files): regular files of bounded size only, and
# recipe folders used only when they are the user's alone.

file-refused-missing = { $file } does not exist.
file-refused-missing-hint = Check the path; a relative path starts at the current folder.
file-refused-kind = { $file } is not a regular file (it is { $kind ->
        [folder] a folder
        [fifo] a named pipe
        [device] a device
        [socket] a socket
       *[other] not a plain file
    }), so inspire does not read it.
file-refused-kind-hint = Put a regular file there, or move it aside (mv { $file } { $aside }).
file-refused-outside = { $file } leads (through a link) outside { $folder }, so inspire does not read it.
file-refused-outside-hint = Copy the file into { $folder } instead of linking to it.
file-refused-size = { $file } is larger than { $kib } KiB, so inspire does not read it.
file-refused-size-hint = Check that it is the file you meant: recipes and sweep files are a few kilobytes.
file-refused-error = Could not read { $file } ({ $code }).
file-refused-error-hint = Check the file's permissions.
recipes-skipped = Recipe file skipped: { $why }
recipes-folder-skipped = Recipes in { $dir } skipped: { $why }
recipes-not-mapping = { $file }: this is not a recipe: a recipe is a YAML mapping of keys such as engine, image, model.
recipes-keys-more = { $keys } and { $more } more
recipes-more-problems = { $first } (and { $more ->
        [one] 1 more problem
       *[other] { $more } more problems
    })
