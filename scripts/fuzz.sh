#!/usr/bin/env bash
# Fuzzing with cargo-fuzz (libFuzzer): the engine's move generator against an independent
# enumeration of every expressible move, and the WebSocket message decoder.
#   scripts/fuzz.sh [seconds per target]     (default 20: what the test command runs)
# New corpus entries go to fuzz/target/corpus/<target>; the committed seeds stay as they are.
# A crash fails the run; libFuzzer leaves the input under fuzz/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
secs="${1:-20}"

# cargo-fuzz drives the nightly compiler; without one, stable with RUSTC_BOOTSTRAP=1 accepts
# the same flags (no sanitizer is used: the engine and server forbid unsafe code).
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  tc=(+nightly)
else
  export RUSTC_BOOTSTRAP=1
  tc=()
fi
if ! cargo "${tc[@]}" fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked --version 0.13.2
fi

for target in engine_moves protocol_decode; do
  work="target/corpus/$target"
  mkdir -p "$work"
  echo "fuzzing $target for ${secs}s"
  log="target/$target.log"
  if ! cargo "${tc[@]}" fuzz run -O -s none "$target" "$work" "corpus/$target" -- \
    -max_total_time="$secs" -print_final_stats=1 >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "fuzz target $target failed (input saved under fuzz/artifacts/$target/)" >&2
    exit 1
  fi
  grep -E '^(Done|stat::number_of_executed_units)|cov: .* DONE' "$log" || true
done
