#!/usr/bin/env bash
# The partition harness (docs/reliability.md "Partitions"): three server nodes, Postgres,
# Redis and the clients each in a network namespace of their own, joined by one virtual wire
# per pair (node–Postgres, node–Redis, node–clients); faults cut and heal wires while
# `senet-loadgen --checked` plays, and its checker holds what every client was told and
# acknowledged against the store.
#
#   bash scripts/partition.sh short   # what the test suite runs: each fault for 8 s, 3 kills
#   bash scripts/partition.sh long    # each fault for 2 minutes, 100 kills a second apart (release build)
#   bash scripts/partition.sh long pg-slow kills   # only the runs named
#
# Runs: pg-cut (node 1 cut from Postgres), redis-cut (from Redis), clients-cut (from its
# clients), isolated (from everything, past its lease: the others take its matches; then
# it comes back), skew (isolated again, with node 2's wall clock 20 s ahead and node 3's 20 s
# behind; leases are timed by the database's clock), calm (no fault), pg-slow (every byte to and from Postgres 200 ms late), kills (SIGKILL a
# random node, restart it, again and again).
#
# Needs root, `ip netns`, initdb/pg_ctl, redis-server and python3; where one is missing it
# says so and skips (exit 0). A wire is cut by taking its two ends down inside the hub
# namespace: both sides keep their addresses and routes and their packets vanish, as in a
# real partition (this kernel has no netem, hence the user-space delay proxy for pg-slow).
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-short}"
shift || true
runs=("$@")
if [ "${#runs[@]}" -eq 0 ]; then runs=(pg-cut redis-cut clients-cut isolated skew pg-slow kills); fi

skip() { echo "SKIPPED partition harness: $*"; exit 0; }
[ "$(id -u)" = 0 ] || skip "needs root for network namespaces"
command -v ip >/dev/null || skip "no ip (iproute2)"
command -v redis-server >/dev/null || skip "no redis-server"
command -v python3 >/dev/null || skip "no python3"
initdb="$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | tail -n 1 || true)"
pg_ctl="$(command -v pg_ctl || ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | tail -n 1 || true)"
[ -n "$initdb" ] && [ -n "$pg_ctl" ] || skip "no initdb/pg_ctl"

case "$mode" in
  short) fault_secs=8; kills=3; kill_every=3; matches=8; profile=debug ;;
  long) fault_secs=120; kills=100; kill_every=1; matches=16; profile=release ;;
  *) echo "usage: partition.sh short|long [run...]" >&2; exit 2 ;;
esac
warm_secs=4
lease_ms=5000
recover_secs=12

if [ "$profile" = release ]; then
  cargo build --quiet --release --locked -p senet-server -p senet-loadgen
else
  cargo build --quiet --locked -p senet-server -p senet-loadgen
fi
server="target/$profile/senet-server"
loadgen="target/$profile/senet-loadgen"

tag="sp$$"
hub="$tag-hub"
work="$(mktemp -d)"
chmod 755 "$work"
roles=(pg redis cl n1 n2 n3)
node_pids=(0 0 0 0)
other_pids=()

