#!/usr/bin/env bash
# The memory of a running ProSeVA and everything it started (issue 46): the proportional set size
# (PSS: private memory plus a fair share of what is shared) of each process of the tree rooted at
# PID — the app, WebKit's web and network processes, both sidecars, the local model if running —
# and their sum, each split into anonymous memory (heaps, JIT, buffers) and file-backed pages
# (code of the binaries and libraries), then the largest parts of each process.
#
#   scripts/memory.sh PID [TOP]
#
# Reads /proc/PID/smaps_rollup and /proc/PID/smaps (Linux 4.14+); needs no tools beyond awk.
set -euo pipefail

root="${1:?usage: memory.sh PID [TOP]}"
top="${2:-4}"
[ -r "/proc/$root/smaps_rollup" ] || { echo "memory: no process $root (or /proc/$root/smaps_rollup unreadable)" >&2; exit 1; }

tree() {
  echo "$1"
  local child
  for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do tree "$child"; done
}

mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
kib() { awk -v key="$2:" '$1 == key { print $2; found = 1 } END { if (!found) print 0 }' "/proc/$1/smaps_rollup" 2>/dev/null || echo 0; }

total=0; total_anon=0; total_file=0
printf '%-22s %10s %10s %10s\n' process "PSS MB" "anon MB" "file MB"
pids=$(tree "$root")
for pid in $pids; do
  [ -r "/proc/$pid/smaps_rollup" ] || continue
  pss=$(kib "$pid" Pss); anon=$(kib "$pid" Pss_Anon); file=$(kib "$pid" Pss_File); shmem=$(kib "$pid" Pss_Shmem)
  total=$((total + pss)); total_anon=$((total_anon + anon)); total_file=$((total_file + file + shmem))
  printf '%-22s %10s %10s %10s\n' "$(cat /proc/"$pid"/comm)" "$(mb "$pss")" "$(mb "$anon")" "$(mb $((file + shmem)))"
done
printf '%-22s %10s %10s %10s\n' total "$(mb "$total")" "$(mb "$total_anon")" "$(mb "$total_file")"

echo
echo "largest parts (PSS MB; an unnamed part is anonymous memory: heap arenas, JIT code, buffers):"
for pid in $pids; do
  [ -r "/proc/$pid/smaps" ] || continue
  parts=$(awk '/^[0-9a-f]+-[0-9a-f]+ / { name = ($6 == "" ? "(anonymous)" : $6) } /^Pss:/ { pss[name] += $2 }
    END { for (n in pss) printf "%d %s\n", pss[n], n }' "/proc/$pid/smaps" | sort -rn | head -n "$top" |
    awk '{ n = $2; sub(".*/", "", n); printf "%s %.1f, ", n, $1 / 1024 }' || true)
  printf '  %-20s %s\n' "$(cat /proc/"$pid"/comm)" "${parts%, }"
done
