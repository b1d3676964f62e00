#!/usr/bin/env bash
# Parses every script of the window's page (ui/*.js; not the vendored libraries) as the webview
# will: the modules as ES modules, the diagram frame's script as a classic script. A syntax error
# (a name declared twice, say) would otherwise show only as a page that never starts. Then checks
# the message files of the window's languages (scripts/check-l10n.mjs, ui/locales/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-test-tools.sh acorn >&2
ACORN="${PROSEVA_ACORN_DIR:-$HOME/.cache/proseva/acorn}/node_modules/.bin/acorn"
status=0
for file in ui/*.js; do
  case "$file" in
    ui/diagram-frame.js) kind=() ;;
    *) kind=(--module) ;;
  esac
  if ! "$ACORN" --ecma2022 "${kind[@]}" --silent "$file"; then
    echo "check-ui: $file does not parse" >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "ui: every script parses"
if ! node scripts/check-l10n.mjs; then
  echo "check-ui: the message files (ui/locales/) have problems" >&2
  status=1
fi
exit "$status"
