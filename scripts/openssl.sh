#!/usr/bin/env bash
# The openssl program the emulator's --tls makes its certificate with (packages/emulator/test/tls.test.ts).
# Debian's package is installed when it is missing and this runs as root; otherwise the test says why.
#
#   scripts/openssl.sh   prints openssl's path (exit 0), or says why there is none (exit 1)
set -euo pipefail

log() { printf '[openssl] %s\n' "$*" >&2; }

find_openssl() { command -v openssl; }

# shellcheck source=lib/debian-package.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/debian-package.sh"
provide openssl find_openssl PATH