cleanup() {
  set +e
  for p in "${node_pids[@]}" "${other_pids[@]}"; do
    [ "$p" != 0 ] && kill -9 "$p" 2>/dev/null && wait "$p" 2>/dev/null
  done
  [ -f "$work/pg/data/postmaster.pid" ] && ip netns exec "$tag-pg" runuser -u postgres -- \
    "$pg_ctl" -D "$work/pg/data" -m immediate stop >/dev/null 2>&1
  for r in "${roles[@]}" hub; do ip netns del "$tag-$r" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
trap "exit 130" INT TERM
# A sleep the traps can interrupt (bash runs a trap only once its foreground child is done).
pause() { sleep "$1" & wait $!; }

ip netns add "$hub" 2>/dev/null || skip "ip netns add is not allowed here"
for r in "${roles[@]}"; do
  ip netns add "$tag-$r"
  ip -n "$tag-$r" link set lo up
done

# Wire L joins two namespaces through bridge bL in the hub: 10.78.L.1 on the first side,
# 10.78.L.2 on the second. Wires 1–9: node k (1–3) to Postgres, Redis and the clients,
# L = 3(k-1) + 1, 2, 3. Wire 10: the clients to Postgres (only the checker uses it; never cut).
wire() {
  local L="$1" a="$2" b="$3"
  ip -n "$hub" link add "b$L" type bridge
  ip -n "$hub" link set "b$L" up
  ip -n "$hub" link add "h${L}a" type veth peer name "w$L" netns "$tag-$a"
  ip -n "$hub" link add "h${L}b" type veth peer name "w$L" netns "$tag-$b"
  for end in a b; do
    ip -n "$hub" link set "h$L$end" master "b$L"
    ip -n "$hub" link set "h$L$end" up
  done
  ip -n "$tag-$a" addr add "10.78.$L.1/24" dev "w$L"
  ip -n "$tag-$b" addr add "10.78.$L.2/24" dev "w$L"
  ip -n "$tag-$a" link set "w$L" up
  ip -n "$tag-$b" link set "w$L" up
}
for k in 1 2 3; do
  base=$((3 * (k - 1)))
  wire $((base + 1)) "n$k" pg
  wire $((base + 2)) "n$k" redis
  wire $((base + 3)) "n$k" cl
done
wire 10 cl pg

cut() { for L in "$@"; do ip -n "$hub" link set "h${L}a" down; ip -n "$hub" link set "h${L}b" down; done; }
heal() { for L in 1 2 3 4 5 6 7 8 9; do ip -n "$hub" link set "h${L}a" up; ip -n "$hub" link set "h${L}b" up; done; }

# Postgres (a throwaway cluster; postgres will not run as root) behind the delay proxy.
mkdir -p "$work/pg"
chown postgres "$work/pg"
runuser -u postgres -- "$initdb" -D "$work/pg/data" -A trust -U postgres >"$work/initdb.log" 2>&1
ip netns exec "$tag-pg" runuser -u postgres -- "$pg_ctl" -D "$work/pg/data" -l "$work/pg/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p 5432 -c max_connections=200 -c unix_socket_directories=$work/pg" \
  start >/dev/null || { cat "$work/pg/log" >&2; exit 1; }
: >"$work/pg-delay-ms"
ip netns exec "$tag-pg" python3 scripts/partition/delay_proxy.py 0.0.0.0 6432 127.0.0.1 5432 \
  "$work/pg-delay-ms" >"$work/proxy.log" 2>&1 &
other_pids+=($!)
ip netns exec "$tag-redis" redis-server --bind 0.0.0.0 --port 6379 --protected-mode no \
  --save "" --appendonly no >"$work/redis.log" 2>&1 &
other_pids+=($!)
for _ in $(seq 50); do
  ip netns exec "$tag-pg" runuser -u postgres -- psql -h 127.0.0.1 -qAtc 'select 1' >/dev/null 2>&1 && break
  sleep 0.1
done

db_url() { echo "postgres://postgres@10.78.$1.2:6432/$2"; }

# Runs with a node's wall clock set apart: libfaketime (Debian's faketime) on that node only.
faketime_lib="$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 2>/dev/null | head -n 1 || true)"
clock_of=("" "" "" "")

# start_node K DB: node K in its namespace, every per-address limit off (one address plays
# every seat), waiting until it answers.
start_node() {
  local k="$1" db="$2" base=$((3 * ($1 - 1)))
  local clock=()
  if [ -n "${clock_of[$k]}" ]; then
    clock=(LD_PRELOAD="$faketime_lib" FAKETIME="${clock_of[$k]}" FAKETIME_DONT_FAKE_MONOTONIC=1)
  fi
  ip netns exec "$tag-n$k" env "${clock[@]}" DATABASE_URL="$(db_url $((base + 1)) "$db")" \
    REDIS_URL="redis://10.78.$((base + 2)).2:6379/" RUST_LOG=warn \
    "$server" --bind 0.0.0.0 --port 8080 --node-id "n$k" --data-dir "$work/n$k" \
    --lease-ttl-ms "$lease_ms" --rate-per-sec 1000 --rate-burst 1000 --max-sockets-per-addr 0 \
    --addr-rate-per-sec 0 --create-per-min 0 --max-open-per-address 0 --upgrades-per-sec 0 \
    --max-conns-per-addr 0 --max-open-matches 1000000 --chat-per-sec 5 --chat-burst 20 \
    --room-chat-per-min 0 --addr-chat-per-sec 0 >>"$work/n$k.log" 2>&1 &
  node_pids[$k]=$!
  for _ in $(seq 150); do
    ip netns exec "$tag-cl" curl -fsS -m 1 "http://10.78.$((base + 3)).1:8080/healthz" >/dev/null 2>&1 && return
    sleep 0.1
  done
  echo "node $k did not start:" >&2
  tail -n 20 "$work/n$k.log" >&2
  exit 1
}
stop_nodes() {
  for k in 1 2 3; do
    [ "${node_pids[$k]}" != 0 ] && kill -9 "${node_pids[$k]}" 2>/dev/null
    wait "${node_pids[$k]}" 2>/dev/null || true
    node_pids[$k]=0
  done
}

failed=()
for run in "${runs[@]}"; do
  db="run_${run//-/_}"
  ip netns exec "$tag-pg" runuser -u postgres -- psql -h 127.0.0.1 -qc "CREATE DATABASE $db" >/dev/null
  clock_of=("" "" "" "")
  if [ "$run" = skew ]; then
    [ -n "$faketime_lib" ] || { echo "SKIPPED run skew: no libfaketime (Debian package faketime)"; continue; }
    clock_of=("" "" "+20s" "-20s")
  fi
  for k in 1 2 3; do start_node "$k" "$db"; done
  case "$run" in
    # Each kill waits for the node's restart too (up to 2 s): the clients play on past the last.
    kills) play_secs=$((warm_secs + kills * (kill_every + 2) + recover_secs)) ;;
    *) play_secs=$((warm_secs + fault_secs + recover_secs)) ;;
  esac
  echo "== $run: $matches matches on 3 nodes, ${play_secs} s of play"
  ip netns exec "$tag-cl" "$loadgen" --checked --check-db "$(db_url 10 "$db")" \
    --addr 10.78.3.1:8080,10.78.6.1:8080,10.78.9.1:8080 --matches "$matches" \
    --spectators "$matches" --variant pyramid --duration "${play_secs}s" >"$work/$run.out" 2>&1 &
  client=$!
  other_pids+=("$client")
  pause "$warm_secs"
  case "$run" in
    pg-cut) cut 1; pause "$fault_secs"; heal ;;
    redis-cut) cut 2; pause "$fault_secs"; heal ;;
    clients-cut) cut 3; pause "$fault_secs"; heal ;;
    isolated | skew) cut 1 2 3; pause "$fault_secs"; heal ;;
    calm) pause "$fault_secs" ;;
    pg-slow) echo 200 >"$work/pg-delay-ms"; pause "$fault_secs"; : >"$work/pg-delay-ms" ;;
    kills)
      under_play=0
      for _ in $(seq "$kills"); do
        k=$((RANDOM % 3 + 1))
        kill -0 "$client" 2>/dev/null && under_play=$((under_play + 1))
        kill -9 "${node_pids[$k]}" 2>/dev/null || true
        wait "${node_pids[$k]}" 2>/dev/null || true
        start_node "$k" "$db"
        pause "$kill_every"
      done
      echo "$kills SIGKILLs, $under_play of them while the clients played"
      [ "$under_play" = "$kills" ] || { echo "some kills came after the clients stopped" >&2; exit 1; }
      ;;
  esac
  status=0
  wait "$client" || status=$?
  cat "$work/$run.out"
  takeovers=0
  for k in 1 2 3; do
    n="$(ip netns exec "$tag-cl" curl -fsS -m 2 "http://10.78.$((3 * k)).1:8080/metrics" 2>/dev/null |
      awk '$1 == "senet_lease_takeovers_total" {print int($2)}')"
    takeovers=$((takeovers + ${n:-0}))
  done
  echo "lease take-overs by the nodes running at the end: $takeovers"
  stop_nodes
  if [ "$status" != 0 ]; then
    failed+=("$run")
    for k in 1 2 3; do echo "-- node $k log (last lines)"; tail -n 5 "$work/n$k.log"; done
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "partition harness: FAILED: ${failed[*]}"
  exit 1
fi
echo "partition harness: every run passed (${runs[*]})"
