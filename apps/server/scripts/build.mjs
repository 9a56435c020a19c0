/**
 * The server's production build (decision 031): src/main.ts and the operator commands bundled by
 * esbuild into dist/*.js with what they use of packages/domain, every npm package left as an import
 * that must be one of apps/server's `dependencies` (so an `npm ci --omit=dev` install can start it),
 * and the migrations' SQL copied beside them (dist/migrations, where db/client.ts looks).
 * Run by `npm run build`; plain `node dist/main.js` runs the result.
 */
import { cp, readFile, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(serverDir, 'dist');
const manifest = JSON.parse(await readFile(path.join(serverDir, 'package.json'), 'utf8'));
const runtimeDependencies = new Set(Object.keys(manifest.dependencies ?? {}));
/** Workspace packages are TypeScript sources: bundled, never imported at run time. */
const BUNDLED_WORKSPACES = new Set(['@adreel/domain']);

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Every bare import must be bundled (workspace) or be a runtime dependency; else the build fails. */
const dependenciesOnly = {
  name: 'adreel:runtime-dependencies-only',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtinModules.includes(args.path)) {
        return { path: args.path, external: true };
      }
      const name = packageName(args.path);
      if (BUNDLED_WORKSPACES.has(name)) return undefined;
      if (runtimeDependencies.has(name)) return { path: args.path, external: true };
      return {
        errors: [
          {
            text: `${name} is imported at run time (by ${path.relative(serverDir, args.importer)}) but is not in apps/server's dependencies`,
          },
        ],
      };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: {
    main: 'src/main.ts',
    'seed-cli': 'src/db/seed-cli.ts',
    'rotate-keys-cli': 'src/db/rotate-keys-cli.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // package.json's engines; Node 24 is what CI and the image run.
  target: 'node22.22',
  splitting: true,
  // Chunks beside the entries: config.ts and db/client.ts find the root and the migrations from
  // import.meta.url, which must be one level under apps/server as src/ is.
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  // Keeps class and function names in stack traces and error logs.
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [dependenciesOnly],
});
await cp(path.join(serverDir, 'src/db/migrations'), path.join(outdir, 'migrations'), {
  recursive: true,
});
console.log(`server built: ${path.relative(process.cwd(), outdir)}`);
