#!/usr/bin/env bash
# The isolated method of docs/performance.md: the server's own cost, apart from its clients'.
# Not a test (root, quiet cores): it prints figures and judges nothing.
#
#   bash scripts/isolated-bench.sh [senet-loadgen flags...]
#   PLAIN=1 bash scripts/isolated-bench.sh [flags...]   # the same on plain loopback, unpinned
#   STORE=sqlite bash scripts/isolated-bench.sh [flags...]   # the embedded store
#   SERVER_ARGS="--max-spectators 10000" bash scripts/isolated-bench.sh [flags...]
#       more flags for the server (after the script's own, which lift every rate limit)
#   PERF_RECORD=target/server.perf bash scripts/isolated-bench.sh [flags...]
#       also samples the server's stacks (perf record -e cpu-clock -g) for the whole run;
#       read them with `perf report -i target/server.perf`; PERF_CALL_GRAPH=dwarf samples
#       the callers too (a release build has no frame pointers), at 499 samples a second
#
# Isolated: a network namespace of its own whose loopback hands received packets to CPU 1
# (rps_cpus = 2), so TCP's receive work runs there as a NIC's softirq would; the server pinned
# to CPU 0; the load generator and a private Postgres (initdb in a temp dir, durable: fsync
# and synchronous commit on) pinned to CPU 1. The load generator reports, besides its usual
# figures, what the server did per move, counted (`--counts`: system calls by kind, context
# switches, frames and bytes). Everything is torn down at the end.
#
# The reference load: bash scripts/isolated-bench.sh --matches 100 --spectators 200 \
#   --think-ms 0 --duration 15s
set -euo pipefail
cd "$(dirname "$0")/.."

store="${STORE:-postgres}"
plain="${PLAIN:-0}"
[ "$(id -u)" = 0 ] || { echo "isolated-bench: needs root (network namespace, pinning)" >&2; exit 2; }
command -v perf >/dev/null || echo "isolated-bench: no perf (Debian's linux-perf): no system calls counted" >&2

# 10,000 sockets and more: each process may hold as many files as it is allowed.
ulimit -n "$(ulimit -Hn)"
cargo build --quiet --release --locked -p senet-server -p senet-loadgen

work="$(mktemp -d)"
chmod 755 "$work"
ns="senet-bench-$$"
pids=()
cleanup() {
  set +e
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  [ -f "$work/pg/data/postmaster.pid" ] && "${in_ns[@]}" runuser -u postgres -- \
    "$pg_ctl" -D "$work/pg/data" -m immediate stop >/dev/null 2>&1
  [ "$plain" = 1 ] || ip netns del "$ns" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap "exit 130" INT TERM

if [ "$plain" = 1 ]; then
  in_ns=()
  on_server=()
  on_clients=()
  pg_port=55432
else
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  ip netns exec "$ns" sh -c 'echo 2 > /sys/class/net/lo/queues/rx-0/rps_cpus'
  in_ns=(ip netns exec "$ns")
  on_server=(taskset -c 0)
  on_clients=(taskset -c 1)
  pg_port=5432
fi

server_env=(RUST_LOG=warn)
if [ "$store" = postgres ]; then
  initdb="$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb | tail -n 1)"
  pg_ctl="$(command -v pg_ctl || ls /usr/lib/postgresql/*/bin/pg_ctl | tail -n 1)"
  mkdir -p "$work/pg"
  chown postgres "$work/pg"
  runuser -u postgres -- "$initdb" -D "$work/pg/data" -A trust -U postgres >/dev/null
  "${in_ns[@]}" "${on_clients[@]}" runuser -u postgres -- "$pg_ctl" -D "$work/pg/data" \
    -l "$work/pg/log" -w -o "-c listen_addresses=127.0.0.1 -p $pg_port -c unix_socket_directories=$work/pg -c max_connections=200" \
    start >/dev/null
  "${in_ns[@]}" runuser -u postgres -- psql -h 127.0.0.1 -p "$pg_port" -qc 'CREATE DATABASE bench' >/dev/null
  server_env+=(DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/bench")
fi

port=18480
"${in_ns[@]}" "${on_server[@]}" env "${server_env[@]}" target/release/senet-server \
  --port "$port" --data-dir "$work/data" --rate-per-sec 1000 --rate-burst 1000 \
  --max-sockets-per-addr 0 --addr-rate-per-sec 0 --create-per-min 0 --max-open-per-address 0 \
  --upgrades-per-sec 0 --max-conns-per-addr 0 --max-open-matches 1000000 ${SERVER_ARGS:-} \
  >"$work/server.log" 2>&1 &
server=$!
pids+=("$server")
for _ in $(seq 100); do
  "${in_ns[@]}" curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done

# What the server holds before any client: the base that memory per connection is taken from.
echo "isolated-bench: server memory before any client: $(awk '/^VmRSS/ {print $2, $3}' "/proc/$server/status")"
echo "isolated-bench: $([ "$plain" = 1 ] && echo "plain loopback, unpinned" || echo "isolated (namespace, receive work on CPU 1, server on CPU 0)"), store $store"
recorder=""
if [ -n "${PERF_RECORD:-}" ]; then
  graph=(-g)
  [ -n "${PERF_CALL_GRAPH:-}" ] && graph=(-F 499 --call-graph "$PERF_CALL_GRAPH")
  perf record -q -e cpu-clock "${graph[@]}" -p "$server" -o "$PERF_RECORD" >/dev/null 2>&1 &
  recorder=$!
fi
"${in_ns[@]}" "${on_clients[@]}" target/release/senet-loadgen --addr "127.0.0.1:$port" \
  --server-pid "$server" --counts "$@"
if [ -n "$recorder" ]; then
  kill -INT "$recorder"
  wait "$recorder" || true
  echo "isolated-bench: the server's stacks are in $PERF_RECORD"
fi
