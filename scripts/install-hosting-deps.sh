#!/usr/bin/env bash
# Install the Debian packages that docs/operating.md uses to host a public server, for its
# tests: nginx (the reverse proxy in front of the game server) and openssl (to make a
# certificate). Idempotent: does nothing when both are present. Uses sudo only when not run as
# root; without root or sudo it says what to install and goes on (those tests then skip,
# saying why).
set -euo pipefail

PACKAGES=(nginx openssl)

missing=()
for pkg in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    if [[ "$status" != "install ok installed" ]]; then
        missing+=("$pkg")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install-hosting-deps: all ${#PACKAGES[@]} packages already installed"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-hosting-deps: no apt-get; please install: ${missing[*]}" >&2
    exit 0
fi
if [[ $(id -u) -eq 0 ]]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    echo "install-hosting-deps: not root and no sudo; please install: ${missing[*]}" >&2
    exit 0
fi

echo "install-hosting-deps: installing ${missing[*]}"
"${SUDO[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
# The package starts a system-wide nginx on port 80 where it can; the tests start their own.
if command -v service >/dev/null 2>&1; then
    "${SUDO[@]}" service nginx stop >/dev/null 2>&1 || true
fi
