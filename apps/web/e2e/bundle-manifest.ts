import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest (`build.manifest: true`), keyed by source path or `_chunk.js`. */
type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} yok: önce \`npm run build\` çalıştırın.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest'te ${key} yok`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

const gzipCache = new Map<string, number>();

/** The gzip size in bytes of a built file, as a browser downloads it from a compressing server. */
export function gzipBytes(dist: string, file: string): number {
  const full = path.join(dist, file);
  let size = gzipCache.get(full);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(full), { level: 9 }).length;
    gzipCache.set(full, size);
  }
  return size;
}

/** Sum of the gzip sizes of the JavaScript files (and separately the stylesheets) of these chunks. */
export function weigh(dist: string, manifest: Manifest, keys: Iterable<string>): { js: number; css: number } {
  const jsFiles = new Set<string>();
  const cssFiles = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    jsFiles.add(chunk.file);
    for (const css of chunk.css ?? []) cssFiles.add(css);
  }
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipBytes(dist, file), 0);
  return { js: sum(jsFiles), css: sum(cssFiles) };
}

export const kB = (bytes: number) => Math.round(bytes / 10) / 100;
