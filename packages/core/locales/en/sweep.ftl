# Sweeps: many jobs from one file (operations/sweep).

sweep-run-head = Sweep { $name } ({ $id }, { $jobs ->
        [one] { $jobs } job
       *[other] { $jobs } jobs
    } from { $source })
sweep-cost = Estimated cost: { $total }/h for every job at once.
sweep-cost-capped = Estimated cost: { $total }/h for every job at once; at most { $peak }/h with at most { $max } running at once.
sweep-col-name = NAME
sweep-col-command = COMMAND
sweep-col-spec = SPEC
sweep-col-group = GROUP
sweep-col-instances = N
sweep-col-cost = COST/H
sweep-col-state = STATE
sweep-col-job = JOB
sweep-col-error = ERROR
sweep-col-status = STATUS
sweep-col-runtime = RUNTIME
sweep-col-verdict = VERDICT
sweep-col-diagnosis = DIAGNOSIS
sweep-col-jobs = JOBS
sweep-col-file = FILE
sweep-col-last-run = LAST RUN
sweep-none = (no sweeps run with this profile)
sweep-fit = fit: { $jobs ->
        [one] { $jobs } job
       *[other] { $jobs } jobs
    } of { $instances } × { $spec } in { $group }: { $verdict } ({ $reason })
sweep-fit-together = at once: { $summary }
sweep-fit-together-capped = at once (at most { $max } running): { $summary }
sweep-run-counts = { $action ->
        [resubmit] Resubmitted
       *[other] Submitted
    } { $submitted }{ $adopted ->
        [0] { "" }
       *[other] , found { $adopted } already on the platform (their answers were lost)
    }; { $created } of { $jobs } created, { $pending } pending, { $failed } refused.
sweep-status-head = Sweep { $name } ({ $id }): { $counts }

sweep-help-name = a short name for the sweep, e.g. name: lr-sweep
sweep-help-kind = train (job submit), hpc (hpc submit) or ray (ray submit)
sweep-help-job = the fields job submit (or hpc submit) takes, e.g. job: {"{"}compute_group: H100, spec: …, command: …{"}"}
sweep-help-grid = parameters with lists of values, e.g. grid: {"{"}lr: [0.001, 0.0003], seed: [1, 2]{"}"}
sweep-help-list = explicit rows, e.g. list: [{"{"}lr: 0.01, seed: 7{"}"}]
sweep-help-limits = max_jobs, max_running and max_cost_per_hour
sweep-file-syntax = { $at }: the sweep file cannot be read: { $problem }
sweep-file-syntax-hint = Fix the YAML (or JSON) syntax at that line; indentation and unclosed quotes or brackets are the usual causes.
sweep-file-unknown-top = { $at }: { $keys } is not a field of a sweep file
sweep-file-unknown-key = { $at }: { $keys } is not a field of { $parent }
sweep-file-the-file = the file
sweep-file-issue = { $at }: { $field }: { $problem }
sweep-file-issue-help = { $at }: { $field }: { $problem } ({ $help })
sweep-file-invalid = The sweep { $what } is not valid: { $problems }{ $more ->
        [0] { "" }
       *[other] { " " }(and { $more } more)
    }.
sweep-file-invalid-hint = Fix the fields at those lines; a sweep file has name, kind, job (the fields job submit or hpc submit takes), grid and/or list, limits and recover.
sweep-file-no-rows = { $at }: the sweep { $source } has neither grid nor list, so it makes no jobs.
sweep-file-no-rows-hint = Add { $grid }, or { $list }.
sweep-file-relative = The sweep file "{ $file }" is a relative path, and there is no current folder to start it from here.
sweep-file-relative-hint = Pass the file's absolute path, or give the sweep inline (definition).
sweep-inline-at = (inline sweep) at { $path }
sweep-inline-top = the top
sweep-inline-what = (inline sweep)

sweep-job-n = job { $index }

