# The store (store/): its files and folders, locks, profiles, and the files operations write.

store-untrusted-type = { $path } is not a { $kind ->
        [folder] folder
       *[file] regular file
    }, so inspire does not use it.
store-untrusted-type-hint = Move it aside (mv { $path } { $aside }) and run the command again.
store-untrusted-owner = { $path } belongs to uid { $owner }, not to you (uid { $uid }), so inspire does not use it.
store-untrusted-owner-hint = If it is yours, take it back with `sudo chown $USER { $path }`; otherwise move it aside.
store-untrusted-mode = { $path } can be written by { $who ->
        [both] group and others
        [group] group
       *[others] others
    } (mode { $mode }), so inspire does not use it.
store-untrusted-mode-hint = Run `chmod go-w { $path }` (after checking that nobody else changed { $kind ->
        [folder] its files
       *[file] it
    }).

store-disk-full = The disk is full ({ $code }): { $path } was not written and was left as it was.
store-quota-full = The disk quota is used up ({ $code }): { $path } was not written and was left as it was.
store-disk-full-hint = Free some space on the disk that holds it (`df -h { $dir }` shows how much is left), then run the command again.
store-cannot-write = Cannot write { $path } ({ $code }).
store-cannot-write-hint = Check the folder's permissions.
store-cannot-create-folder = Cannot create the folder { $dir } ({ $code }).
store-folder-disk-full-hint = The disk is full: free some space, then run the command again.
store-folder-permissions-hint = Check its permissions, or set INSPIRE_HOME to a writable folder.
store-cannot-read = Cannot read { $path } ({ $code }).
store-cannot-read-hint = Check the file's permissions.
store-damaged = { $path } is damaged ({ $why }); it was left untouched.
store-damaged-hint = Repair it by hand, or move it aside (mv { $path } { $path }.bak) and log in again to recreate it.
store-damaged-empty = it is empty
store-damaged-not-json = it is not valid JSON

store-lock-create = Cannot create the lock file { $path } ({ $code }).
store-lock-create-hint = Check the permissions of the cache folder, or set INSPIRE_HOME to a writable folder.
store-lock-held = Another inspire process (pid { $pid }) has held { $path } for over { $seconds } s.
store-lock-held-hint = Wait for it to finish; if no inspire process is running, delete the lock file.

store-bad-profile-name = "{ $name }" is not a valid profile name.
store-profile-name-hint = Use 1–32 letters, digits, '.', '_' or '-'.
store-no-profile = There is no profile "{ $name }".
store-no-profile-hint = `inspire profile list` shows the profiles.
store-bad-endpoint = { $field } is not valid: { $why }.
store-bad-endpoint-hint = Give a full URL with its scheme, e.g. https://qz.sii.edu.cn or http://127.0.0.1:4010.
store-profile-exists = The profile "{ $name }" already exists.
store-profile-exists-hint = Pick another name, or remove it first.

store-write-failed = Could not write { $path } ({ $code }).
store-name-too-long-hint = Use a shorter file name.
store-no-space-hint = Free some disk space and try again.
store-no-permission-hint = Check that you may write to that folder, or choose another path.
store-check-path-hint = Check the folder and the file name, or choose another path.
store-through-link = Refusing to write through { $path }: it is a symbolic link.
store-through-link-hint = Files are never written through links. Remove the link, or pass another { $field }.
store-exists = { $path } already exists; it was not overwritten.
store-exists-hint = Pass { $field } to replace it, or choose another path.
store-not-a-file-name = { $field } "{ $wanted }" is not a file name.
store-not-a-file-name-hint = Name a file inside { $where }.
store-dot-dot = Refusing to write { $path }: ".." is not allowed in { $field }.
store-dot-dot-hint = Name the file inside { $where } without "..", e.g. "{ $example }".
store-outside = Refusing to write { $path }: it is outside { $roots }.
store-outside-hint = Pass a path inside { $where }; a relative path starts in { $first }.
store-names-root = { $field } "{ $path }" names { $root } itself, not a file.
store-names-root-hint = Add a file name, e.g. { $example }.
store-not-a-folder = { $path } is not a folder.
store-root-not-folder-hint = Point { $root } at a folder.
store-choose-another-hint = Choose another { $field }.
store-not-regular = { $path } exists and is not a regular file.
store-roots-or = { $first } or { $second }
store-roots-and = { $first } and { $second }
store-root = { $label } ({ $path })
