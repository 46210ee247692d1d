import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files a browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves next to nothing (the page and every script are above it). */
const MIN_BYTES = 256;

/** Every file under `dir`, as paths relative to it, the build's own `.vite` folder left out. */
function filesUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : filesUnder(dir, relative);
    return [relative];
  });
}

/**
 * Writes `name.br` and `name.gz` beside each built text file, so the server sends the smaller copy the
 * browser accepts without compressing on every request (decision 106).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mandira-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const full = path.join(outDir, file);
        const content = fs.readFileSync(full);
        if (content.length < MIN_BYTES) continue;
        fs.writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${full}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}
