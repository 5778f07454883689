#!/usr/bin/env bash
# Lighthouse figures of the web client, for docs/performance.md ("Web client (Lighthouse)").
# Not a test, and not part of scripts/test.sh: it prints scores, it does not judge them.
#
# Installs the pinned lighthouse into tests/perf (npm ci), builds the server (debug; RELEASE=1
# for a release build), starts it on a free port with a temporary data directory, and runs
# tests/perf/lighthouse.mjs against it with Debian's Chromium (RUNS=N audits per page, default
# 3; HOWTO=<variant> picks the how-to page). Needs Node.js 20+ and /usr/bin/chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y chromium >/dev/null || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }
fi
command -v node >/dev/null || { echo "node not found: install Node.js 20 or later" >&2; exit 1; }
(cd tests/perf && npm ci --no-audit --no-fund --loglevel=error)

profile=debug
if [ "${RELEASE:-0}" = 1 ]; then profile=release; fi
cargo build --quiet --locked -p senet-server $([ "$profile" = release ] && echo --release)
server="${CARGO_TARGET_DIR:-target}/$profile/senet-server"

data="$(mktemp -d)"
port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
# The board page's match starts its game 200 ms after both seats are taken, without waiting
# for the second player's seed: nobody plays that seat here.
"$server" --port "$port" --data-dir "$data" --seed-wait-ms 200 --max-open-per-address 0 \
  >"$data/server.log" 2>&1 &
server_pid=$!
stop() { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; rm -rf "$data"; }
trap stop EXIT

echo "senet-server ($profile) on port $port; $(/usr/bin/chromium --version 2>/dev/null | tail -n 1)"
SENET_URL="http://127.0.0.1:$port" node tests/perf/lighthouse.mjs
