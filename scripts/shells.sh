#!/usr/bin/env bash
# The shells the completion tests type into (apps/cli/test/completion-shells.test.ts): bash, zsh and
# fish. Debian's package of a missing shell is installed when running as root; otherwise the test
# that needs it says why it cannot run.
#
#   scripts/shells.sh SHELL   prints the shell's path (exit 0), or says why there is none (exit 1)
#                             INSPIRE_BASH, INSPIRE_ZSH or INSPIRE_FISH name a binary to use instead
set -euo pipefail

log() { printf '[shells] %s\n' "$*" >&2; }

shell="${1:-}"
case "$shell" in
  bash) override="${INSPIRE_BASH:-}" ;;
  zsh) override="${INSPIRE_ZSH:-}" ;;
  fish) override="${INSPIRE_FISH:-}" ;;
  *)
    log "usage: scripts/shells.sh bash|zsh|fish"
    exit 2
    ;;
esac

find_shell() {
  local candidate
  for candidate in "$override" "$shell"; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}

upper="$(printf '%s' "$shell" | tr '[:lower:]' '[:upper:]')"
# shellcheck source=lib/debian-package.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/debian-package.sh"
provide "$shell" find_shell "INSPIRE_$upper"
