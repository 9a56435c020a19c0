/**
 * Brotli and gzip copies of the built text assets (file.br, file.gz beside file), made once at
 * build time so the server sends them compressed without spending CPU per request (@fastify/static
 * preCompressed picks the variant from Accept-Encoding). On a phone's network this is most of the
 * first load: the entry script is about 400 kB raw and 130 kB gzipped.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than its own headers. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* filesUnder(file);
    } else yield file;
  }
}

/** Writes file.br and file.gz for every compressible file in `dir`; returns how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    count += 1;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'adreel:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const count = precompressDir(outDir);
      this.info(`precompressed ${count} files (.br, .gz)`);
    },
  };
}
