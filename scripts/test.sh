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
cargo test --workspace --locked

step "scenario files through the command-line checker"
if [ -d engine/tests/scenarios ]; then
  cargo run --quiet --locked -p senet-engine --example scenario -- engine/tests/scenarios | tail -n 1
else
  echo "no scenario files yet (engine/tests/scenarios is missing)"
fi
