#!/usr/bin/env bash
# Shared by the install-*-deps.sh scripts: install the Debian packages given that are missing.
#   install_missing LABEL IF_NO_ROOT PACKAGE...
# Does nothing when all are installed. Uses sudo only when not run as root. Without apt-get, or
# without root or sudo, it names what to install and returns IF_NO_ROOT (0: go on, the tests
# that need them skip saying why; 1: stop).

install_missing() {
    local label=$1 if_no_root=$2
    shift 2
    local pkg status
    local -a missing=() sudo=()
    for pkg in "$@"; do
        status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
        [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
    done
    if [[ ${#missing[@]} -eq 0 ]]; then
        echo "$label: all $# packages already installed"
        return 0
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "$label: no apt-get; please install: ${missing[*]}" >&2
        return "$if_no_root"
    fi
    if [[ $(id -u) -ne 0 ]]; then
        if ! command -v sudo >/dev/null 2>&1; then
            echo "$label: not root and no sudo; please install: ${missing[*]}" >&2
            return "$if_no_root"
        fi
        sudo=(sudo)
    fi
    echo "$label: installing ${missing[*]}"
    "${sudo[@]}" apt-get update -q
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
    INSTALLED_SUDO=("${sudo[@]}")  # for a caller's follow-up (stopping a service the package started)
}
