#!/usr/bin/env bash
# Install the Debian packages the Arcade client and its GUI tests need under Xvfb
# (see ../shared/design/NOTES-arcade.md). Idempotent: does nothing when all are present.
# Uses sudo only when not run as root.
set -euo pipefail

PACKAGES=(
    libgl1            # without it `import arcade` fails: "Library GL not found"
    libgl1-mesa-dri   # Mesa's llvmpipe software OpenGL (4.5 core; Arcade needs 3.3)
    libegl1           # headless (EGL pbuffer) mode
    libegl-mesa0
    libxrender1       # needed at `import arcade`
    libfreetype6      # needed at `import arcade`
    libfontconfig1    # needed by the first Text drawn
    fonts-dejavu-core
    xvfb              # the virtual X screen the GUI tests run on
    xauth             # needed by xvfb-run
)

missing=()
for pkg in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    if [[ "$status" != "install ok installed" ]]; then
        missing+=("$pkg")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install-gui-deps: all ${#PACKAGES[@]} packages already installed"
    exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    echo "install-gui-deps: not root and no sudo; please install: ${missing[*]}" >&2
    exit 1
fi

echo "install-gui-deps: installing ${missing[*]}"
"${SUDO[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
