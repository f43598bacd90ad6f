# Task logs: tail, time window, download and follow (operations/logs).

logs-tail-head = { $id } { $status }: last { $count ->
        [one] { $count } line
       *[other] { $count } lines
    }
logs-window-head = { $id } { $status }: { $count ->
        [one] { $count } line
       *[other] { $count } lines
    } from { $from } to { $to }
logs-window-truncated = (more lines in this window; narrow it or use { $field })
logs-none = (no log lines yet)
logs-downloaded = Downloaded { $lines ->
        [one] { $lines } line
       *[other] { $lines } lines
    } ({ $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    }) of { $id } to { $path }.
logs-downloaded-crowded = Downloaded { $lines ->
        [one] { $lines } line
       *[other] { $lines } lines
    } ({ $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    }) of { $id } to { $path } (some lines may be missing at { $crowded } crowded instants).
logs-progress = downloaded { $lines ->
        [one] { $lines } line
       *[other] { $lines } lines
    } of { $id }
logs-range-and-since = Pass either { $range } or { $since }, not both.
logs-range-and-since-hint = { $example } means since 30 minutes ago.
logs-window-empty = The log window is empty: since is not before until.
logs-window-empty-hint = Give since earlier than until.
logs-follow-end = — job { $name } { $status } at { $time }
