#!/usr/bin/env bash
# Installs what the window's end-to-end test and the .deb build need beyond Debian packages:
# tauri-driver (crates.io, pinned), the Tauri CLI (npm's @tauri-apps/cli ships a prebuilt
# binary; pinned) and acorn (npm, pinned), the JavaScript parser the lint reads ui/ with. Each is
# installed only when missing or at another version.
#
#   scripts/install-test-tools.sh driver   # tauri-driver into ~/.cargo/bin
#   scripts/install-test-tools.sh cli      # the Tauri CLI into ~/.cache/proseva/tauri-cli
#   scripts/install-test-tools.sh acorn    # acorn into ~/.cache/proseva/acorn
set -euo pipefail

TAURI_DRIVER_VERSION=2.1.0
TAURI_CLI_VERSION=2.12.5
ACORN_VERSION=8.19.0
ACORN_DIR="${PROSEVA_ACORN_DIR:-$HOME/.cache/proseva/acorn}"
CLI_DIR="${PROSEVA_TAURI_CLI_DIR:-$HOME/.cache/proseva/tauri-cli}"

case "${1:-driver}" in
  driver)
    if command -v tauri-driver >/dev/null 2>&1 || [ -x "$HOME/.cargo/bin/tauri-driver" ]; then
      exit 0
    fi
    echo "install-test-tools: installing tauri-driver $TAURI_DRIVER_VERSION"
    # Its own target dir: a fresh one each time would rebuild it, the shared one would fight our build lock.
    # From $HOME, so that this project's .cargo/config.toml (clippy's driver, -D warnings) is not
    # applied to another project's crate.
    (cd "$HOME" && CARGO_TARGET_DIR="$HOME/.cache/proseva/tauri-driver-target" \
      cargo install --locked --quiet tauri-driver --version "$TAURI_DRIVER_VERSION")
    ;;
  cli)
    if [ -x "$CLI_DIR/node_modules/.bin/tauri" ] &&
      [ "$("$CLI_DIR/node_modules/.bin/tauri" --version 2>/dev/null)" = "tauri-cli $TAURI_CLI_VERSION" ]; then
      exit 0
    fi
    command -v npm >/dev/null 2>&1 || { echo "install-test-tools: npm is needed for the Tauri CLI (apt-get install npm)" >&2; exit 1; }
    echo "install-test-tools: installing @tauri-apps/cli $TAURI_CLI_VERSION"
    mkdir -p "$CLI_DIR"
    npm install --prefix "$CLI_DIR" --no-audit --no-fund --silent "@tauri-apps/cli@$TAURI_CLI_VERSION"
    ;;
  acorn)
    if [ -x "$ACORN_DIR/node_modules/.bin/acorn" ] &&
      grep -q "\"version\": \"$ACORN_VERSION\"" "$ACORN_DIR/node_modules/acorn/package.json" 2>/dev/null; then
      exit 0
    fi
    command -v npm >/dev/null 2>&1 || { echo "install-test-tools: npm is needed for acorn (apt-get install npm)" >&2; exit 1; }
    echo "install-test-tools: installing acorn $ACORN_VERSION"
    mkdir -p "$ACORN_DIR"
    npm install --prefix "$ACORN_DIR" --no-audit --no-fund --silent "acorn@$ACORN_VERSION"
    ;;
  *)
    echo "usage: $0 driver|cli|acorn" >&2
    exit 2
    ;;
esac
