#!/usr/bin/env bash
# The server's load and fault suite (docs/PERFORMANCE.md, "The game
# server under load"). Everything runs on loopback and stops by itself.
#
#   tools/load.sh load      [GAMES=10000 THINK_MS=5000 DURATION=60 RAMP=60]
#   tools/load.sh load-pg   the same on PostgreSQL, two processes
#                           (DATABASE=postgres://… , default WARI_TEST_POSTGRES)
#   tools/load.sh attack    the starvation attack: ATTACKERS=6 addresses asking
#                           for 2 s analyses while PLAYERS=1 play the computer
#   tools/load.sh fault     kill -9 in a loop (SQLite) [ROUNDS=10]
#   tools/load.sh fault-pg  kill -9 of one of two processes (PostgreSQL)
#   tools/load.sh review    GAMES games between people and one against the
#                           computer, and beside them the review of a
#                           random game of REVIEW=100 plies or more
#                           (REVIEW=0: none, for comparison)
#
# `load` runs the load generator and, beside it, a probe: a second
# process playing 20 games whose figures are what a player sees while the
# load runs. The servers' memory (VmRSS, sampled every 5 s) and the load
# average are printed with the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-load}
GAMES=${GAMES:-10000}
THINK_MS=${THINK_MS:-5000}
DURATION=${DURATION:-60}
RAMP=${RAMP:-60}
ROUNDS=${ROUNDS:-10}
DATABASE=${DATABASE:-${WARI_TEST_POSTGRES:-}}
# 20,000 WebSockets need as many open files in each process.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
cargo build --release -q -p wari
cargo build --release -q -p wari-server --example load --example fault
dir=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]:-}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$dir"; }
trap cleanup EXIT

serve() { # PORT DATABASE [options]
  local port=$1 db=$2; shift 2
  target/release/wari serve --bind "127.0.0.1:$port" --database "$db" \
    --trusted-proxy 127.0.0.1 "$@" 2>"$dir/serve-$port.log" &
  pids+=($!)
  for _ in $(seq 300); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return 0
    sleep 0.1
  done
  echo "wari serve on $port did not come up" >&2; exit 1
}

rss() { # the servers' resident memory, MiB
  local total=0
  for p in "${pids[@]}"; do
    local kb; kb=$(awk '/VmRSS/ {print $2}' "/proc/$p/status" 2>/dev/null || echo 0)
    total=$((total + kb))
  done
  echo $((total / 1024))
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); $(uptime | sed 's/.*load average/load average/')"
case $mode in
  load|load-pg)
    if [ "$mode" = load ]; then
      serve 18090 "sqlite://$dir/wari.db?mode=rwc"
      urls=http://127.0.0.1:18090
    else
      [ -n "$DATABASE" ] || { echo "set DATABASE or WARI_TEST_POSTGRES" >&2; exit 2; }
      serve 18090 "$DATABASE"; serve 18091 "$DATABASE"
      urls=http://127.0.0.1:18090,http://127.0.0.1:18091
    fi
    echo "servers up: $(rss) MiB"
    target/release/examples/load --url "$urls" --games "$GAMES" --think-ms "$THINK_MS" \
      --seconds "$DURATION" --ramp-s "$RAMP" --label load > "$dir/load.txt" &
    load=$!
    sleep "$RAMP"
    echo "after the ramp: $(rss) MiB for $GAMES games; $(uptime | sed 's/.*load average/load average/')"
    target/release/examples/load --url "$urls" --games 20 --think-ms "$THINK_MS" \
      --seconds $((DURATION - 10)) --label probe > "$dir/probe.txt" &
    probe=$!
    peak=0
    while kill -0 "$load" 2>/dev/null; do
      m=$(rss); [ "$m" -gt "$peak" ] && peak=$m
      sleep 5
    done
    wait "$probe" || true
    cat "$dir/load.txt" "$dir/probe.txt"
    echo "servers' peak memory during the run: $peak MiB ($((peak * 1024 / GAMES)) KiB a game); $(uptime | sed 's/.*load average/load average/')"
    ;;
  review)
    serve 18090 "sqlite://$dir/wari.db?mode=rwc"
    target/release/examples/load --url http://127.0.0.1:18090 --games "$GAMES" \
      --think-ms "$THINK_MS" --seconds "$DURATION" --ramp-s "$RAMP" \
      --review "${REVIEW:-100}" --label load > "$dir/load.txt" &
    load=$!
    target/release/examples/load --url http://127.0.0.1:18090 --games 1 --computer \
      --think-ms 500 --seconds "$DURATION" --ramp-s "$RAMP" --label computer > "$dir/computer.txt"
    wait "$load" || true
    cat "$dir/load.txt" "$dir/computer.txt"
    echo "$(uptime | sed 's/.*load average/load average/')"
    ;;
  attack)
    serve 18090 "sqlite://$dir/wari.db?mode=rwc"
    target/release/examples/load --url http://127.0.0.1:18090 --games "${PLAYERS:-1}" --computer \
      --think-ms 500 --seconds "$DURATION" --attack "${ATTACKERS:-6}" --label attack
    ;;
  fault)
    target/release/examples/fault --wari target/release/wari --rounds "$ROUNDS"
    ;;
  fault-pg)
    [ -n "$DATABASE" ] || { echo "set DATABASE or WARI_TEST_POSTGRES" >&2; exit 2; }
    target/release/examples/fault --wari target/release/wari --rounds "$ROUNDS" \
      --database "$DATABASE" --processes 2
    ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
