# Scheduler events of a job (operations/events.ts).

events-head = { $id } { $status }: { $count ->
        [one] { $count } event
       *[other] { $count } events
    }
events-none-gone = { $id } { $status }: no events (the platform discards events of old tasks)
events-none-yet = { $id } { $status }: no events yet
events-col-last-seen = LAST SEEN
events-col-reason = REASON
events-col-object = OBJECT
events-col-message = MESSAGE
events-truncated = (more events exist than were read)
events-notebook = Notebook events are not available through this tool.
events-notebook-hint = Use { $call } for its state.
