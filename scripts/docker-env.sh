#!/usr/bin/env bash
# A throwaway Docker engine and two authenticated registries on loopback, for the image-push tests
# and the benchmark (../shared/TOOLCHAIN.md §5). Everything lives under one base directory.
#
#   scripts/docker-env.sh up [--holder ID]   start (idempotent); prints the env file's path
#   scripts/docker-env.sh release --holder ID drop a holder; stops the env when nobody holds it
#   scripts/docker-env.sh down               stop everything and wait for it to exit
#   scripts/docker-env.sh status             exit 0 when everything answers, 3 otherwise
#
# `up` without --holder pins the env (only `down` stops it); with --holder ID ("<pid>-<anything>")
# it is held while that process lives, so test files that start it themselves share one env.
# The env file (JSON) holds the socket, the registry addresses and their throwaway test accounts.
set -euo pipefail

BASE="${INSPIRE_DOCKER_BASE:-/tmp/holos-inspire-docker}"
QB_PORT="${INSPIRE_DOCKER_QB_PORT:-5055}"
SJ_PORT="${INSPIRE_DOCKER_SJ_PORT:-5056}"
IMAGE="inspire-test/busybox:1"
SOCK="$BASE/docker.sock"
ENV_FILE="$BASE/env.json"

log() { printf '[docker-env] %s\n' "$*" >&2; }
die() {
  log "$*"
  exit 1
}

alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
pid_of() { cat "$BASE/$1.pid" 2>/dev/null || true; }

ensure_packages() {
  local missing=()
  for bin in dockerd docker-registry htpasswd; do command -v "$bin" >/dev/null || missing+=("$bin"); done
  dpkg-query -W -f='${Status}' busybox-static 2>/dev/null | grep -q "install ok installed" || missing+=(busybox-static)
  [ "${#missing[@]}" -eq 0 ] && return 0
  [ "$(id -u)" -eq 0 ] || die "missing ${missing[*]}; run this script as root once so it can apt-get install them"
  log "installing docker.io docker-registry apache2-utils busybox-static (missing: ${missing[*]})"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends docker.io docker-registry apache2-utils busybox-static >&2
}

docker_ready() { curl -sf --max-time 2 --unix-socket "$SOCK" http://docker/_ping >/dev/null 2>&1; }
registry_ready() {
  [ "$(curl -s --max-time 2 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/v2/" 2>/dev/null)" = 401 ]
}
running() {
  alive "$(pid_of dockerd)" && alive "$(pid_of registry-qb)" && alive "$(pid_of registry-sj)" &&
    docker_ready && registry_ready "$QB_PORT" && registry_ready "$SJ_PORT"
}

# A random throwaway password, kept for the life of the base dir so the env file stays stable.
secret() {
  local file="$BASE/secrets/$1"
  if [ ! -s "$file" ]; then
    mkdir -p "$BASE/secrets" && chmod 700 "$BASE/secrets"
    (umask 077 && head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 20 >"$file")
  fi
  cat "$file"
}

start_registry() {
  local id="$1" port="$2" user="$3" dir="$BASE/registry-$1"
  mkdir -p "$dir/data"
  # -i reads the password from stdin, so it never appears on a command line.
  secret "$id" | htpasswd -iBn "$user" >"$dir/htpasswd" 2>/dev/null
  cat >"$dir/config.yml" <<YML
version: 0.1
log: { level: warn }
storage: { filesystem: { rootdirectory: $dir/data }, delete: { enabled: true } }
http: { addr: 127.0.0.1:$port, secret: inspire-test-only }
auth: { htpasswd: { realm: basic-realm, path: $dir/htpasswd } }
YML
  setsid docker-registry serve "$dir/config.yml" </dev/null >"$dir/registry.log" 2>&1 9>&- &
  echo $! >"$BASE/registry-$id.pid"
}

build_image() {
  DOCKER_HOST="unix://$SOCK" docker image inspect "$IMAGE" >/dev/null 2>&1 && return 0
  local ctx="$BASE/image"
  rm -rf "$ctx" && mkdir -p "$ctx"
  cp /bin/busybox "$ctx/busybox"
  printf 'FROM scratch\nCOPY busybox /bin/busybox\nCMD ["/bin/busybox", "true"]\n' >"$ctx/Dockerfile"
  # The classic builder: FROM scratch needs no pull, and no BuildKit is installed.
  DOCKER_HOST="unix://$SOCK" DOCKER_BUILDKIT=0 docker build -q -t "$IMAGE" "$ctx" >/dev/null 2>"$BASE/build.log" ||
    die "could not build $IMAGE (see $BASE/build.log)"
}

write_env() {
  local qb sj
  qb="$(secret qb)"
  sj="$(secret sj)"
  (
    umask 077
    cat >"$ENV_FILE.tmp" <<JSON
{
  "base": "$BASE",
  "dockerHost": "unix://$SOCK",
  "socket": "$SOCK",
  "image": "$IMAGE",
  "registries": {
    "qb": { "address": "127.0.0.1:$QB_PORT", "url": "http://127.0.0.1:$QB_PORT", "username": "qb-robot", "password": "$qb" },
    "sj": { "address": "127.0.0.1:$SJ_PORT", "url": "http://127.0.0.1:$SJ_PORT", "username": "sj-robot", "password": "$sj" }
  },
  "harborBackends": {
    "qb": { "url": "http://127.0.0.1:$QB_PORT", "username": "qb-robot", "password": "$qb" },
    "sj": { "url": "http://127.0.0.1:$SJ_PORT", "username": "sj-robot", "password": "$sj" }
  }
}
JSON
    mv "$ENV_FILE.tmp" "$ENV_FILE"
  )
}

stop_pid() {
  local name="$1" pid
  pid="$(pid_of "$name")"
  if alive "$pid"; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 300); do alive "$pid" || break; sleep 0.1; done
    if alive "$pid"; then
      log "$name (pid $pid) did not stop within 30 s; killing it"
      kill -9 "$pid" 2>/dev/null || true
      sleep 0.2
    fi
  fi
  rm -f "$BASE/$name.pid"
}

