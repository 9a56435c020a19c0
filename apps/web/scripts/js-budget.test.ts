import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBudget, initialFiles, jsBudget, type Manifest } from './js-budget';

/** A manifest shaped like Vite's: entry → shared chunks, the route (dynamic) → its own imports. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/routes/feed.tsx', 'src/routes/account.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  'src/routes/feed.tsx': {
    file: 'assets/feed.js',
    src: 'src/routes/feed.tsx',
    isDynamicEntry: true,
    imports: ['_react.js', '_video.js'],
    dynamicImports: ['src/features/reports/report-dialog.tsx'],
  },
  '_video.js': { file: 'assets/video.js', imports: ['_react.js'] },
  'src/features/reports/report-dialog.tsx': {
    file: 'assets/report-dialog.js',
    isDynamicEntry: true,
    imports: ['_schemas.js'],
  },
  '_schemas.js': { file: 'assets/schemas.js' },
  'src/routes/account.tsx': { file: 'assets/account.js', isDynamicEntry: true },
};

/** Random bytes do not compress: a file of n of them is about n bytes gzipped. */
function filesOf(sizes: Record<string, number>) {
  const contents = new Map(Object.entries(sizes).map(([file, n]) => [file, randomBytes(n)]));
  return (file: string) => {
    const bytes = contents.get(file);
    if (!bytes) throw new Error(`read ${file}, which the fixture does not have`);
    return bytes;
  };
}

const sizes = {
  'assets/index.js': 60_000,
  'assets/react.js': 50_000,
  'assets/feed.js': 20_000,
  'assets/video.js': 10_000,
  'assets/report-dialog.js': 90_000,
  'assets/schemas.js': 90_000,
  'assets/account.js': 90_000,
};

describe('initial JavaScript of /feed', () => {
  it('is the entry and the route with their static imports, each once, without lazy chunks', () => {
    expect(initialFiles(manifest, ['index.html', 'src/routes/feed.tsx'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/feed.js',
      'assets/video.js',
    ]);
  });

  it('passes under the budget with the gzipped total', () => {
    const report = checkBudget(manifest, filesOf(sizes), { budgetBytes: 170_000 });
    expect(report.ok).toBe(true);
    const expected = ['index', 'react', 'feed', 'video']
      .map((name) => gzipSync(filesOf(sizes)(`assets/${name}.js`)).length)
      .reduce((a, b) => a + b, 0);
    // Random bytes: each file's gzip is its size plus a few header bytes.
    expect(report.totalGzipBytes).toBeGreaterThan(140_000);
    expect(Math.abs(report.totalGzipBytes - expected)).toBeLessThan(400);
  });

  it('fails over the budget, naming the size and the largest files', () => {
    const over = { ...sizes, 'assets/video.js': 45_000 };
    const report = checkBudget(manifest, filesOf(over), { budgetBytes: 170_000 });
    expect(report.ok).toBe(false);
    expect(report.totalGzipBytes).toBeGreaterThan(170_000);
    expect(report.message).toMatch(
      /JS budget exceeded: the initial JavaScript of \/feed is 175\.\d kB gzipped/,
    );
    expect(report.message).toContain('budget of 170.0 kB');
    expect(report.message).toContain('assets/index.js 60.');
  });

  it('names a chunk the manifest lacks instead of passing quietly', () => {
    const broken: Manifest = { 'index.html': { file: 'assets/index.js', imports: ['_gone.js'] } };
    expect(() => initialFiles(broken, ['index.html'])).toThrow(
      /no _gone\.js \(imported from index\.html\)/,
    );
  });
});

describe('the build plugin', () => {
  let outDir: string | undefined;
  afterEach(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  function buildOutput(fileSizes: Record<string, number>) {
    outDir = mkdtempSync(path.join(tmpdir(), 'js-budget-'));
    mkdirSync(path.join(outDir, '.vite'));
    mkdirSync(path.join(outDir, 'assets'));
    writeFileSync(path.join(outDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const [file, n] of Object.entries(fileSizes))
      writeFileSync(path.join(outDir, file), randomBytes(n));
    return outDir;
  }

  function runPlugin(dir: string) {
    const plugin = jsBudget();
    const messages: string[] = [];
    const configResolved = plugin.configResolved as (config: unknown) => void;
    configResolved({ root: dir, build: { outDir: '.' } });
    const closeBundle = plugin.closeBundle as (this: unknown) => void;
    closeBundle.call({ info: (message: string) => messages.push(message) });
    return messages;
  }

  it('reads the written manifest and files and lets a build within the budget pass', () => {
    const messages = runPlugin(buildOutput(sizes));
    expect(messages[0]).toMatch(/^JS budget: initial JavaScript of \/feed is 140\.\d kB gzipped/);
  });

  it('fails the build when the written files are over the budget', () => {
    const dir = buildOutput({ ...sizes, 'assets/feed.js': 70_000 });
    expect(() => runPlugin(dir)).toThrow(/JS budget exceeded: .* 190\.\d kB gzipped/);
  });
});
