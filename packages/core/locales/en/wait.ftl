# Waiting for a task to reach a state (operations/wait.ts).

wait-status-unknown = unknown
wait-not-found = { $id } was not found. Check the id with { $call }.
wait-reached = { $id } is { $status } after { $waited }.
wait-task-failed = { $id } ended { $status } without becoming { $until }; { $call } diagnoses why.
wait-timed-out = Still { $status } after { $waited }; call { $call } again to keep waiting.
wait-progress = { $id } is { $status }; waiting for { $until }
wait-label-outcome = outcome
wait-label-waited = waited
wait-label-checks = checks
