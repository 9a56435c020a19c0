#!/usr/bin/env bash
# `promtool check metrics` on what /metrics serves (issue 17): a server started from the sources on
# an embedded database in a temporary directory, asked a few requests, then scraped. Needs promtool
# (Debian's prometheus package, installed by .ci/run). The server test
# apps/server/test/ops/metrics-endpoint.test.ts checks the same when promtool is there, and
# .ci/prod-smoke.sh checks a production process's output.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v promtool >/dev/null; then
  echo "promtool-check: promtool is not installed (apt-get install prometheus)" >&2
  exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/adreel-promtool-XXXXXX")
port=$(node_modules/.bin/node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
pid=
cleanup() {
  status=$?
  if [ -n "$pid" ]; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  [ "$status" -ne 0 ] && [ -f "$work/server.log" ] && tail -n 30 "$work/server.log"
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT INT TERM

# The sources through tsx's loader in one process of the repository's Node 24: $! is the server.
(DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 SEED_DEMO=false LOG_LEVEL=warn \
  exec node_modules/.bin/node --import tsx apps/server/src/main.ts >"$work/server.log" 2>&1) &
pid=$!
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.5
done
for path in /api/feed /api/no-such-thing /healthz; do
  curl -sS -o /dev/null "http://127.0.0.1:$port$path"
done
curl -fsS "http://127.0.0.1:$port/metrics" >"$work/metrics.txt"
promtool check metrics <"$work/metrics.txt"
echo "promtool-check: /metrics passes ($(grep -c '^# TYPE' "$work/metrics.txt") families)"
