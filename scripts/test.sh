#!/usr/bin/env bash
# The whole test suite: what the README's test command runs and what CI runs (.ci/run).
# Installs what it needs, then runs lints, every Rust test, and the scenario files.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "toolchain"
command -v cargo >/dev/null || { echo "cargo not found: install Rust from https://rustup.rs" >&2; exit 1; }
cargo --version
rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy rustfmt >/dev/null 2>&1 || true

step "format"
cargo fmt --all -- --check

step "lints"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "tests"
# The several-nodes tests (server/tests/suite/cluster.rs) restart a Redis of their own.
if ! command -v redis-server >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y redis-server >/dev/null || { apt-get update >/dev/null && apt-get install -y redis-server >/dev/null; } || echo "no redis-server: the Redis tests will say they are skipped"
fi
cargo test --workspace --locked

step "partition harness, short: nodes, Postgres and Redis in network namespaces, wires cut while clients play (scripts/partition.sh)"
# Root and `ip netns` (skipped, loudly, without them); libfaketime for the clock-skew run.
if ! ls /usr/lib/*/faketime/libfaketimeMT.so.1 >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y faketime >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y faketime >/dev/null; } || echo "no faketime: the clock-skew run will say it is skipped"
fi
timeout 900 bash scripts/partition.sh short

step "scenario files through the command-line checker"
if [ -d engine/tests/scenarios ]; then
  cargo run --quiet --locked -p senet-engine --example scenario -- engine/tests/scenarios | tail -n 1
else
  echo "no scenario files yet (engine/tests/scenarios is missing)"
fi

step "API conformance: schemathesis against /api/openapi.json (scripts/schemathesis.sh)"
bash scripts/schemathesis.sh

step "fuzzing: engine move generator and message decoder, 20 s each (scripts/fuzz.sh)"
bash scripts/fuzz.sh 20

step "browser tests: the web client in headless Chromium (tests/browser)"
# Debian's chromium and the pinned playwright-core; a debug server on a free port with a
# temporary data directory, stopped when this step ends. Screenshots go to target/screenshots/.
if [ ! -x /usr/bin/chromium ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y chromium >/dev/null || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }
fi
command -v node >/dev/null || { echo "node not found: install Node.js 20 or later" >&2; exit 1; }
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
# Built with chosen dice (`test-dice`: POST /api/matches takes `test_dice_seed`), which a
# normal build refuses: the browser tests seed a game to get a pass and a capture for sure.
cargo build --quiet --locked -p senet-server --features test-dice
web_data="$(mktemp -d)"
web_port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
# One address plays every seat of every match here, so the per-address cap on open matches is off;
# bots answer after 50 ms instead of a person's 700, so a game against the computer is quick;
# one rated game against one opponent puts a player on the board by rating.
target/debug/senet-server --port "$web_port" --data-dir "$web_data" --abandon-after 3 \
  --max-open-per-address 0 --bot-delay-ms 50 --board-min-games 1 --board-min-opponents 1 \
  >"$web_data/server.log" 2>&1 &
web_pid=$!
stop_web() { kill "$web_pid" 2>/dev/null || true; wait "$web_pid" 2>/dev/null || true; rm -rf "$web_data"; }
trap stop_web EXIT
SENET_URL="http://127.0.0.1:$web_port" timeout 900 node tests/browser/run.mjs || { echo "server log:"; tail -n 40 "$web_data/server.log"; exit 1; }
step "browser tests: accounts with Chromium's virtual passkey authenticator (tests/browser/accounts.mjs)"
# Opened at localhost (a browser makes passkeys for a domain only), on the same server.
SENET_URL="http://127.0.0.1:$web_port" timeout 300 node tests/browser/accounts.mjs || { echo "server log:"; tail -n 40 "$web_data/server.log"; exit 1; }
step "browser tests: tournaments, a Swiss event and an arena played through the pages (tests/browser/tournaments.mjs)"
SENET_URL="http://127.0.0.1:$web_port" timeout 300 node tests/browser/tournaments.mjs || { echo "server log:"; tail -n 40 "$web_data/server.log"; exit 1; }
step "browser tests: every page in English, French and Arabic, the switch, right to left (tests/browser/languages.mjs)"
SENET_URL="http://127.0.0.1:$web_port" timeout 600 node tests/browser/languages.mjs || { echo "server log:"; tail -n 40 "$web_data/server.log"; exit 1; }
step "browser tests: Lighthouse accessibility 100, the lobby and a board (player, spectator) in each language (tests/browser/lighthouse.mjs)"
# The pinned lighthouse (tests/browser/package.json) over the DevTools port of one Chromium:
# 18 audits, about 3 minutes.
SENET_URL="http://127.0.0.1:$web_port" timeout 600 node tests/browser/lighthouse.mjs || { echo "server log:"; tail -n 40 "$web_data/server.log"; exit 1; }
stop_web
trap - EXIT
step "browser record check: web/verify.js on tests/fixtures/tampered-records.json (tests/browser/verify-fixtures.mjs)" && timeout 120 node tests/browser/verify-fixtures.mjs
