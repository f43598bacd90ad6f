# Inference servings (operations/inference: create, detail, list, stop, health, chat).

inference-deploying = Serving { $name } is being deployed.
inference-label-serving-id = serving id
inference-label-serving = serving
inference-label-recipe = recipe
inference-label-served-as = served as
inference-label-model-path = model path
inference-label-workspace = workspace
inference-label-project = project
inference-label-compute-group = compute group
inference-label-spec = spec
inference-label-model = model
inference-label-image = image
inference-label-command = command
inference-label-port = port
inference-label-replicas = replicas
inference-label-priority = priority
inference-label-custom-domain = custom domain
inference-label-console = console
inference-label-recovered = recovered
inference-label-access = access
inference-label-status = status
inference-label-access-url = access url
inference-label-created = created
inference-label-updated = updated
inference-replicas = { $replicas } × { $nodes ->
        [one] { $nodes } node
       *[other] { $nodes } nodes
    }
inference-recovered = yes (the answer was lost; found it by name)
inference-access-not-reported = (not reported)
inference-access-none-yet = (none until RUNNING)
inference-created-ago = { $time } ({ $age } ago)
inference-list-heading = Servings in { $workspace }: { $count }{ $cut }
inference-list-cut = {" "}(list cut short)
inference-list-none = (no servings)
inference-console-line = console: { $url }
inference-col-id = ID
inference-col-name = NAME
inference-col-status = STATUS
inference-col-replicas = REPLICAS
inference-col-created = CREATED
inference-col-by = BY
inference-create-needs = inference create needs { $field }.
inference-create-needs-fix = Pass { $field }, e.g. { $example }.
inference-model-id-example = a model id from { $call }
inference-command-sleeps = The command only sleeps: the pod stays up but nothing answers on port { $port }. Use the server's start command, e.g. python -m vllm.entrypoints.openai.api_server --port { $port }.
inference-vllm-port = vLLM listens on 8000 unless told otherwise; add --port { $port } so it answers on the serving's port.
inference-no-model = No model has the id { $id }.
inference-no-model-fix = Pick a model id from { $list }, or register one with { $create }.
inference-no-version = Model { $model } has no version { $version }.
inference-no-version-fix = Use one of its versions; { $call } lists them.
inference-not-vllm = Version { $version } of { $model } is not marked vLLM-compatible; the server may fail to load it.
inference-plan-create = Deploy serving { $name } in { $workspace }
inference-change-deployed = deployed: { $replicas ->
        [one] { $replicas } replica
       *[other] { $replicas } replicas
    } of { $model } v{ $version }
inference-why-answers = until it answers
inference-why-running = until it is RUNNING and has an access URL
inference-why-events = for events and diagnostics
inference-why-stop = when it is no longer needed
inference-why-ended = for why it ended
inference-why-again = again until it is RUNNING
inference-id-hint = Serving ids start with sv-; { $call } shows them.
inference-needs-id = inference { $action } needs the serving's id (sv-…).
inference-state-unknown = unknown
inference-state-unknown-long = unknown state
inference-state-in-unknown = in an unknown state
inference-stop-already-dry = Serving { $serving } is already { $status }; nothing would be sent.
inference-stop-would = Serving { $serving } ({ $status }) would be stopped; nothing was sent.
inference-plan-stop-nothing = Stop nothing: serving { $serving } is already { $status }
inference-plan-stop = Stop serving { $serving }
inference-change-stop = { $status } → stopping
inference-stop-already = Serving { $serving } is already { $status }; nothing to stop.
inference-stop-refused = Serving { $serving } is { $status } and may be answering users; nothing was stopped.
inference-stop-how = To stop it, call { $call }.
inference-stop-sent-hint = { $call } shows when it has stopped.
inference-label-models = models
inference-label-latency = latency
inference-label-reply = reply
inference-latency-models = models { $models } ms
inference-latency-both = models { $models } ms, chat { $chat } ms
inference-health-ready = { $serving }: ready — { $reason }
inference-health-not-ready = { $serving }: not ready ({ $stage }) — { $reason }
inference-last-logs = last log lines:
inference-wait-from-asked = asked
inference-wait-from-recipe = the recipe's health.timeout_seconds
inference-wait-from-default = the default
inference-wait-recipe = , recipe { $recipe }
inference-wait-ready = ready
inference-wait-failed = stopped early: it will not answer
inference-wait-timed-out = not ready in time
inference-waited = waited { $waited } of { $seconds } s ({ $from }{ $recipe }), { $probes ->
        [one] { $probes } probe
       *[other] { $probes } probes
    } of { $path }: { $verdict }
