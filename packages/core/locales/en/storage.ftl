storage-range-mismatch = Reading bytes { $start }–{ $end } of { $path } (of { $size }) got an answer that is not that range (HTTP { $status }); the file may have changed meanwhile.
storage-range-mismatch-fix = Copy it again: the bytes received so far are kept, and a changed file starts over.
storage-what-delete = deleting { $path }
storage-local-changed = { $path } changed while it was being read.
storage-no-notebook = No notebook is running in { $workspace }; the shared storage is reached through a running notebook.
storage-no-notebook-project = No notebook of project { $project } is running in { $workspace }; the shared storage is reached through a running notebook of its project.
storage-no-notebook-fix = Start one with { $start } (or make one with { $create }), wait until it is RUNNING, then try again; or name another with { $field }.
storage-no-project = The project of notebook { $notebook } is not among your projects, so its storage paths are unknown.
storage-no-project-fix = Name a notebook of one of your projects.
storage-not-mounted = Notebook { $notebook } does not show /inspire through its Jupyter server.
storage-not-mounted-fix = Go through another notebook ({ $field }), or copy inside the notebook with a terminal.
storage-outside = "{ $path }" is outside the project's shared storage ({ $roots }).
storage-outside-fix = Give an absolute path below one of those folders, without "..".
storage-needs = storage { $action } needs { $field }.
storage-needs-fix = Pass one, e.g. { $field }.
storage-cp-sides = cp copies between this machine and the shared storage: exactly one side must be a path under /inspire/.
storage-cp-sides-fix = Give one local path and one storage path, e.g. ./data.bin /inspire/hdd/project/<en_name>/data.bin.
storage-no-such = Nothing is at { $path }.
storage-no-such-fix = List its folder with storage ls to see what is there.
storage-rm-root = { $path } is a root of the shared storage and is never removed.
storage-rm-root-fix = Name a file or folder below it.
storage-rm-folder = { $path } is a folder.
storage-rm-folder-fix = To remove it with everything in it, pass { $field }; deletions on the shared storage cannot be undone.
storage-plan-rm = Remove { $path } ({ $count ->
        [one] { $count } file
       *[other] { $count } files
    }) through notebook { $notebook }
storage-plan-removed = removed
storage-removed = Removed { $path } ({ $count ->
        [one] { $count } file
       *[other] { $count } files
    }).
