#!/usr/bin/env node
// Keeps docs/architecture.md honest:
//   node docs/check-map.mjs          every `path` in backticks that looks like a file or folder of
//                                    this repository must exist, and every docs/product.md §2 route and §3
//                                    entity must have its row in the map (exit 1 and a list otherwise)
//   node docs/check-map.mjs --graph  prints the server module graph (which module imports which
//                                    other module's files), to paste into architecture.md
// The map writes paths short; each is looked up under these roots, first match wins.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));

const ROOTS = [
  '.',
  'apps/web/src',
  'apps/web/src/features',
  'apps/server/src',
  'apps/server/src/modules',
  'apps/server/src/platform',
  'apps/server/src/db/schema',
  'packages/domain/src',
  'docs/decisions',
];
const MODULES = 'apps/server/src/modules';

function graph() {
  for (const module of readdirSync(MODULES).sort()) {
    const uses = new Set();
    for (const file of readdirSync(join(MODULES, module), { recursive: true })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = readFileSync(join(MODULES, module, file), 'utf8');
      for (const [, other] of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) {
        if (other !== module) uses.add(other);
      }
    }
    console.log(`${module} -> ${[...uses].sort().join(', ') || '(none)'}`);
  }
}

// docs/product.md §2's routes and §3's entities, as the map's first column names them: each must start a
// row of the Screens or Entities table, so a newcomer finds every one of them from the map.
const SPEC_ROUTES = [
  '/',
  '/auth',
  '/join',
  '/feed',
  '/briefs',
  '/guidelines',
  '/profile?id=',
  '/leaderboard/videos',
  '/leaderboard/creators',
  '/creator/home',
  '/creator/upload',
  '/creator/videos',
  '/creator/earnings',
  '/brand/dashboard',
  '/admin',
  '/admin/invites',
  '/admin/whitelist',
];
const SPEC_ENTITIES = [
  'user_roles',
  'profiles',
  'whitelist',
  'invites',
  'access_requests',
  'videos',
  'campaigns',
  'submissions',
  'transactions',
  'reports',
  'shares',
  'Auth session',
  'Multi-factor factors',
  'Sign-up metadata',
];

function unmapped(text) {
  const firstCells = new Set(
    [...text.matchAll(/^\| *([^|]+?) *\|/gm)].map(([, cell]) =>
      cell.replace(/^`([^`]*)`.*$/, '$1'),
    ),
  );
  return [
    ...SPEC_ROUTES.filter((route) => !firstCells.has(route)).map((r) => `screen ${r}`),
    ...SPEC_ENTITIES.filter((entity) => !firstCells.has(entity)).map((e) => `entity ${e}`),
  ];
}

function check() {
  const text = readFileSync('docs/architecture.md', 'utf8');
  const missing = new Set();
  let checked = 0;
  for (const [, raw] of text.matchAll(/`([^`\s]+)`/g)) {
    // A path has a slash or a file extension; endpoints (/api/…), globs and code are skipped.
    if (raw.startsWith('/') || /[*{}()<>=:$…]/.test(raw)) continue;
    if (!raw.includes('/') && !/\.(tsx?|mjs|cjs|json|md)$/.test(raw)) continue;
    const path = raw.replace(/\/$/, '');
    checked += 1;
    if (!ROOTS.some((root) => existsSync(join(root, path)))) missing.add(raw);
  }
  const rows = unmapped(text);
  if (rows.length > 0) {
    console.error(`docs/architecture.md has no row for ${rows.length} docs/product.md item(s):`);
    for (const row of rows) console.error(`  ${row}`);
    process.exitCode = 1;
  }
  if (missing.size > 0) {
    console.error(`docs/architecture.md names ${missing.size} path(s) that do not exist:`);
    for (const path of missing) console.error(`  ${path}`);
    process.exit(1);
  }
  if (rows.length === 0)
    console.log(
      `docs/architecture.md: ${checked} paths, all present; ${SPEC_ROUTES.length} docs/product.md screens and ${SPEC_ENTITIES.length} entities, each with its row`,
    );
}

if (process.argv.includes('--graph')) graph();
else check();
