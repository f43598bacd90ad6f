# Rules of the platform's objects (domain/): specs, shared memory, names, images, priorities, ids.

domain-purpose-train = training jobs
domain-purpose-dsw = notebooks
domain-purpose-hpc = HPC jobs
domain-purpose-serving = inference servings
domain-purpose-ray = Ray jobs
domain-spec-where = compute group { $group }
domain-spec-none = No specs for { $purpose } are available in { $where }.
domain-spec-none-hint = Pick another compute group: { $call } shows the specs of each group and schedule type.
domain-spec-missing = No spec was given for { $where }.
domain-spec-choose = { $count ->
        [one] Use the only spec for { $purpose }.
       *[other] Choose one of the { $count } specs for { $purpose }.
    }
domain-spec-ambiguous = "{ $wanted }" matches { $count ->
        [one] { $count } spec
       *[other] { $count } specs
    } of { $where }: did you mean { $names }?
domain-spec-ambiguous-hint = Pass more of the name, or the spec id.
domain-spec-other-type = it is a spec for { $other }, not { $purpose }
domain-spec-other-group = it does not belong to { $where }
domain-spec-unknown = it is not a spec of { $where }
domain-spec-unusable = Spec "{ $wanted }" cannot be used: { $why }.
domain-shm-invalid = "{ $text }" is not a shared-memory size.
domain-shm-invalid-hint = Write it as 64Gi (GiB) or 65536MB; 65536MB = 64 GiB.
domain-shm-not-positive = Shared memory must be positive, got "{ $text }".
domain-shm-not-positive-hint = Use e.g. 64Gi.
domain-shm-too-small = { $text } MB of shared memory is too small to be meant.
domain-shm-too-small-hint = If you meant { $value } GiB, write { $value }Gi (or { $mb } in MB).
domain-shm-too-large = { $size } is { $gi } GiB of shared memory, more than any node has.
domain-shm-too-large-hint = If you meant megabytes, write { $value }MB (= { $gi } GiB).
domain-shm-low-nodes = shm is { $gi } GiB for a job of { $nodes ->
        [one] { $nodes } node
       *[other] { $nodes } nodes
    }; distributed training often fails below { $min } GiB (65536 MB). Raise it to at least { $min }.
domain-shm-low-gpus = shm is { $gi } GiB for a job of { $gpus ->
        [one] { $gpus } GPU
       *[other] { $gpus } GPUs
    }; distributed training often fails below { $min } GiB (65536 MB). Raise it to at least { $min }.
domain-shm-above-memory = shm ({ $gi } GiB) is larger than the spec's memory ({ $memory } GiB); it cannot all be used.
domain-name-what = { $kind ->
        [none] name
       *[other] { $kind } name
    }
domain-name-empty = The { $what } is empty.
domain-name-give = Give a { $what } of 1–64 characters: letters, digits, CJK characters, '.', '_' and '-', starting with a letter, digit or CJK character.
domain-name-long = The { $what } "{ $name }" is { $length ->
        [one] { $length } character
       *[other] { $length } characters
    } long.
domain-name-shorten = Shorten it: 1–64 characters: letters, digits, CJK characters, '.', '_' and '-', starting with a letter, digit or CJK character.
domain-name-space = The { $what } "{ $name }" contains "a space".
domain-name-bad-char = The { $what } "{ $name }" contains "{ $bad }".
domain-name-bad-start = The { $what } "{ $name }" must start with a letter, digit or CJK character.
domain-name-use = Use 1–64 characters: letters, digits, CJK characters, '.', '_' and '-', starting with a letter, digit or CJK character, e.g. { $example }.

