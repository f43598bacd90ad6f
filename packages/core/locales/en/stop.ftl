# Stopping one task or a batch (operations/stop).

stop-col-before = BEFORE
stop-col-after = AFTER
stop-col-outcome = OUTCOME
stop-outcome-failed = failed: { $error }
stop-summary = stopped { $stopped }, already finished { $finished }
stop-summary-failed = stopped { $stopped }, already finished { $finished }, failed { $failed }
stop-serving-confirm = Serving { $name } is { $before }; repeat with { $confirm } to stop it.
stop-batch-confirm = { $count ->
        [one] { $count } task
       *[other] { $count } tasks
    } would be stopped; repeat with { $confirm } to stop them.
stop-some-failed = Some stops failed; run the same call again to retry them.
stop-batch-filter = A batch stop needs a filter: status (other than all) or name.
stop-batch-filter-hint = Name one task by its id, or e.g. { $status } (and { $name }) for a batch.
stop-notebook = { $id } is a notebook, not a job: { $call } stops it.
stop-notebook-hint = { $call } lists the notebooks.
stop-plan-one = Stop { $type ->
        [hpc] HPC job
        [inference] serving
        [ray] Ray job
       *[other] job
    } { $label }
stop-plan-nothing = Stop nothing: no matching task is still waiting or running
stop-plan-many = Stop { $count ->
        [one] { $count } task
       *[other] { $count } tasks
    }
stop-change-stopped = { $before } → stopped
stop-batch-needs-targets = A confirmed batch acts only on the tasks its listing showed: say which with { $field }.
stop-batch-needs-targets-hint = Call again with { $confirm }, giving the ids below (what matches now) or those your listing showed.
