# Commands and shells in a running serving's pods (the worker PTY of inference servings).
servexec-list-pods = list the serving's pods
servexec-not-running = Serving { $serving } is not running ({ $status }); commands run only in a running serving's pods.
servexec-pod-not-running = Pod { $pod } of serving { $serving } is not running ({ $status }); commands run only in running pods.
servexec-not-running-fix = See the serving's state with { $call }; a stopped serving must be deployed again.
servexec-socket-failed-fix = Check that the serving still runs ({ $call }), and try again.
servexec-label-pods = Pods
servexec-notebook = { $id } is a notebook; this runs commands in the pods of jobs and servings.
servexec-notebook-fix = Run it in the notebook with { $call }.
