# Pushing images through the Docker engine (docker/). The engine's and the registry's own words ($text,
# $detail) pass through as they said them.

docker-tls-files = DOCKER_TLS_VERIFY is set for DOCKER_HOST={ $host }, but ca.pem, cert.pem and key.pem could not be read from { $dir }.
docker-tls-files-hint = Set DOCKER_CERT_PATH to the directory holding the engine's client certificates, or unset DOCKER_TLS_VERIFY for a plain TCP engine.
docker-bad-host = DOCKER_HOST={ $host } cannot be used: { $why }.
docker-bad-host-hint = Set DOCKER_HOST to unix:///path/to/docker.sock or tcp://host:2375 (or unset it to use the default socket).
docker-bad-scheme = the scheme "{ $scheme }" is not supported here
docker-no-socket-path = it names no socket path
docker-invalid-address = it is not a valid address
docker-default-socket = the default socket { $path }
docker-fix-host = or fix DOCKER_HOST (unset it to use the default socket)
docker-set-host = or set DOCKER_HOST to where your engine listens (unix:///path/docker.sock or tcp://host:2375)
docker-start-hint = Start Docker (Docker Desktop, or `sudo systemctl start docker`) { $elsewhere }, then run the push again.
docker-no-socket = Docker is not running: there is no engine socket at { $where }.
docker-no-answer = Docker is not running: nothing answers at { $where } ({ $code }).
docker-permission = Permission denied on the Docker engine at { $where }.
docker-permission-hint = Add your user to the docker group (`sudo usermod -aG docker $USER`, then log in again), or point DOCKER_HOST at a socket you may use (e.g. rootless Docker's).
docker-timeout = The Docker engine at { $where } did not answer within { $seconds } s.
docker-timeout-hint = The engine may be starting or hung: check `docker info`, { $elsewhere }.
docker-unreachable = The Docker engine at { $where } could not be reached: { $detail }.
docker-no-library = Pushing an image needs the Docker client library dockerode, which is not installed.
docker-no-library-hint = Install it with `{ $command }` in the project that uses @holos-inspire/core, then run the push again; no other operation needs it.
docker-broken-library = The Docker client library dockerode could not be loaded: { $detail }.
docker-broken-library-hint = Reinstall it with `{ $command }` (or reinstall the program that brought it), then run the push again.

docker-engine-failed = The Docker engine failed while { $doing } (HTTP { $status }): { $detail }.
docker-no-detail = no detail
docker-engine-failed-hint = Check the engine with `docker info`; run the push again once it is healthy.
docker-no-image = There is no local Docker image "{ $image }" in the engine at { $where }.
docker-no-image-pick-hint = Pass one of the local images (`docker images` lists them all), or build it first with `docker build -t { $image } .`.
docker-no-image-build-hint = Build or pull it first (`docker build -t { $image } .`); `docker images` lists what the engine has.
docker-doing-lookup = looking up { $image }
docker-doing-tag = tagging { $image } as { $target }
docker-doing-push = starting the push of { $target }

docker-login-hint = Copy the { $registry } robot account from 启智平台 → 镜像管理 → 本地推送 (not the platform password), then save it with { $call }.
docker-no-credentials = No Harbor credentials are saved for the { $registry } registry, so the push cannot log in.
docker-tag-gone = The engine no longer has { $target } to push: { $text }.
docker-tag-gone-hint = The tag was removed while pushing; run the push again.
docker-auth = The { $registry } registry ({ $host }) rejected the saved robot account: { $text }.
docker-quota = The { $registry } registry refused the image for its size or the project's storage quota: { $text }.
docker-quota-hint = Make the image smaller (fewer or slimmer layers), or delete unused tags under 镜像管理; ask the platform admins if the quota must grow.
docker-denied = The { $registry } registry denied the push to { $target }: { $text }.
docker-denied-hint = The robot account may lack push permission for inspire-studio; copy a fresh one from 镜像管理 → 本地推送, or ask the platform admins.
docker-tls = The engine could not talk securely to the { $registry } registry ({ $host }): { $text }.
docker-tls-hint = Check the registry host in the profile (endpoints.registries) and the engine's certificates or insecure-registries setting.
docker-network = The Docker engine could not reach the { $registry } registry at { $host }: { $text }.
docker-network-hint = Harbor is reachable only from the campus network or the VPN: connect, check that the engine can resolve the host, then push again.
docker-server = The { $registry } registry failed while receiving the image: { $text }.
docker-server-hint = Harbor may be down (5xx usually clears within about 15 minutes); push again later, finished layers are skipped.
docker-push-failed = Pushing { $target } to the { $registry } registry failed: { $text }.
docker-push-failed-hint = Run the push again; if it fails the same way, try `docker push` to see the engine's own output.
docker-interrupted = The push of { $target } was interrupted before the registry confirmed it.
docker-interrupted-said = The push of { $target } was interrupted before the registry confirmed it: { $detail }.
docker-interrupted-hint = Run the same push again: layers that already arrived are skipped. Stay on the campus network or VPN while it runs.

docker-name-hint = Pass { $name } (lower-case letters, digits and . _ -, e.g. my-train) and { $tag } (e.g. v1); they become 镜像名称 and 版本号.
docker-no-name = No repository name can be taken from "{ $image }".
docker-bad-name = "{ $name }:{ $tag }" is not a valid repository name and tag.
docker-dry-run = Dry run: would tag { $image } as { $target } and push it to the { $registry } registry.
docker-real-push-needs = { $message } A real push needs it: { $hint }
docker-connecting = connecting to the Docker engine
docker-pushing = pushing { $target }
docker-confirming = confirming { $name }:{ $tag } through Harbor's API
docker-unconfirmed = The push finished, but Harbor's API could not confirm it: { $reason }
docker-listed-elsewhere = The push finished, but Harbor's API lists { $name }:{ $tag } with digest { $listed } instead of { $digest }; check { $call }.
docker-listed-nowhere = The push finished, but Harbor's API lists { $name }:{ $tag } nowhere instead of { $digest }; check { $call }.
docker-tag-replaced = The tag { $tag } pointed to { $digest } before; it now points to the image just pushed.
docker-description-unsaved = The repository description was not saved: { $reason }
docker-registration-unchecked = Whether the platform already has it registered could not be checked: { $reason }
docker-registration-no-workspace = Whether the platform already has it registered could not be checked: no enabled workspace uses the { $registry } registry.

docker-layer = layer { $id }: { $what }
docker-layer-pushing = pushing { $current }
docker-layer-pushing-of = pushing { $current } / { $total }
docker-layer-pushed = pushed { $current }
docker-layer-existing = already in the registry
docker-layer-waiting = waiting
