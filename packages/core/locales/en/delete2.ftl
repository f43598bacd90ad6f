# Deleting several jobs by id, and datasets on notebooks.

stop-delete-ids-live = { $count ->
        [one] { $count } job has not ended and was not deleted
       *[other] { $count } jobs have not ended and were not deleted
    }: stop first ({ $call }), then delete.
notebook-label-datasets = datasets
