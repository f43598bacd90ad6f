# Waiting for a task to reach a state (operations/wait.ts).

wait-status-unknown = unknown
wait-not-found = { $id } was not found. Check the id with { $call }.
wait-reached = { $id } reached status { $status } after { $waited }.
wait-task-failed = { $id } ended with status { $status } without reaching { $until }; { $call } diagnoses why.
wait-timed-out = Still { $status } after { $waited }; call { $call } again to keep waiting.
wait-progress = { $id } has status { $status }; waiting for { $until }
wait-label-outcome = outcome
wait-label-waited = waited
wait-label-checks = checks
