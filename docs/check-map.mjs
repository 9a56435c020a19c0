#!/usr/bin/env node
// Keeps docs/architecture.md honest:
//   node docs/check-map.mjs          every `path` in backticks that looks like a file or folder of
//                                    this repository must exist (exit 1 and a list otherwise)
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
  if (missing.size > 0) {
    console.error(`docs/architecture.md names ${missing.size} path(s) that do not exist:`);
    for (const path of missing) console.error(`  ${path}`);
    process.exit(1);
  }
  console.log(`docs/architecture.md: ${checked} paths, all present`);
}

if (process.argv.includes('--graph')) graph();
else check();
