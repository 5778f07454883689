#!/usr/bin/env bash
# Figures for docs/performance.md "Several nodes". Not a test: it prints figures, it judges
# nothing, and it is not part of scripts/test.sh.
#
#   bash scripts/cluster-bench.sh load N [senet-loadgen flags...]
#       N release nodes on ports 18081.. sharing a fresh Postgres database and Redis (N=0: one
#       node on its own, no Redis), then senet-loadgen spread over them (match i made on node
#       i, its seats and spectators on the next nodes) with the flags given.
#   bash scripts/cluster-bench.sh wide N [senet-loadgen flags...]
#       N release nodes as for load, and N load generators, one per node, each with the flags
#       given and only its own node (so N times --matches and --spectators in all, every
#       socket on the node that owns its match): more sockets than one process may open
#       (a process here may hold 20,000 files). Each generator's report is prefixed "node K".
#   bash scripts/cluster-bench.sh takeover M
#       Two nodes; M matches made on the first (every seat taken, the first throw made); the
#       first is killed with SIGKILL; prints how long until the second holds every lease.
#
# Postgres: $DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), where
# the database senet_cluster_bench is made anew. Redis: $REDIS_URL (default the machine's).
set -euo pipefail
cd "$(dirname "$0")/.."

admin="${DATABASE_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
redis="${REDIS_URL:-redis://127.0.0.1:6379/}"
db="${admin%/*}/senet_cluster_bench"
mode="${1:?usage: cluster-bench.sh load N [loadgen flags] | takeover M}"
shift

cargo build --quiet --release --locked -p senet-server -p senet-loadgen
psql -q "$admin" -c 'DROP DATABASE IF EXISTS senet_cluster_bench WITH (FORCE)' \
  -c 'CREATE DATABASE senet_cluster_bench'
redis-cli -u "$redis" del senet:lobby:nodes >/dev/null

pids=()
stop() { for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done; }
trap stop EXIT

# start_node PORT ID [with_redis]: a release node with every per-address limit off (one
# address plays every seat here).
start_node() {
  local port="$1" id="$2" cluster="${3:-1}"
  local env=(DATABASE_URL="$db" RUST_LOG=warn)
  if [ "$cluster" = 1 ]; then env+=(REDIS_URL="$redis"); fi
  env "${env[@]}" ./target/release/senet-server --port "$port" --node-id "$id" \
    --rate-per-sec 1000 --rate-burst 1000 --max-sockets-per-addr 0 --addr-rate-per-sec 0 \
    --create-per-min 0 --max-open-per-address 0 --upgrades-per-sec 0 --max-conns-per-addr 0 \
    --max-open-matches 1000000 >"target/cluster-bench-$id.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return
    sleep 0.1
  done
  echo "node $id did not start: target/cluster-bench-$id.log" >&2
  exit 1
}

case "$mode" in
  load)
    n="${1:?how many nodes (0: one on its own)}"
    shift
    addrs=()
    if [ "$n" = 0 ]; then
      start_node 18081 alone 0
      addrs=(127.0.0.1:18081)
    else
      for i in $(seq "$n"); do
        start_node $((18080 + i)) "bench$i"
        addrs+=("127.0.0.1:$((18080 + i))")
      done
    fi
    list="$(IFS=,; echo "${addrs[*]}")"
    pidlist="$(IFS=,; echo "${pids[*]}")"
    ./target/release/senet-loadgen --addr "$list" --server-pid "$pidlist" "$@"
    ;;
  wide)
    n="${1:?how many nodes}"
    shift
    for i in $(seq "$n"); do
      start_node $((18080 + i)) "wide$i"
    done
    gens=()
    for i in $(seq "$n"); do
      ./target/release/senet-loadgen --addr "127.0.0.1:$((18080 + i))" \
        --server-pid "${pids[$((i - 1))]}" "$@" 2>&1 | sed -u "s/^/node $i: /" &
      gens+=($!)
    done
    for g in "${gens[@]}"; do wait "$g"; done
    ;;
  takeover)
    m="${1:?how many matches}"
    start_node 18081 owner
    start_node 18082 heir
    # Made on the owner, every seat taken; the games start there and wait for moves.
    ./target/release/senet-loadgen --addr 127.0.0.1:18081 --matches "$m" --create-only
    sleep 2
    held() {
      curl -fsS --max-time 5 "http://127.0.0.1:$1/metrics" | awk '$1 == "senet_leases_held" {print $2}'
    }
    echo "owner holds $(held 18081) leases; killing it"
    kill -9 "${pids[0]}"
    killed=$(date +%s%N)
    ttl_ms=5000
    while :; do
      h="$(held 18082)"
      if [ "${h:-0}" -ge "$m" ]; then break; fi
      sleep 0.05
    done
    took=$((($(date +%s%N) - killed) / 1000000))
    echo "the heir holds all $m leases ${took} ms after the kill (lease ${ttl_ms} ms: $((took - ttl_ms)) ms after the expiry)"
    ;;
  *)
    echo "unknown mode $mode: load, wide or takeover" >&2
    exit 2
    ;;
esac
