#!/usr/bin/env bash
# Figures for docs/performance.md "Tournaments: an arena under load". Not part of
# scripts/test.sh.
#
#   bash scripts/arena-bench.sh N [--kill-director-after SECS] [senet-loadgen flags...]
#       N release nodes (1 or more) on ports 18091.. sharing a fresh Postgres database
#       (senet_arena_bench) and Redis, every per-address limit and the accounts' rate off
#       (SENET_PLAYERS_PER_MIN=0), then `senet-loadgen --arena …` spread over them with the
#       flags given (--arena, --arena-mins, --think-ms, …) and --check-db set. With
#       --kill-director-after SECS, SECS seconds after the load generator starts, the node
#       that directs the arena (the store's tournaments.director) is killed with SIGKILL;
#       the others go on. The exit status is the load generator's verdict.
#
# Postgres: $DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres). Redis:
# $REDIS_URL (default redis://127.0.0.1:6379/). One node runs with Redis too (a cluster of
# one), so one node and two differ only in the number of nodes.
set -euo pipefail
cd "$(dirname "$0")/.."

admin="${DATABASE_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
redis="${REDIS_URL:-redis://127.0.0.1:6379/}"
db="${admin%/*}/senet_arena_bench"
n="${1:?usage: arena-bench.sh NODES [--kill-director-after SECS] [loadgen flags]}"
shift
kill_after=""
if [ "${1:-}" = "--kill-director-after" ]; then
  kill_after="${2:?seconds}"
  shift 2
fi

cargo build --quiet --release --locked -p senet-server -p senet-loadgen
psql -q "$admin" -c 'DROP DATABASE IF EXISTS senet_arena_bench WITH (FORCE)' \
  -c 'CREATE DATABASE senet_arena_bench'
redis-cli -u "$redis" del senet:lobby:nodes >/dev/null

pids=()
ids=()
stop() { for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done; }
trap stop EXIT

for i in $(seq "$n"); do
  port=$((18090 + i))
  id="arena$i"
  env DATABASE_URL="$db" REDIS_URL="$redis" RUST_LOG="${RUST_LOG:-warn}" SENET_PLAYERS_PER_MIN=0 \
    ./target/release/senet-server --port "$port" --node-id "$id" \
    --rate-per-sec 1000 --rate-burst 1000 --max-sockets-per-addr 0 --addr-rate-per-sec 0 \
    --create-per-min 0 --max-open-per-address 0 --upgrades-per-sec 0 --max-conns-per-addr 0 \
    --max-open-matches 1000000 >"target/arena-bench-$id.log" 2>&1 &
  pids+=($!)
  ids+=("$id")
  ok=0
  for _ in $(seq 150); do
    if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then ok=1; break; fi
    sleep 0.2
  done
  if [ "$ok" = 0 ]; then echo "node $id did not start: target/arena-bench-$id.log" >&2; exit 1; fi
done
addrs=()
for i in $(seq "$n"); do addrs+=("127.0.0.1:$((18090 + i))"); done
list="$(IFS=,; echo "${addrs[*]}")"
pidlist="$(IFS=,; echo "${pids[*]}")"

if [ -n "$kill_after" ]; then
  (
    sleep "$kill_after"
    director="$(psql -tA "$db" -c "SELECT director FROM tournaments WHERE status = 'running' LIMIT 1")"
    for i in "${!ids[@]}"; do
      if [ "${ids[$i]}" = "$director" ]; then
        echo "$(date +%T) killing the director $director (pid ${pids[$i]}) with SIGKILL" >&2
        kill -9 "${pids[$i]}"
        exit 0
      fi
    done
    echo "$(date +%T) no running arena's director found (${director:-none}): nothing killed" >&2
  ) &
fi

./target/release/senet-loadgen --addr "$list" --server-pid "$pidlist" --check-db "$db" "$@"
