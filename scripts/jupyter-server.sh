#!/usr/bin/env bash
# The real Jupyter Server the emulator's Jupyter subset is compared with (packages/emulator/test/jupyter-real.test.ts).
# Debian's package is installed when it is missing and this runs as root; otherwise the test says why.
#
#   scripts/jupyter-server.sh   prints the jupyter-server program's path (exit 0), or says why there is none (exit 1)
#                               INSPIRE_JUPYTER_SERVER names a binary to use instead
set -euo pipefail

log() { printf '[jupyter-server] %s\n' "$*" >&2; }

find_jupyter_server() {
  local candidate
  for candidate in "${INSPIRE_JUPYTER_SERVER:-}" jupyter-server; do
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
provide jupyter-server find_jupyter_server INSPIRE_JUPYTER_SERVER
