# Deleting finished jobs (inspire_stop's delete action).
api-delete-job = delete the job
stop-delete-older-than = { $field } takes a whole number of hours, days or weeks, like 12h, 30d or 2w, not "{ $raw }".
stop-delete-older-than-hint = Write it as a number and a unit: h, d or w.
stop-delete-plan = Delete { $count ->
        [one] { $count } finished job
       *[other] { $count } finished jobs
    }
stop-change-deleted = deleted (was { $before })
stop-delete-kind = Only training, HPC and Ray jobs are deleted here; { $id } is none of them.
stop-delete-kind-hint = Notebooks and models have their own delete: { $notebook }, { $models }.
stop-delete-running = { $name } is { $status }: only a job that has ended can be deleted.
stop-delete-running-hint = Stop it first ({ $call }), then delete it.
stop-delete-filter = Deleting a batch needs a filter: a status, a name, or an age.
stop-delete-filter-hint = For example { $status }, or { $older } for jobs created 30 days ago or more.
stop-delete-type = Servings are not deleted here (type { $type }).
stop-delete-type-hint = Delete training, HPC or Ray jobs: type train, hpc, ray or all.
stop-delete-confirm = { $count ->
        [one] { $count } finished job would be deleted
       *[other] { $count } finished jobs would be deleted
    }; nothing was deleted. Pass { $confirm } to delete { $count ->
        [one] it
       *[other] them
    }.
stop-delete-summary = Deleted { $deleted }{ $failed ->
        [0] { "" }
       *[other] ; { $failed } failed
    }. Jobs that have not ended are left alone.