inference-stages = stages: { $stages }
inference-chat-stats = ({ $model }, { $ms } ms)
inference-chat-stats-tokens = ({ $model }, { $ms } ms, { $tokens ->
        [one] { $tokens } token
       *[other] { $tokens } tokens
    })
inference-stage-starting = Serving is { $status }: pulling the image and starting its pods.
inference-stage-waiting = Serving is { $status }: waiting for GPUs to be scheduled.
inference-stage-crashed = Serving { $status }: its server exited; the logs' last lines say why.
inference-stage-stopped = Serving is { $status }; nothing answers.
inference-why-minute = again in a minute
inference-why-fix = then fix the recipe
inference-why-talk = to talk to it
inference-why-keep-waiting = to keep waiting
inference-no-access-url = Serving is RUNNING but the platform reports no access URL yet.
inference-unreachable = Could not reach { $url } ({ $code }); the access URL may be reachable only from the campus network.
inference-not-openai = { $url } answers HTTP { $status }: nothing serves the OpenAI API at the access URL ({ $body }).
inference-gateway-crashed = The gateway answers HTTP { $status } and the server's logs show an error: it crashed.
inference-gateway-loading = The gateway answers HTTP { $status }: the server is not listening yet (loading weights, or on another port than { $port }).
inference-port-serving = the serving's
inference-answering = Answering: { $count ->
        [one] { $count } model
       *[other] { $count } models
    } in { $ms } ms.
inference-answering-chat = Answering: { $count ->
        [one] { $count } model
       *[other] { $count } models
    } in { $ms } ms, a chat completion in { $chat } ms.
inference-chat-unreachable = Could not reach { $url } ({ $code }).
inference-chat-unreachable-fix = The access URL may be reachable only from the campus network.
inference-chat-failed = The serving answered HTTP { $status } to a chat completion: { $body }
inference-chat-failed-fix = { $call } says whether it is ready.
inference-chat-needs-prompt = inference chat needs a message to send.
inference-chat-needs-prompt-fix = Pass the message to send as prompt.
inference-chat-not-ready = Serving { $serving } is not answering yet: { $reason }
inference-chat-not-ready-fix = { $call } shows its progress and logs.
inference-id-short-hint = Serving ids start with sv-.
inference-wait-progress = { $serving }: { $stage } after { $after } (of { $seconds } s) — { $reason }

# The platform's serving API (api/servings).
inference-api-list-down = The serving list is unavailable; see 模型部署 in the console.
inference-api-not-serving-id = "{ $raw }" is not a serving id.
inference-api-detail-down = No serving detail surface answers; see 模型部署 in the console.
inference-api-already = Serving { $serving } is already { $status }.
inference-api-stop-console = Stop it from the console's 模型部署 page, and report the failure.
inference-api-stopping = Serving { $serving } is stopping.
inference-api-needs-command = A serving needs a command that keeps serving.
inference-api-needs-command-fix = Pass the server's start command, e.g. vllm serve …
inference-api-image-unregistered = The image { $image } is not registered in this workspace's registry.
inference-api-image-unregistered-fix = Pick an image from { $call }, or register yours under 镜像管理 → 新建镜像 in the console.
inference-api-deploy-console = Deploy from the console's 模型部署 page, and report the failure.
inference-api-what = the serving
# A deploy's recipe: its name, engine, tensor × pipeline parallelism and file.
inference-recipe-line = { $name } ({ $engine }, TP { $tp } × PP { $pp }, { $file })