sweep-unknown-param = { $at }: { $path } uses { $param }, which is not a parameter of the sweep.
sweep-unknown-param-hint = Use one of { $params }, or add { $name } to grid or list. Write {"{{"} and {"}}"} for literal braces.
sweep-name-no-param = { $at }: job.name "{ $name }" has no {"{"}parameter{"}"}, so all { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    } would share one name.
sweep-name-no-param-hint = Put the parameters in it, e.g. name: { $example }.
sweep-too-many-jobs = { $at }: the sweep makes { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    }, more than limits.max_jobs ({ $max }).
sweep-too-many-jobs-hint = Shrink the grid or list, or raise max_jobs if that many jobs is what you want.
sweep-too-many-jobs-ceiling = { $at }: the sweep makes { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    }, more than one sweep may ({ $max }).
sweep-too-many-jobs-ceiling-hint = Shrink the grid or list, or split it into sweeps of at most { $max } jobs each.
sweep-row-missing = { $at }: row { $index } has no value for { $param }, which { $path } uses.
sweep-row-missing-hint = Give the row { $name }: <value>, or take { $param } out of { $path }.
sweep-row-same-name = { $at }: rows { $first } and { $index } both make a job named "{ $name }".
sweep-row-same-name-hint = Put every parameter that differs between rows into job.name.

sweep-rest-preempt = the rest start by pre-empting low-priority work
sweep-rest-queue = the rest queue
sweep-fits-all = { $jobs ->
        [one] it fits now
       *[other] all { $jobs } fit now
    }
sweep-fits-some = { $now } of { $jobs } fit now; { $rest }
sweep-nodes-unread = the nodes could not be read: { $reason }
sweep-nodes-unlisted = the group's nodes were not listed
sweep-which = Which sweep? None was named.
sweep-which-hint = Name it by its name or id (status lists them), or give its file.
sweep-change-stop = { $family } ({ $raw }) → stopped
sweep-change-hold = { $count ->
        [one] { $count } unsent job
       *[other] { $count } unsent jobs
    } held back → not sent
sweep-stop-nothing = Stop nothing: no job of sweep { $name } is queued or running{ $stopped ->
        [yes] , and it is stopped already
       *[other] { "" }
    }
sweep-stop-summary = Stop sweep { $name } ({ $id }): { $what }
sweep-stop-live = { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    } queued or running
sweep-stop-unsent = { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    } not sent yet
sweep-would-stop = Would stop { $live ->
        [one] { $live } job
       *[other] { $live } jobs
    } and hold back { $unsent ->
        [one] { $unsent } unsent job
       *[other] { $unsent } unsent jobs
    }.
sweep-stop-needs-confirm = Nothing was stopped: stopping sweep { $name } needs { $confirm }.
sweep-progress-stopping = stopping { $name }
sweep-stopped = Stopped { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    } of sweep { $name }.
sweep-stopped-held = Stopped { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    } of sweep { $name }; { $held ->
        [one] { $held } unsent job
       *[other] { $held } unsent jobs
    } held back: a run sends them only with { $resume }.
sweep-never-run = { $action ->
        [stop] Stop
       *[other] Resubmit
    } nothing: sweep { $name } ({ $id }) was never run with this profile
sweep-resubmit-which = resubmit needs to know which jobs: only failed is offered.
sweep-resubmit-which-hint = Pass { $field }: the failed and stopped jobs are resubmitted.
sweep-locate = sweep { $name } ({ $id })
sweep-resubmit-nothing = Resubmit nothing: no job of sweep { $name } failed
sweep-resubmit-summary = Resubmit { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    } of sweep { $name } ({ $id })
sweep-change-resubmit = submitted again
sweep-would-resubmit = Would resubmit { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    }.

sweep-progress-checking = checking { $name }
sweep-row-error = Job { $index } ({ $name }): { $message }
sweep-too-costly = { $at }: the sweep can cost { $cost }/h at once, more than limits.max_cost_per_hour ({ $limit }).
sweep-too-costly-hint = Lower { $field } or limits.max_running (fewer jobs at once), use a cheaper spec or fewer instances, or raise limits.max_cost_per_hour.
sweep-run-summary = Submit { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    } of sweep { $name } ({ $id }){ $done ->
        [0] { "" }
       *[other] ; { $done } already created
    }
