#!/usr/bin/env bash
# Install the Debian packages that docs/operating.md uses to host a public server, for its
# tests: nginx (the reverse proxy in front of the game server) and openssl (to make a
# certificate). Idempotent: does nothing when both are present. Uses sudo only when not run as
# root; without root or sudo it says what to install and goes on (those tests then skip,
# saying why).
set -euo pipefail

PACKAGES=(nginx openssl)

source "$(dirname "$0")/apt-packages.sh"
install_missing install-hosting-deps 0 "${PACKAGES[@]}"
# The package starts a system-wide nginx on port 80 where it can; the tests start their own.
if [[ -n "${INSTALLED_SUDO+set}" ]] && command -v service >/dev/null 2>&1; then
    "${INSTALLED_SUDO[@]}" service nginx stop >/dev/null 2>&1 || true
fi
