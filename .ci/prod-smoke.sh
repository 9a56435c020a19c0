#!/usr/bin/env bash
# The production smoke run (issue 17, decision 031), on this checkout: `npm run build`, the built
# artefacts installed without devDependencies in a temporary directory (.ci/prod-install.sh, as the
# Dockerfile does), a fresh database on the PostgreSQL server at 127.0.0.1:5432 (user postgres),
# two PROCESS_ROLE=api processes and a worker started as `npm run start:prod` starts them, then
# .ci/prod-smoke.mjs through sign-in, upload, processing, approval and the feed, and /metrics through
# promtool when it is installed. Exits non-zero on any failure; stops its processes and drops its
# database in every case. Needs the dev install (`npm ci`) for the build; about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
started=$(date +%s)
say() { printf 'prod-smoke: %s (%ss)\n' "$1" "$(($(date +%s) - started))"; }

# Node 24 runs production (the image's node:24-slim). This machine's own node may be older: then
# the repository's `node` devDependency stands in for the host's, first on PATH for npm too.
node_bin=${NODE_BIN:-}
if [ -z "$node_bin" ]; then
  if node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)' 2>/dev/null; then
    node_bin=$(command -v node)
  else
    node_bin=$repo/node_modules/.bin/node
  fi
fi
node_bin=$(readlink -f "$node_bin")
export PATH="$(dirname "$node_bin"):$PATH"
say "node $(node --version)"

.ci/apt-install.sh ffmpeg

work=$(mktemp -d "${TMPDIR:-/tmp}/adreel-prod-smoke-XXXXXX")
database="adreel_smoke_$$_$(date +%s)"
pg_url="postgres://postgres@127.0.0.1:5432"
pids=()
cleanup() {
  status=$?
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  if [ "$status" -ne 0 ]; then
    for log in "$work"/*.log; do
      [ -f "$log" ] && { echo "--- $(basename "$log") (last 40 lines)"; tail -n 40 "$log"; }
    done
  fi
  psql "$pg_url/postgres" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT INT TERM

# .ci/run has just built this checkout for the browser journeys (`npm run build`, the same command):
# PROD_SMOKE_REUSE_BUILD=1 takes that build instead of making it again.
if [ -n "${PROD_SMOKE_REUSE_BUILD:-}" ] && [ -f apps/server/dist/main.js ] && [ -f apps/web/dist/index.html ]; then
  say "reusing the build"
else
  say "building"
  npm run build --silent >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
fi

say "installing the build without devDependencies"
.ci/prod-install.sh "$work/app" >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
[ ! -e "$work/app/node_modules/typescript" ] && [ ! -e "$work/app/node_modules/tsx" ] && [ ! -e "$work/app/node_modules/vite" ] ||
  { echo "prod-smoke: devDependencies were installed" >&2; exit 1; }

say "database $database"
psql "$pg_url/postgres" -qc "CREATE DATABASE $database" >/dev/null
export DATABASE_URL="$pg_url/$database"
export NODE_ENV=production DATA_DIR="$work/data" LOG_LEVEL=info
# Production refuses /metrics open to anyone on PORT (decision 031): Prometheus's bearer token.
METRICS_TOKEN=$(node -p 'require("node:crypto").randomBytes(24).toString("hex")')
export METRICS_TOKEN

ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc2=size=360x640:rate=30:duration=2 \
  -f lavfi -i sine=frequency=440:duration=2 -c:v libx264 -preset ultrafast -pix_fmt yuv420p \
  -c:a aac -shortest -movflags +faststart "$work/clip.mp4"

# The demo accounts through the built operator command (db:seed's), before any process starts.
(cd "$work/app" && SEED_DEMO=true node apps/server/dist/seed-cli.js >"$work/seed.log" 2>&1)

read -r api1 api2 worker < <(node -e '
  const net = require("node:net");
  const free = () => new Promise((ok) => { const s = net.createServer().listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => ok(p)); }); });
  Promise.all([free(), free(), free()]).then((ports) => console.log(ports.join(" ")));')
export PUBLIC_URL="http://127.0.0.1:$api1"
# `npm run start:prod`'s command itself, exec'd: $! is the server's PID and a SIGTERM reaches it alone.
start_prod=$(cd "$work/app" && node -p 'require("./package.json").scripts["start:prod"]')
start() { # role port name
  (cd "$work/app" && PROCESS_ROLE=$1 PORT=$2 HOST=127.0.0.1 exec sh -c "exec $start_prod" >"$work/$3.log" 2>&1) &
  pids+=($!)
}
# Without METRICS_TOKEN (nor METRICS_PORT, nor METRICS=false) a production process does not start.
if (cd "$work/app" && METRICS_TOKEN= PORT=0 sh -c "exec $start_prod" >"$work/refused.log" 2>&1); then
  echo "prod-smoke: a production process started with /metrics open to anyone" >&2; exit 1
fi
grep -q 'METRICS_TOKEN: is required in production' "$work/refused.log" ||
  { cat "$work/refused.log"; exit 1; }
say "without METRICS_TOKEN or METRICS_PORT a production process refuses to start"
start api "$api1" api1
start api "$api2" api2
start worker "$worker" worker
for port in "$api1" "$api2" "$worker"; do
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    sleep 0.5
  done
done
say "processes started (api :$api1 :$api2, worker :$worker)"

WORKER_URL="http://127.0.0.1:$worker" node .ci/prod-smoke.mjs "$work/clip.mp4" \
  "http://127.0.0.1:$api1" "http://127.0.0.1:$api2"

status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$api1/metrics")
[ "$status" = 401 ] || { echo "prod-smoke: /metrics without the token answered $status" >&2; exit 1; }
if [ -x "$(command -v promtool)" ]; then
  curl -fsS -H "Authorization: Bearer $METRICS_TOKEN" "http://127.0.0.1:$api1/metrics" | promtool check metrics
  say "promtool check metrics: /metrics of a production process passes"
fi

# A graceful stop: each process ends by itself on SIGTERM.
for pid in "${pids[@]}"; do kill -TERM "$pid"; done
for pid in "${pids[@]}"; do
  wait "$pid" || { echo "prod-smoke: a process did not stop cleanly on SIGTERM" >&2; exit 1; }
done
pids=()
say "passed"
