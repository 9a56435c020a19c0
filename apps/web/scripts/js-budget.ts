/**
 * The initial JavaScript budget of /feed (issue 8 item 6): what a phone downloads before the feed
 * can show its first video, gzipped, at most 170 kB. Checked after every `vite build` (the plugin
 * below, in vite.config.ts), so a change that breaks the budget fails the build.
 *
 * "Initial" is read from Vite's build manifest: the entry (index.html's script) and the /feed
 * route's module (which the router loads at once on /feed), each with everything it imports
 * statically, transitively, every file counted once. Dynamic imports (other screens, the report
 * dialog) are not initial and are left out. Sizes are gzip at zlib's default level, as a server
 * or CDN compresses on the fly; kB are 1,000 bytes, as Vite's own report prints them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** One chunk of Vite's .vite/manifest.json (the fields this check reads). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const FEED_JS_BUDGET_BYTES = 170_000;
/** The manifest keys /feed starts from: the HTML entry and the route's module. */
export const FEED_INITIAL_KEYS = ['index.html', 'src/routes/feed.tsx'];

/** The JS files loaded up front for `keys`: each key's file and its static imports, transitively. */
export function initialFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string, from: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no ${key} (imported from ${from})`);
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const key of keys) visit(key, 'the budget');
  return files;
}

export interface BudgetReport {
  ok: boolean;
  totalGzipBytes: number;
  budgetBytes: number;
  files: Array<{ file: string; gzipBytes: number }>;
  message: string;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Measures the initial files gzipped; `read` gives a file's bytes by its manifest name. */
export function checkBudget(
  manifest: Manifest,
  read: (file: string) => Uint8Array,
  options: { keys?: readonly string[]; budgetBytes?: number; label?: string } = {},
): BudgetReport {
  const keys = options.keys ?? FEED_INITIAL_KEYS;
  const budgetBytes = options.budgetBytes ?? FEED_JS_BUDGET_BYTES;
  const label = options.label ?? '/feed';
  const files = initialFiles(manifest, keys).map((file) => ({
    file,
    gzipBytes: gzipSync(read(file)).length,
  }));
  const totalGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const ok = totalGzipBytes <= budgetBytes;
  const largest = [...files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 5)
    .map((f) => `${f.file} ${kB(f.gzipBytes)}`)
    .join(', ');
  const message = ok
    ? `JS budget: initial JavaScript of ${label} is ${kB(totalGzipBytes)} gzipped in ${files.length} files (budget ${kB(budgetBytes)})`
    : `JS budget exceeded: the initial JavaScript of ${label} is ${kB(totalGzipBytes)} gzipped (${totalGzipBytes} bytes in ${files.length} files), over the budget of ${kB(budgetBytes)} by ${kB(totalGzipBytes - budgetBytes)}. Largest: ${largest}. Load what /feed does not need at once lazily (import()), or drop it.`;
  return { ok, totalGzipBytes, budgetBytes, files, message };
}

/** Reads outDir/.vite/manifest.json after the build and fails the build when over the budget. */
export function jsBudget(options: { budgetBytes?: number } = {}): Plugin {
  let outDir = '';
  return {
    name: 'adreel:js-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifestFile = path.join(outDir, '.vite', 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
      const report = checkBudget(manifest, (file) => readFileSync(path.join(outDir, file)), {
        ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
      });
      if (!report.ok) throw new Error(report.message);
      this.info(report.message);
    },
  };
}
