#!/usr/bin/env bash
# Install the Debian packages that the web client (web/, docs/web.md) needs to be built and
# tested: Node.js with npm (Vite, TypeScript, Vitest, the Playwright test runner) and Chromium
# (the real browser the Playwright tests drive; Playwright's own browser downloads are never
# used). Idempotent: does nothing when they are present. A Node.js that already brings its own
# npm (as NodeSource's package does) is kept as it is. Without root or sudo it says what to
# install and goes on (the web tests then skip, saying why).
set -euo pipefail

PACKAGES=(chromium)
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    PACKAGES+=(nodejs npm)
fi

source "$(dirname "$0")/apt-packages.sh"
install_missing install-web-deps 0 "${PACKAGES[@]}"
