#!/usr/bin/env bash
# The case workspace's render times for the big case (1,000 deadlines, 5,000 timeline events,
# 500 documents) in the window's engine: serves the repository with the window's CSP
# (tests/ui-mock/serve.py) on a free port, starts Xvfb on a free display and WebKitWebDriver on a
# free port, runs tests/ui-mock/render-bench.mjs (its arguments pass through: --runs=N,
# --pages=timeline,deadlines,documents, --json=FILE) and stops all three. Needs Debian's xvfb and
# webkit2gtk-driver (scripts/setup-debian.sh) and node.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in Xvfb WebKitWebDriver node python3; do
  command -v "$tool" >/dev/null || { echo "render-bench: $tool is missing (make setup installs xvfb and webkit2gtk-driver)" >&2; exit 1; }
done

# Debian's MiniBrowser (libwebkit2gtk-4.1-0) lives under the multiarch directory.
if [ -z "${MINIBROWSER:-}" ]; then
  for b in /usr/lib/*/webkit2gtk-4.1/MiniBrowser; do [ -x "$b" ] && export MINIBROWSER="$b" && break; done
fi
[ -x "${MINIBROWSER:-}" ] || { echo "render-bench: no WebKitGTK MiniBrowser (libwebkit2gtk-4.1-0)" >&2; exit 1; }

work="$(mktemp -d)"
pids=()
cleanup() {
  # Each was started in its own process group (setsid): the group goes, MiniBrowser included.
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
# `wait_for WHAT PID CMD...`: until CMD succeeds (10 s), or fails when PID is gone.
wait_for() {
  local what="$1" pid="$2"; shift 2
  for _ in $(seq 1 100); do
    "$@" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { echo "render-bench: $what exited" >&2; return 1; }
    sleep 0.1
  done
  echo "render-bench: $what did not start" >&2
  return 1
}
up() { curl -fsS -o /dev/null "$1"; }

# Xvfb picks a free display itself and writes its number to fd 3.
setsid Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
pids+=($!)
wait_for Xvfb "$!" test -s "$work/display" || { cat "$work/xvfb.log" >&2; exit 1; }
display=":$(tr -d '[:space:]' <"$work/display")"

# A free port can be taken between the look and the bind: try a few.
started=""
for _ in 1 2 3 4 5; do
  http_port="$(free_port)"
  setsid python3 tests/ui-mock/serve.py "$http_port" >"$work/serve.log" 2>&1 &
  pid=$!
  if wait_for serve.py "$pid" up "http://127.0.0.1:$http_port/tests/ui-mock/index.html"; then pids+=("$pid"); started=1; break; fi
done
[ -n "$started" ] || { cat "$work/serve.log" >&2; exit 1; }

started=""
for _ in 1 2 3 4 5; do
  wd_port="$(free_port)"
  DISPLAY="$display" NO_AT_BRIDGE=1 setsid WebKitWebDriver --port="$wd_port" >"$work/webdriver.log" 2>&1 &
  pid=$!
  if wait_for WebKitWebDriver "$pid" up "http://127.0.0.1:$wd_port/status"; then pids+=("$pid"); started=1; break; fi
done
[ -n "$started" ] || { cat "$work/webdriver.log" >&2; exit 1; }

echo "render-bench: WebKitGTK $(dpkg-query -W -f='${Version}' libwebkit2gtk-4.1-0 2>/dev/null || echo '?'), display $display, mock on :$http_port, WebKitWebDriver on :$wd_port"
WEBDRIVER_URL="http://127.0.0.1:$wd_port" MOCK_URL="http://127.0.0.1:$http_port/tests/ui-mock/" \
  timeout 1200 node tests/ui-mock/render-bench.mjs "$@"
