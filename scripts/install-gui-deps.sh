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

source "$(dirname "$0")/apt-packages.sh"
install_missing install-gui-deps 1 "${PACKAGES[@]}"
