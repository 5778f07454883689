#!/usr/bin/env bash
# Writes web/fluent.js: Project Fluent's formatter for the browser (@fluent/bundle, pinned),
# bundled into one ES module by esbuild and printed again by terser without its comments
# (the site slims every script line by line, and a quote inside a comment would read as an
# open literal), neither compressed nor renamed. The file is committed and only this script
# writes it, so the client keeps its no-build-step rule. Run it to move to another version:
#   bash scripts/vendor-fluent.sh
set -euo pipefail
cd "$(dirname "$0")/.."
fluent=0.19.1
esbuild=0.24.2
terser=5.36.0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund \
  "@fluent/bundle@$fluent" "esbuild@$esbuild" "terser@$terser")
echo 'export { FluentBundle, FluentResource } from "@fluent/bundle";' >"$work/entry.js"
{
  printf '/* @fluent/bundle %s (https://projectfluent.org), Apache-2.0, (c) Mozilla.\n' "$fluent"
  printf '   Bundled by scripts/vendor-fluent.sh with esbuild %s and terser %s: do not edit. */\n' "$esbuild" "$terser"
  "$work/node_modules/.bin/esbuild" "$work/entry.js" --bundle --format=esm --target=es2020 --log-level=warning \
    | "$work/node_modules/.bin/terser" --module --ecma 2020 --format beautify=true,comments=false
  echo
} >web/fluent.js
