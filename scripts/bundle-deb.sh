#!/usr/bin/env bash
# Builds the installable .deb with the Tauri bundler: the app, its sidecars (proseva-llm, the local
# language model, included) and proseva-mcp (the
# law graph for other assistants) beside it (externalBin), the desktop entry and the icons. Binaries are stripped (release builds keep
# line tables for backtraces; the package does not need them).
#
# The binaries come from the Makefile's one build (`cargo build --release --workspace
# --all-targets`, a no-op when `make test` just ran it), not from `tauri build`: that would build
# the app alone, with another set of features, and compile most dependencies a second time.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/proseva-target}"
cli="${TAURI_CLI:-$HOME/.cache/proseva/tauri-cli/node_modules/.bin/tauri}"
triple="$(rustc -vV | sed -n 's/^host: //p')"

cargo build --release --workspace --all-targets
mkdir -p src-tauri/binaries
for bin in proseva-server proseva-explorer proseva-mcp proseva-llm; do
  install -m 0755 "$CARGO_TARGET_DIR/release/$bin" "src-tauri/binaries/$bin-$triple"
  strip "src-tauri/binaries/$bin-$triple"
done
# The bundler packages target/release/proseva as it is (stripping it does not make cargo rebuild it).
strip "$CARGO_TARGET_DIR/release/proseva"

cd src-tauri
"$cli" bundle --bundles deb --config tauri.bundle.json
ls -l "$CARGO_TARGET_DIR"/release/bundle/deb/*.deb
