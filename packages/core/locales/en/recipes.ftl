# Inference recipes (operations/inference/recipes and their renders).

recipes-col-name = NAME
recipes-col-engine = ENGINE
recipes-col-model = MODEL
recipes-col-file = FILE
recipes-none = (no recipes)
recipes-folders = folders: { $folders }; a later folder wins a name clash
recipes-size-auto = { $size } (auto)
recipes-size-spec = auto (the spec's GPUs; pass { $field })
recipes-label-recipe = recipe
recipes-label-file = file
recipes-label-description = description
recipes-label-image = image
recipes-label-model = model
recipes-label-model-path = model path
recipes-label-served-as = served as
recipes-label-spec = spec
recipes-label-tensor = tensor parallel
recipes-label-pipeline = pipeline parallel
recipes-label-replicas = replicas
recipes-label-port = port
recipes-label-health = health
recipes-spec-none = (none given: pass { $field } for exact sizes)
recipes-health = { $path } within { $seconds } s
recipes-command = command:
recipes-command-placeholders = command (with placeholders):
recipes-needs-recipe = inference recipe needs a recipe's name.
recipes-lists = { $call } lists them.
recipes-why-request = to see the exact request
recipes-why-request-spec = with a SERVING spec id of the group ({ $call } lists them), to see the exact request
recipes-unknown = No serving recipe is named { $name }.
recipes-did-you-mean = Did you mean { $names }?{" "}
recipes-unknown-fix = { $near }{ $call } lists them; add your own as YAML in the config folder's recipes/ or ./recipes/.
recipes-path-only = Recipe { $recipe } names only a path, but a serving is created for a model of the platform's repository.
recipes-path-only-fix = Pass { $model } and { $version } ({ $call }), or set model.repository in { $file }.
recipes-models-match = { $count ->
        [one] { $count } model
       *[other] { $count } models
    } match { $wanted }: { $names }.
recipes-models-match-fix = Set model.repository in { $file } to one exact name, or pass { $field }.
recipes-model-missing = Recipe { $recipe } serves model { $wanted }, which this workspace's model repository does not have.
recipes-model-missing-fix = Register it ({ $call }), pass { $field }, or copy the recipe and set model.repository to one of the listed models.
recipes-no-version = Model { $model } has no version { $version }.
recipes-no-version-fix = Set model.version in { $file } to one of its versions.
recipes-no-path = The platform reports no path for { $model } v{ $version }, so the recipe cannot name it in the command.
recipes-no-path-fix = Set model.path in { $file } to where the files are on shared storage (/inspire/…).
recipes-and-command = Pass either recipe or command, not both: the recipe builds the command.
recipes-and-command-fix = Drop command, or put extra engine flags in the recipe's args.
recipes-access = OpenAI-compatible API under the serving's access URL once RUNNING (GET …/models, POST …/chat/completions), model "{ $name }"
recipes-too-many-gpus = Recipe { $recipe } asks for tensor parallel { $tp } × pipeline parallel { $pp } = { $product ->
        [one] { $product } GPU
       *[other] { $product } GPUs
    }, but a replica has { $total } ({ $nodes ->
        [one] { $nodes } node
       *[other] { $nodes } nodes
    } × { $gpus ->
        [one] { $gpus } GPU
       *[other] { $gpus } GPUs
    } of the spec).
recipes-too-many-gpus-fix = Pick a spec with more GPUs, raise nodes_per_replica, or set parallel.tensor and parallel.pipeline to auto ({ $file }).
recipes-no-gpus = Recipe { $recipe } runs { $engine } on GPUs, but the spec has none.
recipes-no-gpus-fix = Pick a SERVING spec with GPUs.
recipes-gpus-unused = Tensor { $tp } × pipeline { $pp } uses { $product } of the replica's { $total ->
        [one] { $total } GPU
       *[other] { $total } GPUs
    }.
recipes-args-override = The recipe's args set { $args } again; the engine keeps the last value, so they override the resolved ones.
recipes-shm-ignored = shm_gi { $shm } is not sent: the platform's serving create takes no shared-memory field (INSPIRE-API §4.8).
recipes-rank-shipped = the recipes shipped with inspire
recipes-rank-config = the config folder's recipes/
recipes-rank-project = ./recipes/
recipes-unknown-keys = { $count ->
        [one] unknown key { $keys }
       *[other] unknown keys { $keys }
    }
recipes-bad-yaml = { $file }:{ $line }: the recipe is not valid YAML: { $error }
recipes-bad-yaml-fix = Fix the YAML at that line; a recipe is a mapping of keys such as engine, image, model.
recipes-invalid = The recipe { $file } is not valid:
    { $issues }
recipes-invalid-fix = Fix the fields named; the shipped recipes (serve recipes lists them) show every key.
recipes-clash-later = Recipe { $recipe } is in { $first } and { $second }; { $second } wins ({ $winner } beat { $loser }).
recipes-clash-first = Recipe { $recipe } is in { $first } and { $second }; { $first } wins (first by file name); rename one.
recipes-schema-env-name = an environment variable name
recipes-schema-name = lower-case letters, digits, . _ - (≤ 64), starting with a letter or digit
recipes-schema-path = an absolute path inside the container
recipes-schema-model = give model.repository (a model of the platform's repository) or model.path (a path on shared storage)
