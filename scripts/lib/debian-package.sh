# Sourced by the scripts that provide a program the tests need (scripts/chromium.sh, scripts/shells.sh,
# scripts/openssl.sh).
#
#   provide PACKAGE FINDER VARIABLE
#
# Prints the program's path and exits 0 when FINDER (a shell function printing the path) finds it.
# Otherwise, when root with apt-get, installs Debian's PACKAGE (one installer at a time on this machine,
# so two test runs never race on dpkg's lock; the package lists are refreshed only when the first try
# fails) and looks again; else exits 1 saying why and that VARIABLE may name a binary instead.
# Expects a `log` function that writes to stderr.
provide() {
  local package="$1" finder="$2" variable="$3" found
  if found="$("$finder")"; then
    echo "$found"
    exit 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    log "no $package found and not root: install Debian's $package package once (apt-get install $package), or set $variable"
    exit 1
  fi
  command -v apt-get >/dev/null 2>&1 || {
    log "no $package found and no apt-get to install it with; set $variable to a binary"
    exit 1
  }
  exec 9>/tmp/holos-inspire-apt.lock
  flock 9
  if found="$("$finder")"; then
    echo "$found"
    exit 0
  fi
  log "installing Debian's $package package (not found on this machine)"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -qq --no-install-recommends "$package" >&2; then
    log "apt-get install $package failed; updating the package lists and trying again"
    apt-get update -qq >&2 || log "apt-get update failed; trying the install with the lists already here"
    if ! apt-get install -y -qq --no-install-recommends "$package" >&2; then
      log "apt-get install $package failed"
      exit 1
    fi
  fi
  if found="$("$finder")"; then
    echo "$found"
    exit 0
  fi
  log "the $package package installed but no binary of it is on PATH"
  exit 1
}
