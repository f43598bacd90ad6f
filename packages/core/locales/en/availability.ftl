# Free GPUs per compute group and where a request fits (operations/availability, domain/availability.ts,
# domain/fit.ts).

availability-read-at = Nodes read { $time }
availability-col-nodes = NODES
availability-col-fully-free = FULLY FREE
availability-col-preemptible = PRE-EMPTIBLE
availability-col-free-per-node = FREE PER NODE
availability-col-out-of-service = OUT OF SERVICE
availability-cordoned = { $count } cordoned
availability-maintenance = { $count } maintenance
availability-faulty = { $count } faulty
availability-not-ready = { $count } not ready
availability-list-sep = {", "}
availability-no-schedulable-node = no schedulable node
availability-free-bucket = { $free } free: { $nodes ->
        [one] { $nodes } node
       *[other] { $nodes } nodes
    }
availability-fit-head = Fit: { $instances } × { $asked }, priority { $priority }
availability-asked-spec = spec { $spec }
availability-asked-gpus = { $gpus ->
        [one] { $gpus } GPU
       *[other] { $gpus } GPUs
    } per instance
availability-col-starts = STARTS
availability-col-ahead = AHEAD
availability-col-why = WHY
availability-starts-now = now
availability-starts-preempt = pre-empting
availability-starts-queue = queues
availability-starts-never = never
availability-none-offers = (no group offers it)
availability-progress = Reading the nodes of { $workspace }
availability-progress-all = Reading the nodes of every workspace
availability-spec-and-gpus = Pass { $spec } or { $gpus }, not both.
availability-spec-and-gpus-hint = A spec already says how many GPUs an instance takes.
availability-no-spec = No compute group of { $workspace } offers spec "{ $spec }".
availability-no-spec-anywhere = No compute group of your workspaces offers spec "{ $spec }".
availability-no-spec-hint = Pass a spec id from { $call }, or { $field } instead.
availability-no-group-now = No group can start { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } at once. The best is { $group }: { $reason }.

# Why a request fits a group now, by pre-emption, later or never: clauses joined by availability-fit-sep.
availability-fit-sep = {"; "}
availability-fit-asked = { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } of { $gpus ->
        [one] { $gpus } GPU
       *[other] { $gpus } GPUs
    }
availability-fit-too-many-gpus = an instance needs { $need ->
        [one] { $need } GPU
       *[other] { $need } GPUs
    } but its nodes have { $have }
availability-fit-too-many-cpus = an instance needs { $need ->
        [one] { $need } CPU core
       *[other] { $need } CPU cores
    } but its nodes have { $have }
availability-fit-too-much-memory = an instance needs { $need } GiB of memory but its nodes have { $have }
availability-fit-short = nodes with free GPUs lack the { $what ->
        [cpu] CPU cores
        [memory] memory
       *[both] CPU cores and memory
    } (an instance needs { $cpus ->
        [one] { $cpus } core
       *[other] { $cpus } cores
    }, { $memory } GiB)
availability-fit-not-allowed = never at priority { $priority } ({ $level }): the spec allows { $allowed } only
availability-fit-no-node = no schedulable node ({ $count ->
        [one] { $count } node
       *[other] { $count } nodes
    } listed)
availability-fit-no-gpus = needs no GPUs; { $count ->
        [one] { $count } schedulable node
       *[other] { $count } schedulable nodes
    }
availability-fit-too-few-nodes = { $asked } need more than its { $count ->
        [one] { $count } schedulable node
       *[other] { $count } schedulable nodes
    } hold ({ $most } at most)
availability-fit-now = { $asked } fit now (room for { $now }; { $free ->
        [one] { $free } GPU
       *[other] { $free } GPUs
    } free)
availability-fit-now-doubt = { $asked } fit now (room for { $now }; { $free ->
        [one] { $free } GPU
       *[other] { $free } GPUs
    } free), unless the jobs queued ahead take the room first
availability-fit-room = room for { $now } of { $instances ->
        [one] { $instances } instance
       *[other] { $instances } instances
    } now
availability-fit-spread = the { $free } free GPUs are spread over too many nodes
availability-fit-preempt = at priority { $priority } the rest pre-empts low-priority work
availability-fit-waits-gpus = it waits for GPUs
availability-fit-waits-room = it waits for room
availability-fit-could-preempt = priority { $priority }+ could pre-empt for it
availability-fit-queued-ahead = queued ahead: { $count }
