# Images: registered images, Harbor repositories and pushes (operations/images).

images-platform-heading = Registered images for { $workspace } ({ $registry } registry{ $visibility }{ $search }): { $count }
images-matching = , matching "{ $search }"
images-matching-plain = {" "}matching "{ $search }"
images-col-address = ADDRESS (use in jobs)
images-col-address-tag = ADDRESS (add :tag)
images-col-name = NAME
images-col-version = VERSION
images-col-status = STATUS
images-col-source = SOURCE
images-col-size = SIZE
images-col-tag = TAG
images-col-registered = REGISTERED
images-col-pushed = PUSHED
images-col-repository = REPOSITORY
images-col-tags = TAGS
images-col-updated = UPDATED
images-none = (no images)
images-no-tags = (no tags)
images-no-repositories = (no repositories)
images-untagged = (untagged)
images-registered-none = none
images-yes = yes
images-no = NO
images-where = { $registry } Harbor
images-where-workspace = { $registry } Harbor (the workspace's registry)
images-tags-heading = Tags of { $repo } on { $where }: { $count }
images-repos-heading = Repositories on { $where }{ $search }: { $count }
images-harbor-login = Save the { $registry } robot account (启智平台 → 镜像管理 → 本地推送; not the platform password) with { $call }.
images-harbor-lists = { $call } lists the repositories.
images-uncheckable = Platform registration could not be checked: no usable workspace on the { $registry } registry answered.
images-unregistered = Not registered on the platform: { $tags }. Jobs and notebooks cannot use { $count ->
        [one] it
       *[other] them
    } until registered under 启智平台 → 镜像管理 → 新建镜像 with 镜像名称 { $repo } and 版本号 { $versions }.
images-showing = Showing { $shown } of { $total ->
        [one] { $total } repository
       *[other] { $total } repositories
    }; narrow them with { $field }.
images-tags-hint = { $call } lists a repository's tags and which are registered.
images-push-wrong-registry = Workspace { $workspace } uses the { $own } registry, but { $asked } was asked for; the registries do not share images.
images-push-wrong-registry-fix = Drop registry (or pass { $field }) to push where { $workspace } can use the image.
images-push-default-unresolved = defaultWorkspace { $workspace } could not be resolved ({ $error }), so the qb registry was used; pass { $field } for SJ spaces.
images-push-registered = The platform already lists { $address }: jobs can use it now.
images-push-register = Registration is mandatory: under { $page } enter 镜像名称 { $name } and 版本号 { $tag }; until then jobs and notebooks cannot use { $address }.
images-push-plan = Push { $image } to { $address }
images-push-change = tag and push as { $target }
images-pushed = Pushed { $image } to the { $registry } registry as { $target }.
images-pushed-confirmed = Pushed { $image } to the { $registry } registry as { $target } (confirmed by Harbor).
images-push-layers = { $pushed } pushed ({ $bytes }), { $existing } already there
images-push-unknown = unknown
images-push-register-now = NO — register it now
images-push-label-use = Use in jobs
images-push-label-pushed-as = Pushed as
images-push-label-digest = Digest
images-push-label-layers = Layers
images-push-label-registered = Registered
images-push-register-under = Register under { $page }:

# The platform's image API and Harbor (api/images).
images-api-harbor-none = The { $registry } registry has no { $what }.
images-api-harbor-none-fix = List what exists with { $call }.
images-api-harbor-http = The { $registry } Harbor registry answered HTTP { $status } for { $what }.
images-api-harbor-http-fix = Harbor may be down (5xx usually clears within about 15 minutes); try again later.
images-api-harbor-not-json = The { $registry } Harbor registry answered { $what } with something other than JSON.
images-api-harbor-not-json-fix = Check the registry's API address in the profile (endpoints.registries).
images-api-what-list = repository list
images-api-what-repo = repository { $repo }
images-api-no-workspace = No workspace was given.
images-api-no-workspace-fix = Pass a workspace id ({ $call } lists them).
images-api-list-down = The image list is unavailable; see 镜像管理 in the console.
images-api-check-console = Check the image under 镜像管理 in the console.
images-api-register-console = Register the image under 镜像管理 → 新建镜像 in the console.
images-api-failed = Image { $image } ended as { $status }; it will not become usable.
images-api-failed-fix = Check the push ({ $call }), then register the image again.
images-api-not-ready = Image { $image } is still { $status } after { $seconds } s.
images-api-state-not-ready = not ready
images-api-not-ready-fix = An add_method 0 slot becomes READY only after the push; push it, then wait again.
images-api-what-image = the image
