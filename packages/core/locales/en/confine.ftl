# Copies between this machine and a notebook kept to their places (operations/notebook-files).

confine-not-base64 = not base64 (only A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4 characters; whitespace is ignored): encode the bytes again, or pass { $field }
confine-special-files = { $path } holds { $count ->
        [one] a file that is no regular file (a named pipe, device or socket)
       *[other] { $count } files that are no regular files (named pipes, devices or sockets)
    }: { $files }; nothing was copied.
confine-special-files-fix = Only regular files can be copied into a notebook: move { $count ->
        [one] it
       *[other] them
    } out of the folder, or copy the regular files one by one.
