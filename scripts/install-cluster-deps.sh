#!/usr/bin/env bash
# Install the Debian packages of the cluster mode and its tests (docs/cluster.md): PostgreSQL
# and the NATS server. Idempotent: does nothing when both are present. Uses sudo only when not
# run as root; without root or sudo it says what to install and goes on (the cluster tests then
# skip, saying why).
set -euo pipefail

PACKAGES=(postgresql nats-server)

source "$(dirname "$0")/apt-packages.sh"
install_missing install-cluster-deps 0 "${PACKAGES[@]}"
