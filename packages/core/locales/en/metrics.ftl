# Job metrics: the health summary, raw series and CSV download (operations/metrics).

metrics-window = { $from } – { $to } every { $interval }s
metrics-downloaded = Wrote { $rows ->
        [one] { $rows } row
       *[other] { $rows } rows
    } ({ $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    }) of { $id } metrics ({ $window }) to { $path }.
metrics-raw-head = { $id } { $status }: { $count } series, { $window }
metrics-col-metric = METRIC
metrics-col-trend = TREND (0–100%)
metrics-col-state = STATE
metrics-col-gpu = GPU avg/p90/max
metrics-col-gpu-memory = GPU MEM
metrics-col-cpu = CPU
metrics-name-gpu = gpu
metrics-name-gpu-mem = gpu mem
metrics-name-cpu = cpu
metrics-name-mem = mem
metrics-no-series = (no series)
metrics-idle-windows = idle windows: { $windows }
metrics-idle-window = { $start } for { $minutes } min
metrics-idle-window-ongoing = { $start } for { $minutes } min (ongoing)
metrics-list-sep = {"; "}
metrics-label-reclaim = reclaim risk
metrics-label-low-gpu = low GPU for
metrics-finished-early = finished; too few samples for a verdict
metrics-finished-early-count = finished; too few samples for a verdict ({ $count } of { $needed } needed)
metrics-finished-early-evidence = the job ended before enough samples were taken; this is not a failure
metrics-interval-bad = interval { $interval } s is not one the platform accepts.
metrics-interval-hint = Use one of { $intervals } seconds, or leave it out ({ $fits } s fits { $range }).
