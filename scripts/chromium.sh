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

# shellcheck source=lib/debian-package.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/debian-package.sh"
provide chromium find_browser INSPIRE_CHROMIUM
