# Managed recovery after a node failure, and a sweep file's recover key.
job-detail-cause-node-fault = The node the task ran on failed (the platform marked it not ready); its own code did not end it.
job-detail-fix-node-fault = Submit it again as it was ({ $call }); a submit with --recover N does so by itself. If the same node fails again, tell the platform's administrators.
recover-log-recovered-node = { $id } ended when its node failed: submitted again as { $job } (attempt { $n } of at most { $count }).
recover-log-spent-node = { $id } ended when its node failed, and { $count ->
        [one] its recovery attempt is
       *[other] its { $count } recovery attempts are
    } spent: not submitted again.
sweep-help-recover = how many times (1–10) a job the platform ended (pre-empted, or its node failed) is submitted again, as --recover N; e.g. recover: 2
