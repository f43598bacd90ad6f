# Task listings (operations/jobs.ts); the column headings are shared by the other task views.

jobs-col-id = ID
jobs-col-type = TYPE
jobs-col-name = NAME
jobs-col-status = STATUS
jobs-col-workspace = WORKSPACE
jobs-col-created = CREATED
jobs-col-running = RUNNING
jobs-col-gpus = GPUS
jobs-none = No tasks match.
jobs-none-in = No tasks match in { $where }; { $filters }.
jobs-list-sep = {", "}
jobs-where-none = no workspace
jobs-workspace-count = { $count ->
        [one] { $count } workspace
       *[other] { $count } workspaces
    }
jobs-where-default = workspace { $names } (defaultWorkspace)
jobs-where-all = every workspace ({ $names })
jobs-where-named = workspace { $names }
jobs-filter-type = type { $type }
jobs-filter-status = status { $status }
jobs-filter-mine = only yours
jobs-filter-everyone = everyone's
jobs-filter-project = project { $project }
jobs-filter-name = name { $name }
jobs-hint-all-workspaces = search every workspace: { $call }
jobs-hint-everyone = everyone's tasks of any type and status: { $call }
jobs-cut = some lists were cut at the page cap; narrow the filters to see the rest.
jobs-showing = showing { $shown } of { $total }
jobs-total = { $count ->
        [one] { $count } task
       *[other] { $count } tasks
    }