sweep-change-create = created: { $instances } × { $spec } in { $group }
sweep-change-create-cost = created: { $instances } × { $spec } in { $group }, { $cost }/h
sweep-stopped-run-warning = The sweep was stopped; a run sends nothing until it says { $resume }: { $call }.
sweep-file-and-definition = Both file and definition were given.
sweep-file-and-definition-hint = Give the sweep one way: file or definition.
sweep-run-needs-sweep = run needs the sweep: a file or its definition.
sweep-run-needs-sweep-hint = Pass the sweep file (YAML or JSON), or the definition.
sweep-stopped-refused = Sweep { $name } ({ $id }) was stopped at { $at }; its { $count ->
        [one] { $count } unsent job
       *[other] { $count } unsent jobs
    } are held back, and run sends nothing.
sweep-stopped-refused-hint = To go on on purpose: { $resume } (only the missing jobs are sent). { $status } shows where it stands.
sweep-progress-submitting = submitting { $name }
sweep-not-created = { $name } was not created: { $message }
sweep-stopped-while-sending = The sweep was stopped while this { $action } was sending: { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    } were not sent; { $call } sends them on purpose.
sweep-waited-out = { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    } still wait for room (at most { $max } run at once); run the sweep again to submit them as earlier ones finish.
sweep-progress-error = Sweep { $name } stopped at job { $index } ({ $job }): { $message } { $created } of { $total ->
        [one] { $total } job
       *[other] { $total } jobs
    } are created.
sweep-progress-error-hint = Then run the sweep again: only the missing jobs are sent{ $unknown ->
        [yes] , and this one is looked up by its marker first
       *[other] { "" }
    }.
sweep-progress-waiting = { $count } of the sweep's jobs { $count ->
        [one] is
       *[other] are
    } queued or running (at most { $max } at once); waiting
sweep-unsure = Whether { $count ->
        [one] { $count } job
       *[other] { $count } jobs
    } of sweep { $name } were created cannot be told: the workspace lists more jobs than were read ({ $jobs }).
sweep-unsure-hint = Check { $call } before running the sweep again, so none is started twice.
sweep-locked = Another inspire process is running sweep { $id } now.
sweep-locked-hint = Let it finish (or stop it), then run again; { $call } shows how far it got.

sweep-details-capped = { $what ->
        [verdicts] metrics verdicts
       *[other] diagnoses
    } for the first { $limit } of { $count ->
            [one] { $count } job
           *[other] { $count } jobs
        } only (each costs requests).
sweep-progress-verdicts = reading { $count ->
        [one] { $count } verdict
       *[other] { $count } verdicts
    }
sweep-stopped-note = The sweep was stopped: its jobs not sent yet are held back until a run says { $resume }.
sweep-changed-names = Sweep { $name }: { $count ->
        [one] a job's name is
       *[other] { $count } jobs' names are
    } on the platform already, with other fields or made elsewhere: { $jobs }. Nothing was sent.
sweep-changed-names-hint = Give the changed jobs new names (a version in job.name), or pass { $field } to send them beside the earlier ones.
sweep-replacing = { $count ->
        [one] A job is
       *[other] { $count } jobs are
    } sent beside earlier jobs of the same name, which stay as they are: { $jobs }.
sweep-lookup-truncated = Only your newest 1,000 jobs of the workspace were compared with the sweep's; an older job of the same name was not looked for.
sweep-file-aliases = { $at }: the file's YAML aliases (*name) expand to too much.
sweep-file-aliases-hint = Write the values out, or use fewer aliases of aliases.
sweep-file-reserved-param = { $at }: a parameter may not be called { $name }.
sweep-file-reserved-param-hint = Give the parameter another name, and use that name in the job's templates.
sweep-twin-stopped = Job { $name } was also created by another run of this sweep at the same moment (another store): { $mine }, made here, is stopped; { $keep } is kept.
sweep-twin-not-stopped = Job { $name } was also created by another run of this sweep at the same moment: { $mine }, made here, could not be stopped ({ $reason }); stop it, { $keep } is kept.
sweep-twins-unchecked = Whether another run of this sweep created the same jobs at the same moment could not be checked: { $reason }
