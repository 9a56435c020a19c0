#!/usr/bin/env bash
# Copies what production runs out of this checkout (after `npm run build`) into DEST and installs its
# runtime dependencies there with `npm ci --omit=dev`: no TypeScript, no tsx, no Vite, no `node`
# package. .ci/prod-smoke.sh runs it, and so does the Dockerfile's build stage (decision 031), so the
# image holds exactly what CI started and tried.
# Usage: .ci/prod-install.sh DEST
set -euo pipefail
dest=${1:?usage: .ci/prod-install.sh DEST}
cd "$(dirname "$0")/.."
if [ ! -f apps/server/dist/main.js ] || [ ! -f apps/web/dist/index.html ]; then
  echo "prod-install: no build here; run npm run build first" >&2
  exit 1
fi
mkdir -p "$dest/apps/server" "$dest/apps/web" "$dest/packages/domain" "$dest/data"
# The workspaces' manifests: npm ci checks them against the lock file.
cp package.json package-lock.json .env.example "$dest/"
cp apps/server/package.json "$dest/apps/server/"
cp apps/web/package.json "$dest/apps/web/"
cp packages/domain/package.json "$dest/packages/domain/"
# The built server (migrations included) and the web app it serves.
rm -rf "$dest/apps/server/dist" "$dest/apps/web/dist"
cp -R apps/server/dist "$dest/apps/server/dist"
cp -R apps/web/dist "$dest/apps/web/dist"
cd "$dest"
# The server's runtime dependencies only: the web app is already built (no React at run time).
npm ci --omit=dev --workspace @adreel/server --no-audit --no-fund --loglevel=error
echo "prod-install: $(du -sh "$dest" | cut -f1) in $dest"
