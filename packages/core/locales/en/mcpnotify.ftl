# An agent's notify: a notification when a task it submitted (or waits for) ends.
mcpnotify-no-default = { $field } needs a default target, and the notify setting is empty.
mcpnotify-no-default-hint = Ask the user to set one (a webhook URL is a secret: better typed in a terminal than in this conversation): { $call }; or give the target: { $target }.
mcpnotify-waiter = Waiter { $id } watches { $jobs } and notifies { $target } when each ends, after this call has returned; it runs on its own, past this server (the command line's waiters list and stop it).
mcpnotify-not-left = No waiter could be left to notify { $target }: { $error }. The call itself went as said above.
mcpnotify-dry-run = A dry run leaves no waiter; { $target } was checked.
mcpnotify-recovering = Waiter { $id } watches { $jobs } and submits again, at most { $count ->
        [one] once
       *[other] { $count } times
    }, a job the platform pre-empts or whose node fails; it runs on its own, past this server (the command line's waiters list and stop it).
mcpnotify-not-recovering = No waiter could be left to recover the jobs: { $error }. The call itself went as said above.
mcpnotify-recover-invalid = { $field } takes a whole number of attempts from 1 to 10 (on a submit), got { $value }.
mcpnotify-recover-invalid-hint = E.g. { $example }: the job, then at most two more attempts.
