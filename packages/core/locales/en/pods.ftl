# Commands and shells in a running job's pods (the worker PTY).
pods-socket-failed = Could not open a shell in pod { $pod } of { $job }: { $why }
pods-socket-failed-fix = Check that the job still runs ({ $call }), and try again.
pods-dropped = The connection to pod { $pod } was cut after { $seconds } s, before the command ended.
pods-dropped-fix = Run it again; for long work start it in the background (nohup … > out.log 2>&1 &) and read out.log later.
pods-job-not-running = { $job } is not running ({ $status }); commands run only in a running job's pods.
pods-not-running = Pod { $pod } of { $job } is not running ({ $status }); commands run only in a running job's pods.
pods-not-running-fix = See the job's state with { $call }.
pods-choose = { $job } has several pods; say which one:
    { $list }
pods-unknown = { $job } has no pod { $pod }. Its pods:
    { $list }
pods-choose-fix = Give { $field }: the pod's number in this list (0 is the first) or its name.
pods-plan = Run { $command } in pod { $pod }
pods-change-runs = runs { $command }
