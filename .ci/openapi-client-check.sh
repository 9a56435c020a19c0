#!/usr/bin/env bash
# A typed client from /api/docs (issue 17 item 6): the OpenAPI document of the app as it is
# (.ci/openapi-client/dump-openapi.ts), TypeScript types generated from it with openapi-typescript,
# and .ci/openapi-client/program.ts (sign in, read the feed through openapi-fetch) type-checked
# against them. Fails when the document cannot be generated from, or describes the API so that the
# program does not compile. About 20 s.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.ci/openapi-client
work=$(mktemp -d "${TMPDIR:-/tmp}/adreel-openapi-XXXXXX")
trap 'rm -rf "$work" "$dir/api.d.ts"' EXIT
node_modules/.bin/node --import tsx "$dir/dump-openapi.ts" "$work/openapi.json"
npx --no-install openapi-typescript "$work/openapi.json" --output "$dir/api.d.ts"
node_modules/.bin/node -e '
  const doc = require(process.argv[1]);
  const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
  const missing = ops.filter((op) => !op.operationId || !op.tags?.length);
  console.log(`openapi-client: ${ops.length} operations, ${Object.keys(doc.components?.securitySchemes ?? {}).join(" and ")} security schemes`);
  if (missing.length) { console.error("operations without operationId or tag:", missing.length); process.exit(1); }
' "$work/openapi.json"
npx --no-install tsc -p "$dir" --noEmit
echo "openapi-client: program.ts type-checks against the generated client"
