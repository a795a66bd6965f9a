#!/usr/bin/env bash
# Install the Debian packages of the cluster mode and its tests (docs/cluster.md): PostgreSQL
# and the NATS server. Idempotent: does nothing when both are present. Uses sudo only when not
# run as root; without root or sudo it says what to install and goes on (the cluster tests then
# skip, saying why).
set -euo pipefail

PACKAGES=(postgresql nats-server)

missing=()
for pkg in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    if [[ "$status" != "install ok installed" ]]; then
        missing+=("$pkg")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install-cluster-deps: all ${#PACKAGES[@]} packages already installed"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-cluster-deps: no apt-get; please install: ${missing[*]}" >&2
    exit 0
fi
if [[ $(id -u) -eq 0 ]]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    echo "install-cluster-deps: not root and no sudo; please install: ${missing[*]}" >&2
    exit 0
fi

echo "install-cluster-deps: installing ${missing[*]}"
"${SUDO[@]}" apt-get update -q
# The postgresql package starts a system-wide server; the project starts its own (tests, `scryptic cluster up`).
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
