#!/usr/bin/env bash
# A headless Chromium for the browser-login test of the emulator (packages/emulator/test/browser-login.test.ts).
# Debian's chromium package is installed only when no Chromium is on the machine; the browser builds
# that Playwright or Puppeteer download cannot be fetched here, so they are never used.
#
#   scripts/chromium.sh   prints the browser's path (exit 0), or says why there is none (exit 1)
set -euo pipefail

log() { printf '[chromium] %s\n' "$*" >&2; }

find_browser() {
  local candidate
  for candidate in "${INSPIRE_CHROMIUM:-}" chromium chromium-browser google-chrome-stable google-chrome; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}

if found="$(find_browser)"; then
  echo "$found"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  log "no Chromium found and not root: install Debian's chromium package once (apt-get install chromium), or set INSPIRE_CHROMIUM"
  exit 1
fi
command -v apt-get >/dev/null 2>&1 || {
  log "no Chromium found and no apt-get to install it with; set INSPIRE_CHROMIUM to a Chromium binary"
  exit 1
}

# One installer at a time: two test runs that both miss the browser must not race on dpkg's lock.
exec 9>/tmp/holos-inspire-chromium.lock
flock 9
if found="$(find_browser)"; then
  echo "$found"
  exit 0
fi
log "installing Debian's chromium package (not found on this machine)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 || log "apt-get update failed; trying the install with the lists already here"
if ! apt-get install -y -qq --no-install-recommends chromium >&2; then
  log "apt-get install chromium failed"
  exit 1
fi
if found="$(find_browser)"; then
  echo "$found"
  exit 0
fi
log "the chromium package installed but no chromium binary is on PATH"
exit 1
