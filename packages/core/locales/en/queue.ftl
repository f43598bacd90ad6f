# A waiting job's place in its compute group's queue (domain/queue.ts, operations/common/waiting.ts,
# operations/common/queue-output.ts): job show, job list and submit.

queue-reason-quota = the project's budget (quota) is spent
queue-reason-priority = jobs of higher priority wait before it
queue-reason-resources = no free nodes of its spec in the group
queue-reason-unknown = nothing found that holds it back
queue-short-quota = quota
queue-short-priority = priority
queue-short-resources = resources
queue-short-unknown = unknown
queue-line = { $reason }; { $ahead } ahead (higher or equal priority, same group); { $eta }
queue-cell = { $reason }, { $ahead } ahead, { $eta }
queue-starts-now = may start at any moment
queue-starts-within = starts within about { $duration }
queue-no-estimate = no estimate: { $why }
queue-no-estimate-nodes = the group's nodes, or its spec among the group's, could not be read
queue-no-estimate-cpu = CPU work, whose holders' ends are not known
queue-no-estimate-holders = { $unknown } of the { $held ->
        [one] { $held } GPU
       *[other] { $held } GPUs
    } in use { $unknown ->
        [one] is
       *[other] are
    } held by work with no known end (other people's, or jobs without a max running time)
queue-no-estimate-too-big = it and the jobs before it need { $need ->
        [one] { $need } GPU
       *[other] { $need } GPUs
    }, more than the group's { $total }
queue-no-estimate-quota = it starts only once the project's budget is topped up
queue-label = queue
queue-label-submit = Queue
queue-col = QUEUE
