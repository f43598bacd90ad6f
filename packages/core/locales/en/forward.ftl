# Port forwarding: a local listener relaying to a notebook's port proxy or to a serving (api/forward).

forward-bad-port = { $port } is not a port number.
forward-bad-port-fix = Give a port from 1 to 65535 (a local port of 0 picks any free one), e.g. 8888 or 8080:8888.
forward-port-in-use = Local port { $port } on { $host } is already in use.
forward-port-in-use-fix = Pick another local port (LOCAL:REMOTE, e.g. 18888:8888), or 0 for any free one.
forward-port-refused = Local port { $port } on { $host } cannot be listened on ({ $code }).
forward-port-refused-fix = Ports below 1024 need privileges; pick a port above 1024, or 0 for any free one.
forward-no-proxy = Notebook { $notebook } was not created with SSH enabled, so the platform opens no port proxy for it.
forward-no-proxy-fix = SSH (and with it the port proxy) is chosen at creation: create a notebook with { $call } and use that one.
forward-serving-not-running = Serving { $serving } is { $status }; a forward needs it RUNNING.
forward-serving-not-running-fix = See how far it is with { $call }.
forward-serving-no-address = The platform gave serving { $serving } no access URL yet.
forward-serving-no-address-fix = Wait a minute after it becomes RUNNING and try again.
forward-notebook-started = Forwarding { $url } to port { $port } of notebook { $notebook }.
forward-serving-started = Forwarding { $url } to serving { $serving }: its OpenAI API is at { $url }/v1 (no API key needed).
