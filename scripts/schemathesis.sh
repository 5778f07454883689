#!/usr/bin/env bash
# Property-based API tests: schemathesis (PyPI, pinned) generates requests from the server's
# own /api/openapi.json and checks every answer: no server error, status codes, content types
# and headers as documented, every JSON body against its schema (response_schema_conformance:
# the schemas are derived from the handlers' types, so this checks the types' serde forms
# against the document), and schema-violating requests refused.
#   scripts/schemathesis.sh [examples per operation]   (default 50)
# The typed answers let schemathesis follow links (a quick game's ticket into its long poll,
# which waits up to 20 s): hence a request timeout and a response-time limit (the
# max_response_time check of --checks all, 10 s by default) over that.
# positive_data_acceptance is left out: requests valid by the schema may still be refused for
# reasons a schema cannot state (an unknown player key or invite, a name of control
# characters, 3.0 where JSON Schema counts it an integer and the server wants 3).
set -euo pipefail
cd "$(dirname "$0")/.."
examples="${1:-50}"
venv=target/schemathesis-venv
if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check schemathesis==4.32.5
fi
cargo build --quiet --locked -p senet-server
data="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# Match creation is rate limited per address by default; the generator creates many.
target/debug/senet-server --port "$port" --data-dir "$data" --create-per-min 0 \
  --max-open-per-address 0 --players-per-min 0 --verify-per-min 0 --upgrades-per-sec 0 >"$data/server.log" 2>&1 &
pid=$!
stop() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap stop EXIT
for _ in $(seq 100); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break
  sleep 0.1
done
"$venv/bin/schemathesis" run "http://127.0.0.1:$port/api/openapi.json" \
  --checks all --exclude-checks positive_data_acceptance \
  --max-examples "$examples" --seed 1 --exclude-path '/ws/matches/{id}' \
  --request-timeout 30 --max-response-time 25 \
  || { echo "server log:"; tail -n 40 "$data/server.log"; exit 1; }