domain-image-bad-ref = "{ $raw }" is not a valid image reference: { $why }.
domain-image-bad-ref-hint = Write it as [host/]namespace/name:tag, e.g. docker.sii.shaipower.online/inspire-studio/my-image:v1.
domain-image-empty = it is empty
domain-image-spaces = it contains spaces
domain-image-two-at = it has more than one '@'
domain-image-digest = the digest is not sha256:<64 hex>
domain-image-host = "{ $host }" is not a valid registry host
domain-image-names = names may only use lower-case letters, digits and . _ -
domain-image-tag = the tag "{ $tag }" is not valid
domain-image-foreign = The image "{ $raw }" is on { $host }, which is not one of the platform's registries.
domain-image-foreign-hint = Push the image to Harbor with { $call }, register it under 镜像管理 → 新建镜像, then use the display address it returns.
domain-image-no-host = The image "{ $raw }" has no registry host; jobs need the full display address.
domain-image-no-host-fix = Use { $fix } (after registering it under 镜像管理).
domain-image-no-host-hint = Use the address { $call } shows.
domain-image-push-domain = "{ $raw }" uses the push domain { $host }; jobs must reference the display domain.
domain-image-use-instead = Use { $fix } instead.
domain-image-no-tag = The image "{ $raw }" has no tag; the platform needs host/namespace/name:tag.
domain-image-no-tag-hint = Add the registered version, e.g. :v1 ({ $call } lists the versions).
domain-image-registry-mismatch = The image is in the { $registry } registry but this workspace uses { $workspace }; the registries do not share images.
domain-priority-invalid = Priority { $priority } is not valid; the platform accepts whole numbers 1–10 (higher is more important).
domain-priority-invalid-hint = Use 4 or more for work that must not be pre-empted, 1–3 for pre-emptible work.
domain-priority-above-cap = Priority { $priority } is above this project's cap of { $cap }.
domain-priority-above-cap-hint = Use a priority of { $cap } or less.
domain-priority-level = Priority { $priority } ({ $level }) is not allowed for this spec, which accepts { $allowed }.
domain-priority-level-hint = Pick a priority of an allowed level, or a spec that allows this one ({ $call } lists specs).
domain-priority-preemptible = Priority { $priority } is pre-emptible: higher-priority work may kill the task. Checkpoint often, or use 4+.
domain-budget-exhausted = The project's remaining budget is { $remain ->
        [one] { $remain } point
       *[other] { $remain } points
    }; the platform may refuse the task. CPU tasks at priority 1–3 do not consume budget; otherwise wait for the budget refresh.
domain-did-you-mean = Did you mean { $names }?
domain-id-invalid = "{ $id }" is not a task id: { $why }.
domain-id-invalid-hint = Pass the id of a task as { $call } lists it: job-… (training), hpc-job-… (HPC), sv-… (serving), rj-… (Ray) or a bare UUID (notebook).
domain-id-empty = it is empty
domain-id-bad-body = the part after "{ $prefix }" is missing or has invalid characters
domain-id-other = it looks like the id of { $kind ->
        [workspace] a workspace
        [project] a project
        [logic-group] a logic compute group
        [group] a compute group
        [image] an image
        [user] a user
       *[spec] a spec
    }
domain-id-notebook = notebook ids are bare UUIDs with no prefix
domain-id-unknown-prefix = its prefix is not one the platform uses
domain-placeholder-unknown = The command uses {"{"}{ $key }{"}"} but no { $key ->
        [en_name] project en_name
       *[other] username
    } is known.
domain-placeholder-en-name-hint = Pass a project (or set defaultProject) so its en_name can be filled in; { $call } lists projects.
domain-placeholder-username-hint = Log in first ({ $call }) so the username is known.
domain-placeholder-unsafe = The { $key } "{ $value }" cannot be placed in a shell command safely.
domain-placeholder-unsafe-hint = Write the path out in full instead of using the placeholder.

domain-workspace-note-distributed = H100/H200, 8 GPUs per node
domain-workspace-note-whole-node = whole-node jobs
domain-workspace-note-hpc = CPU Slurm (HPC); images must contain Slurm
domain-workspace-note-online-gpu = RTX 4090 48 GB; whitelisted internet
domain-workspace-note-cpu = CPU; HPC-可上网区资源-2 accepts HPC
domain-workspace-note-ascend = Ascend 910B 64 GB
domain-workspace-note-ppu = PPU accelerators
domain-workspace-note-dedicated = RTX 4090; SSH (beta)
domain-workspace-note-sj = Ascend 910B in 松江; sj registry only
domain-workspace-note-public = lowest priority
domain-workspace-note-cpu-test = CPU
domain-workspace-note-project = project resources
domain-lookup-kind = { $kind ->
        [notebook] notebook
        [train] training job
        [hpc] HPC job
        [serving] serving
        [ray] Ray job
        [model] model
        [sweep] sweep
        [job] training or HPC job
       *[other] task
    }
domain-lookup-where = { $count ->
        [one] workspace { $names }
       *[other] workspaces { $names }
    }
domain-lookup-where-many = any of the { $count ->
        [one] { $count } workspace
       *[other] { $count } workspaces
    } you can see
domain-lookup-no-id = No { $what } { $wanted } in { $where }.
domain-lookup-no-name = No { $what } is named "{ $wanted }" or has an id starting with it in { $where }.{ $near }
domain-lookup-list-hint = { $call } lists them; pass { $field } when it is not in the default workspace.
domain-lookup-several = "{ $wanted }" matches more than one { $what } ({ $count }): { $names }.
domain-lookup-several-hint = Name one by its full name or id.
domain-lookup-where-visible = any workspace you can see
domain-lookup-where-sweeps = the sweeps run with this profile
