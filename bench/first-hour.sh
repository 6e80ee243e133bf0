#!/usr/bin/env bash
# bash bench/first-hour.sh [checkout]: times a new user's first hour on a checkout (this one by
# default) whose node_modules and generated Prisma client are in place, as after `npm install`:
#   build            `npm run build` with no dist/
#   first start      `npm start` with no dist/ and no data, until /health/ready answers 200
#   restart          `npm start` again on the same data, until /health/ready answers 200
#   bazaar --help    the bin, best of 3
#   bazaar seed --help
#   npm run cli -- --help
#   bazaar messages  one read-only command on the embedded database the starts left
# It prints a Markdown table; every command's output goes to a log whose path it prints on stderr.
# The checkout's dist/ is rebuilt; its ./.data is not touched (the data directory is a fresh one).
set -euo pipefail

dir=$(readlink -f "${1:-$(dirname "$0")/..}")
cd "$dir"
data=$(mktemp -d)
log=$(mktemp /tmp/bazaar-first-hour-XXXXXX.log)
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
export DATA_DIR="$data" PORT="$port" HOST=127.0.0.1
unset DATABASE_URL REDIS_URL BAZAAR_SECRET
pid=
stop() {
  [ -n "$pid" ] || return 0
  # Its own process group, so stopping it stops npm and the server npm started.
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=
}
trap 'stop; rm -rf "$data"' EXIT
echo "log: $log" >&2

now() { date +%s%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b - a) / 1e9 }'; }
rows=()
row() { rows+=("| $1 | $2 s |"); printf '%-28s %8s s\n' "$1" "$2" >&2; }

timed() {
  local label=$1 t0
  shift
  printf '\n=== %s\n' "$label" >>"$log"
  t0=$(now)
  "$@" >>"$log" 2>&1
  row "$label" "$(seconds "$t0" "$(now)")"
}

# The best of three runs: the answer time without the noise of a shared machine.
best_of_3() {
  local label=$1 best= t0 took
  shift
  printf '\n=== %s\n' "$label" >>"$log"
  for _ in 1 2 3; do
    t0=$(now)
    "$@" >>"$log" 2>&1
    took=$(seconds "$t0" "$(now)")
    if [ -z "$best" ] || awk -v a="$took" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$took; fi
  done
  row "$label" "$best"
}

start_until_ready() {
  local label=$1 t0
  printf '\n=== %s\n' "$label" >>"$log"
  t0=$(now)
  setsid npm start >>"$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 6000); do
    if curl -fs -o /dev/null "http://127.0.0.1:$port/health/ready"; then
      row "$label" "$(seconds "$t0" "$(now)")"
      stop
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || { tail -n 40 "$log" >&2; echo "npm start exited" >&2; exit 1; }
    sleep 0.1
  done
  echo "npm start was not ready within 10 minutes" >&2
  exit 1
}

rm -rf dist
timed 'build (no dist/)' npm run -s build
rm -rf dist
start_until_ready 'first npm start, to ready'
start_until_ready 'restart, to ready'
best_of_3 'bazaar --help' node bin/bazaar.js --help
best_of_3 'bazaar seed --help' node bin/bazaar.js seed --help
best_of_3 'npm run cli -- --help' npm run -s cli -- --help
timed 'bazaar messages --to …' node bin/bazaar.js messages --to ada@example.com

printf '| step | %s |\n|---|---|\n' "$(git rev-parse --short HEAD 2>/dev/null || basename "$dir")"
printf '%s\n' "${rows[@]}"
