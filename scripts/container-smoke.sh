#!/usr/bin/env bash
# Runs the release binary the way the Docker image runs it (the runtime
# stage's WORKDIR layout and ENV lines, read from the Dockerfile itself) and
# checks what docker-compose relies on: it starts with no arguments, keeps its
# SQLite file under ./data in the volume, answers /readyz and the start page,
# logs JSON, stops cleanly on SIGTERM, and keeps rooms across a restart.
set -euo pipefail
bin=${1:?usage: container-smoke.sh path/to/cubicle}
here=$(cd "$(dirname "$0")/.." && pwd)
volume=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$volume"' EXIT

# The ENV lines of the last stage, with the port moved off 8080 for the test.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
envs=()
while IFS= read -r line; do envs+=("$line"); done < <(
  awk '/^FROM /{stage++} {lines[stage]=lines[stage] "\n" $0} END{print lines[stage]}' "$here/Dockerfile" \
    | sed -n 's/^ENV \([A-Z_]*\)=\(.*\)$/\1=\2/p')
[ "${#envs[@]}" -gt 0 ] || { echo "no ENV lines found in the Dockerfile's runtime stage" >&2; exit 1; }
envs+=("CUBICLE_LISTEN=127.0.0.1:$port")

start() {
  (cd "$volume" && exec env -i PATH=/usr/bin:/bin "${envs[@]}" "$bin" >>"$volume/log.jsonl" 2>&1) &
  pid=$!
  for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { cat "$volume/log.jsonl"; echo "server exited during start" >&2; exit 1; }
    sleep 0.1
  done
  echo "server did not become healthy" >&2; cat "$volume/log.jsonl"; exit 1
}
stop() {
  kill -TERM "$pid"
  wait "$pid" || { echo "server did not exit cleanly on SIGTERM" >&2; exit 1; }
}

start
# Read whole, then searched: `curl | grep -q` fails under pipefail when grep
# stops reading before curl has written the page (curl: (23)).
start_page=$(curl -fsS "http://127.0.0.1:$port/")
grep -qi '<html' <<<"$start_page" || { echo "start page not served" >&2; exit 1; }
room=$(curl -fsS -H 'content-type: application/json' -d '{"game":"osaki","seats":2}' \
  "http://127.0.0.1:$port/api/rooms" | python3 -c 'import json,sys; print(json.load(sys.stdin)["room_id"])')
[ -f "$volume/data/cubicle.db" ] || { echo "SQLite file not created under ./data" >&2; exit 1; }
stop
start
room_info=$(curl -fsS "http://127.0.0.1:$port/api/rooms/$room")
grep -q "\"$room\"" <<<"$room_info" || { echo "room lost across restart" >&2; exit 1; }
stop
# Every log line is JSON.
python3 - "$volume/log.jsonl" <<'PY'
import json, sys
lines = [l for l in open(sys.argv[1]) if l.strip()]
assert lines, "no log output"
for l in lines:
    json.loads(l)
print(f"container smoke: ok ({len(lines)} JSON log lines)")
PY
