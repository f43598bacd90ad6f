# Talking to the platform (platform/): reaching it, reading its answers, creating exactly once, Harbor,
# the shared rate limit. The platform's own messages pass through as they are ($text, $message).

platform-refused-connection = Nothing listens at { $host } (connection refused).
platform-refused-loopback-hint = Is the emulator (or the local server) running on that port? Check the profile's baseUrl (INSPIRE_BASE_URL overrides it).
platform-refused-connection-hint = Check the profile's baseUrl (INSPIRE_BASE_URL overrides it) and that the server there is running.
platform-tls = The TLS certificate of { $host } was not accepted ({ $code }).
platform-tls-hint = If your network inspects TLS, point NODE_EXTRA_CA_CERTS at its CA certificate file.
platform-unreachable = Cannot reach { $host } ({ $code }){ $attempts ->
        [1] {""}
       *[other] {" "}after { $attempts } attempts
    }.
platform-timeout = { $host } did not answer in time{ $attempts ->
        [1] {""}
       *[other] {" "}after { $attempts } attempts
    }.
platform-broken = The connection to { $host } broke ({ $code }){ $attempts ->
        [1] {""}
       *[other] {" "}after { $attempts } attempts
    }.
platform-off-campus-hint = The platform is reachable only from the campus network or the aTrust VPN (or a proxy: HTTPS_PROXY or the profile's proxy). Connect, then try again.

platform-unreadable = { $surface }: HTTP { $status } with { $body }, which cannot be read.
platform-body-empty = an empty body
platform-body-html = an HTML page
platform-body-not-json = a body that is not JSON (cut short or garbled)
platform-body-wrong-type = JSON of the wrong type
platform-page-answer = The platform answered with an HTML page (HTTP 200) instead of data.
platform-lost-answer-hint = The answer was lost on the way; the request may have been carried out.
platform-no-message = no message
platform-rate-limited-hint = The platform is rate-limiting; wait a few seconds and try again.
platform-check-values-hint = Check the values sent; the platform rejected them as shown.
platform-no-permission-hint = Your account lacks permission for this; ask the project's admin.
platform-check-id-hint = Check the id; { $jobs }, { $notebooks } and { $models } list what exists.
platform-code-error = { $surface }: { $message } (code { $code }).
platform-refused-hint = The platform refused the request; its message above says why.
platform-http-429 = { $surface }: rate-limited (HTTP 429).
platform-http-429-hint = Wait a few seconds, then try again.
platform-http-bare = { $surface }: HTTP { $status } without an explanation.
platform-http-5xx-hint = The platform is having trouble; try again in a few minutes.
platform-http-4xx-hint = The request was not accepted.
platform-no-surface = { $surface } does not exist (HTTP 404).
platform-v2-forbidden = { $surface }: access forbidden (HTTP 403).
platform-v2-redirect = { $surface }: the gateway redirected to its login page although credentials were sent.
platform-v2-redirect-hint = This is a client defect (the x-inspire-client-source header); please report it.
platform-v2-no-service = { $surface }: the gateway has no such service.
platform-v2-unavailable = { $surface }: { $code } ({ $message }).
platform-v2-error = { $surface }: { $message } ({ $code }).
platform-conflict-hint = The task is changing state; wait a few seconds and try again.
platform-internal-hint = The platform failed internally; its message above says why.

# A message of the platform's own, as it said it, and (for English readers) what it means.
platform-says = { $text } ({ $meaning })
platform-means-priority-cap = the priority is above the highest the project allows (its priority cap)
platform-means-priority-spec = the priority is outside the range this spec allows
platform-means-priority-invalid = not a valid priority: priorities run from 1 to 10
platform-means-project-missing = the project does not exist
platform-means-workspace-disabled = the workspace is disabled
platform-means-user-missing = no such user; the platform says this to a call only admins may make
platform-means-left-project = you have left the selected project: it is not attached to this workspace, or its id does not match
platform-means-time-range = the time range asked for is too long: the platform allows at most one month
platform-means-budget = the project's budget (点券, points) is not enough for this task
platform-means-wrong-password = wrong username or password
platform-means-no-account = no such account
platform-means-locked = the account is locked
platform-means-captcha = the login page asks for a captcha
platform-means-bad-parameter = a parameter is wrong
platform-means-database = the platform's database failed
platform-means-group-missing = the selected compute group does not exist; choose another

platform-credentials-rejected = The platform rejected freshly obtained credentials.
platform-credentials-rejected-hint = Log in again with { $call }; if that works in a browser but not here, report it.
platform-token-needed = { $surface } needs a token this account cannot get.

platform-the-task = the task
platform-create-failed = The create failed.
platform-create-refused-after = { $message } So { $what } was not created: the earlier attempts were checked and are not on the platform.
platform-create-unknown = { $message } Whether { $what } was created could not be checked ({ $reason }); it may exist.
platform-create-unknown-hint = List your tasks ({ $call }) before submitting again, so as not to start it twice.
platform-create-absent = { $message } In the end { $what } was not created (checked after each of { $attempts ->
        [one] { $attempts } attempt
       *[other] { $attempts } attempts
    }).
platform-create-absent-hint = Nothing to clean up; submit again later ({ $call } shows what exists).
platform-recover-ambiguous = { $count ->
        [one] { $count } task
       *[other] { $count } tasks
    } named { $name } ({ $ids }) match every field { $what } create sent; which one is its own cannot be told.
platform-recover-ambiguous-hint = Check them before submitting again.

platform-harbor-no-credentials = No Harbor credentials are saved for the { $registry } registry.
platform-harbor-no-credentials-hint = Get the robot account under 镜像管理 → 本地推送, then save it with { $call }.
platform-harbor-rejected = The { $registry } Harbor registry rejected the saved robot account (HTTP 401).
platform-harbor-rejected-hint = Copy the account again from 镜像管理 → 本地推送 ({ $registry }), then save it again with { $call }.
platform-harbor-forbidden = The { $registry } robot account lacks permission for this (HTTP 403).
platform-harbor-forbidden-hint = The robot account may lack scope; ask the platform admins.
platform-harbor-check-failed = The { $registry } Harbor registry answered HTTP { $status } to the credential check.
platform-harbor-down-hint = Harbor may be down (5xx usually clears within about 15 minutes); try again later.

platform-bucket-unused = the rate limit shared with your other inspire processes is not in use: { $why } Each process now keeps its own limit, so several at once may be slowed down by the platform.
platform-bucket-cannot-update = Cannot update { $file } ({ $error }).
