#!/usr/bin/env bash
# Issue 11's bench suite, one command: every ratio of docs/performance.md's
# "Bench suite" measured side by side, interleaved --repeat times, on this
# machine, the durable store on (SQLite, synchronous=FULL).
#
#   scripts/bench.sh [--repeat 3] [--duration 10] [--warmup 5]
#                    [--capacity-rooms 250,500,1000,1500] [--capacity-warmup 10]
#                    [--whole-views] [--skip-build]
#
# Every run but the baselines plays --warmup seconds first (rooms set up,
# sockets open, games under way), then counts what happens in the next
# --duration seconds: actions, latencies (HDR histograms), the server's CPU
# time read from /proc/PID/stat at both ends of that window. The Cubicle
# players ask for `view_patch` updates (`patches` in `hello`), as the web
# client does; --whole-views: they do not.
#
# Each repetition runs, one after the other, each on a fresh server:
#   1. Cubicle, 25 rooms x 4 seats, closed loop       (load tool, --server-pid)
#   2. Cubicle, 100 rooms x 4 seats, closed loop
#   3. the bare axum echo server, 400 connections, messages of run 2's
#      average update frame size at run 2's update frame rate
#   4. boardgame.io playing Osaki (bench/bgio), 25 rooms x 4, closed loop
#   5. boardgame.io, 100 rooms x 4, closed loop
#   6. SQLite, one row per transaction (examples/sqlite_baseline.rs)
#   7. Cubicle, for each of --capacity-rooms, that many rooms x 4 seats, open
#      loop at 1 action per player per 2 s (2 actions/s per room), after
#      --capacity-warmup s: p99 act-to-ack against the 10 ms target
# and prints the Markdown tables (median and spread over the repetitions);
# every run's JSON and results.json go to target/bench/<date>/.
# Needs: cargo, node and npm (boardgame.io is installed from npm with npm ci).
set -euo pipefail

repeat=3
duration=10
capacity_rooms=250,500,1000,1500
capacity_warmup=10
warmup=5
build=1
patches=--patches
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --capacity-rooms) capacity_rooms=$2; shift 2 ;;
    --capacity-warmup) capacity_warmup=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --skip-build) build=0; shift ;;
    --whole-views) patches=; shift ;;
    -h|--help) sed -n '2,32p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
if [ "$build" = 1 ]; then
  cargo build --locked --release -p cubicle-server --bin cubicle --examples
  (cd bench/bgio && npm ci --no-audit --no-fund --loglevel=error)
fi
bin=$here/target/release
out=$here/target/bench/$(date +%Y%m%d-%H%M%S)
tmp=$here/target/bench/tmp
mkdir -p "$out"
rm -rf "$tmp"
mkdir -p "$tmp"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

port=18810
server_pid=
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
  fi
}
trap stop_server EXIT

wait_port() {
  for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "nothing listens on port $1" >&2
  return 1
}

start_cubicle() {
  port=$((port + 1))
  "$bin/cubicle" --listen "127.0.0.1:$port" --database-url "sqlite://$tmp/cubicle-$port.db" \
    --max-connections-per-ip 0 --room-creation-per-minute 0 --max-connections 20000 \
    >"$out/cubicle-$port.log" 2>&1 &
  server_pid=$!
  wait_port "$port"
}

start_echo() {
  port=$((port + 1))
  "$bin/examples/echo" --listen "127.0.0.1:$port" >"$out/echo-$port.log" 2>&1 &
  server_pid=$!
  wait_port "$port"
}

start_bgio() {
  port=$((port + 1))
  (cd bench/bgio && exec node server.js --port "$port" --dir "$tmp/bgio-$port") \
    >"$out/bgio-$port.log" 2>&1 &
  server_pid=$!
  wait_port "$port"
}

field() { node -e "const j=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8'));console.log(j[process.argv[2]])" "$1" "$2"; }

echo "bench: $repeat repetitions, $duration s runs, capacity at $capacity_rooms rooms; results in $out" >&2
for rep in $(seq "$repeat"); do
  for rooms in 25 100; do
    start_cubicle
    echo "[$rep] cubicle, $rooms rooms, closed loop (load average $(cut -d' ' -f1 /proc/loadavg))" >&2
    "$bin/examples/load" --url "http://127.0.0.1:$port" --server-pid "$server_pid" \
      --rooms "$rooms" --seats 4 --warmup "$warmup" --duration "$duration" --json $patches \
      >"$out/$rep-cubicle-$rooms.json"
    stop_server
  done

  bytes=$(node -e "console.log(Math.round(require('$out/$rep-cubicle-100.json').avg_update_bytes))")
  rate=$(node -e "const j=require('$out/$rep-cubicle-100.json');console.log(Math.round(j.update_frames/j.elapsed_s))")
  start_echo
  echo "[$rep] echo, $bytes-byte messages at $rate/s (load average $(cut -d' ' -f1 /proc/loadavg))" >&2
  "$bin/examples/load" --url "http://127.0.0.1:$port" --server-pid "$server_pid" \
    --echo-bytes "$bytes" --rooms 100 --seats 4 --rate "$rate" --duration "$duration" --json \
    >"$out/$rep-echo.json"
  stop_server

  for rooms in 25 100; do
    start_bgio
    echo "[$rep] boardgame.io, $rooms rooms, closed loop (load average $(cut -d' ' -f1 /proc/loadavg))" >&2
    node bench/bgio/load.js --url "http://127.0.0.1:$port" --server-pid "$server_pid" \
      --rooms "$rooms" --seats 4 --warmup "$warmup" --duration "$duration" --json \
      >"$out/$rep-bgio-$rooms.json"
    stop_server
  done

  echo "[$rep] SQLite, one row per transaction (load average $(cut -d' ' -f1 /proc/loadavg))" >&2
  "$bin/examples/sqlite_baseline" --dir "$tmp" --duration "$duration" --json >"$out/$rep-sqlite.json"

  for rooms in ${capacity_rooms//,/ }; do
    start_cubicle
    echo "[$rep] cubicle, $rooms rooms at 2 actions/s each (load average $(cut -d' ' -f1 /proc/loadavg))" >&2
    "$bin/examples/load" --url "http://127.0.0.1:$port" --server-pid "$server_pid" \
      --rooms "$rooms" --seats 4 --rate $((rooms * 2)) \
      --warmup "$capacity_warmup" --duration "$duration" --json $patches \
      >"$out/$rep-capacity-$rooms.json"
    stop_server
  done
  rm -rf "${tmp:?}"/*
done

node bench/report.js "$out" "$repeat" "$duration" "$capacity_rooms" "$warmup" "$capacity_warmup" $patches
