#!/usr/bin/env bash
# Installs the .deb built by scripts/bundle-deb.sh, checks its contents and desktop entry,
# starts the app the way the applications menu does (the entry's Exec line) under Xvfb on a
# fresh data dir, waits until both sidecars are up, quits it, checks nothing is left running,
# then uninstalls the package and checks it is gone while the data dir stays.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/proseva-target}"
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"

deb="$(ls -t "$CARGO_TARGET_DIR"/release/bundle/deb/*.deb | head -n1)"
pkg="$(dpkg-deb -f "$deb" Package)"
echo "test-deb: $deb (package $pkg)"
contents="$(dpkg-deb -c "$deb")"
for f in usr/bin/proseva usr/bin/proseva-server usr/bin/proseva-explorer usr/bin/proseva-mcp usr/bin/proseva-llm; do
  grep -Eq " (\./)?$f\$" <<<"$contents" || { echo "test-deb: $f is not in the package" >&2; exit 1; }
done
grep -q "usr/share/applications/.*\.desktop$" <<<"$contents" || { echo "test-deb: no desktop entry" >&2; exit 1; }
grep -q "usr/share/icons/hicolor/.*/apps/.*\.png$" <<<"$contents" || { echo "test-deb: no icons" >&2; exit 1; }
# Scans are read by OCR: the package pulls in Tesseract (English) and poppler's pdftoppm; the tray
# icon, the indicator library it loads at run time.
depends="$(dpkg-deb -f "$deb" Depends)"
for d in tesseract-ocr tesseract-ocr-eng poppler-utils libayatana-appindicator3-1; do
  grep -Eq "(^|, )$d( |,|$)" <<<"$depends" || { echo "test-deb: the package does not depend on $d ($depends)" >&2; exit 1; }
done

export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y -qq "$deb" >/dev/null
entry="$(dpkg -L "$pkg" | grep '/usr/share/applications/.*\.desktop$' | head -n1)"
desktop-file-validate "$entry"
exec_line="$(sed -n 's/^Exec=//p' "$entry" | head -n1 | sed 's/ %[fFuU]//g')"
echo "test-deb: desktop entry $entry runs: $exec_line"

data="$(mktemp -d)"
dfile="$data/.display"
# Xvfb picks a free display itself and writes its number to fd 3.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$dfile" >/dev/null 2>&1 &
xvfb=$!
cleanup() { kill "$xvfb" 2>/dev/null || true; }
trap cleanup EXIT
for _ in $(seq 1 100); do [ -s "$dfile" ] && break; sleep 0.1; done
display=":$(tr -d '[:space:]' <"$dfile")"
DISPLAY="$display" PROSEVA_DATA_DIR="$data" PROSEVA_SECRETS=file PROSEVA_NO_DIALOG=1 setsid sh -c "exec $exec_line" >/dev/null 2>&1 &
app=$!
for _ in $(seq 1 300); do
  grep -q "the sidecars are up" "$data/logs/proseva.log" 2>/dev/null && break
  kill -0 "$app" 2>/dev/null || { echo "test-deb: the app exited early" >&2; cat "$data/logs/"*.log >&2 || true; exit 1; }
  sleep 0.1
done
grep -q "the sidecars are up" "$data/logs/proseva.log" || { echo "test-deb: the sidecars did not come up" >&2; cat "$data/logs/"*.log >&2; exit 1; }
pids="$(pgrep -x -f '/usr/bin/proseva-(server|explorer).*' || true)"
[ -n "$pids" ] || { echo "test-deb: no sidecar processes from /usr/bin" >&2; exit 1; }
echo "test-deb: running, sidecars $(echo $pids)"
kill -TERM "$app"
for _ in $(seq 1 100); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$app" 2>/dev/null; then echo "test-deb: the app did not quit on SIGTERM" >&2; exit 1; fi
sleep 0.5
for p in $pids; do
  if kill -0 "$p" 2>/dev/null; then echo "test-deb: sidecar $p left running after quit" >&2; exit 1; fi
done

$sudo apt-get remove -y -qq "$pkg" >/dev/null
for f in /usr/bin/proseva /usr/bin/proseva-server /usr/bin/proseva-explorer /usr/bin/proseva-mcp /usr/bin/proseva-llm "$entry"; do
  [ ! -e "$f" ] || { echo "test-deb: $f still there after uninstall" >&2; exit 1; }
done
[ -f "$data/graph.db" ] || { echo "test-deb: the data dir did not survive the uninstall" >&2; exit 1; }
rm -rf "$data"
echo "test-deb: installed, launched from its desktop entry, quit cleanly, uninstalled"
# contents, install + desktop entry, launch, clean quit, uninstall
echo "test-deb: 5 passed, 0 failed"
