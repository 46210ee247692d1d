import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Plugin, Rollup } from 'vite';

const TEMPLATE = new URL('../src/service-worker/service-worker.js', import.meta.url);

/** Files at the root of the web app that the home-screen start needs besides the built ones. */
export const INSTALL_FILES = [
  '/',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
] as const;

/** The worker's source with its version and the shell it caches on install. */
export function serviceWorkerSource(version: string, shell: readonly string[]): string {
  return fs
    .readFileSync(TEMPLATE, 'utf8')
    .replace('__VERSION__', version)
    .replace('__SHELL__', JSON.stringify(shell));
}

/** The entry script, the scripts it imports at once and their styles: what the first page needs. */
export function shellOf(bundle: Rollup.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const output = bundle[fileName];
    if (output?.type !== 'chunk' || files.has(`/${fileName}`)) return;
    files.add(`/${fileName}`);
    for (const css of output.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
    for (const imported of output.imports) visit(imported);
  };
  for (const output of Object.values(bundle))
    if (output.type === 'chunk' && output.isEntry) visit(output.fileName);
  return [...INSTALL_FILES, ...[...files].sort()];
}

/**
 * Writes /sw.js (decision 158): a small hand-written worker, versioned by the names of the built
 * files, so each release installs a fresh cache and drops the old one.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'mandira-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).sort().join('\n');
      const version = createHash('sha256').update(names).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: serviceWorkerSource(version, shellOf(bundle)),
      });
    },
  };
}