do_down() {
  stop_pid registry-qb
  stop_pid registry-sj
  stop_pid dockerd
  # dockerd stops its own containerd; anything it left mounted under the base dir is undone here.
  local mounts
  mounts="$(grep -o " $BASE/[^ ]*" /proc/mounts 2>/dev/null | sort -r || true)"
  for m in $mounts; do umount "$m" 2>/dev/null || true; done
  rm -rf "$BASE/docker-root" "$BASE/docker-exec" "$BASE"/registry-* "$BASE/image" "$BASE/holders" "$BASE/pinned" "$BASE/secrets"
  rm -f "$ENV_FILE" "$SOCK" "$BASE"/*.log
}

do_up() {
  ensure_packages
  if ! running; then
    do_down
    mkdir -p "$BASE/docker-root" "$BASE/docker-exec"
    setsid dockerd --data-root "$BASE/docker-root" --exec-root "$BASE/docker-exec" --pidfile "$BASE/docker-exec/dockerd.pid" \
      -H "unix://$SOCK" --bridge=none --iptables=false --ip6tables=false --ip-masq=false --userland-proxy=false \
      </dev/null >"$BASE/dockerd.log" 2>&1 9>&- &
    echo $! >"$BASE/dockerd.pid"
    start_registry qb "$QB_PORT" qb-robot
    start_registry sj "$SJ_PORT" sj-robot
    for _ in $(seq 300); do running && break; sleep 0.1; done
    running || die "the engine or a registry did not come up within 30 s; see $BASE/*.log and $BASE/registry-*/registry.log"
  fi
  build_image
  write_env
}

holders_left() {
  [ -e "$BASE/pinned" ] && return 0
  local f
  for f in "$BASE"/holders/*; do
    [ -e "$f" ] || continue
    if alive "$(basename "$f" | cut -d- -f1)"; then return 0; fi
    rm -f "$f"
  done
  return 1
}

cmd="${1:-}"
shift || true
holder=""
while [ $# -gt 0 ]; do
  case "$1" in
  --holder) holder="${2:-}" && shift 2 ;;
  *) die "unknown argument $1 (usage: docker-env.sh up|down|status|release [--holder ID])" ;;
  esac
done
[ -z "$holder" ] || [[ "$holder" =~ ^[0-9]+-[A-Za-z0-9]+$ ]] || die "--holder takes <pid>-<tag>, got \"$holder\""

mkdir -p "$BASE"
exec 9>"$BASE/.lock"
flock 9

case "$cmd" in
up)
  do_up
  if [ -n "$holder" ]; then mkdir -p "$BASE/holders" && touch "$BASE/holders/$holder"; else touch "$BASE/pinned"; fi
  echo "$ENV_FILE"
  ;;
release)
  [ -n "$holder" ] || die "release needs --holder ID"
  rm -f "$BASE/holders/$holder"
  holders_left || do_down
  ;;
down) do_down ;;
status)
  if running; then
    echo "up: engine $SOCK, registries 127.0.0.1:$QB_PORT (qb) and 127.0.0.1:$SJ_PORT (sj), env file $ENV_FILE"
  else
    echo "down"
    exit 3
  fi
  ;;
*) die "usage: docker-env.sh up|down|status|release [--holder ID]" ;;
esac
